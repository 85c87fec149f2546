import { useMemo } from 'react';
import type { ColorRole } from '../../../../components/chart/palette';
import { FUND_INDICATOR_IDS, type FundIndicatorId } from '../../../../contract/operations/fund-tools-terms';
import { useFundText } from '../../messages';
import { parseList } from '../../url-state';

/** The indicators the tools tab's line chart and table share (the URL's `ind`), and their picker. */

export const PANE_COLORS: readonly ColorRole[] = ['accent', 'ma10', 'ma20', 'ma5', 'muted'];

export function isIndicatorId(id: string): id is FundIndicatorId {
  return FUND_INDICATOR_IDS.some((known) => known === id);
}

export function useIndicators(ind: string): FundIndicatorId[] {
  return useMemo(() => parseList(ind, FUND_INDICATOR_IDS), [ind]);
}

export function IndicatorPicker({
  value,
  onChange,
}: {
  value: readonly FundIndicatorId[];
  onChange: (ids: FundIndicatorId[]) => void;
}) {
  const { t } = useFundText();
  return (
    <fieldset className="fund-checks" data-testid="indicator-picker">
      <legend className="fund-field__label">{t('tools.indicators')}</legend>
      {FUND_INDICATOR_IDS.map((id) => (
        <label key={id} className="fund-check">
          <input
            type="checkbox"
            checked={value.includes(id)}
            // At least one indicator stays chosen.
            disabled={value.includes(id) && value.length === 1}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, id] : value.filter((v) => v !== id))
            }
          />
          {t(`ind.${id}`)}
        </label>
      ))}
    </fieldset>
  );
}
