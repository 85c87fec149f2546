import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { BACKTEST_PLAN_LIMITS } from '../../../../contract/operations/fund-tools-terms';
import { useFundText } from '../../messages';
import type { BacktestIndicator } from '../../queries';
import type { BacktestState } from '../../url-state';
import { blankCondition, conditionFieldLabel, type BacktestForm } from './backtest-form';

/** The operators an indicator supports (the service's comma list), or the four comparisons. */
function operatorsOf(indicator: BacktestIndicator | undefined): string[] {
  return (indicator?.support_operation ?? '>,>=,<,<=')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

/** One side's conditions (buy or sell): indicator, operator and threshold per row, up to the plan's limit. */
export function ConditionRows({
  side,
  control,
  register,
  errors,
  indicators,
}: {
  side: 'buy' | 'sell';
  control: Control<BacktestForm, unknown, BacktestState>;
  register: UseFormRegister<BacktestForm>;
  errors: FieldErrors<BacktestForm>;
  indicators: readonly BacktestIndicator[];
}) {
  const { t } = useFundText();
  const { fields, append, remove } = useFieldArray({ control, name: side });
  const rows = useWatch({ control, name: side });
  const label = t(side === 'buy' ? 'bt.buy' : 'bt.sell');
  return (
    <fieldset className="fund-conditions">
      <legend className="fund-field__label">{label}</legend>
      {fields.map((field, i) => {
        const def = indicators.find((d) => d.indicator_code === rows[i]?.i);
        const rowErrors = errors[side]?.[i];
        return (
          <div key={field.id} className="fund-condition">
            <select
              className="fund-input"
              aria-label={conditionFieldLabel(t, side, i, 'i')}
              aria-invalid={rowErrors?.i ? true : undefined}
              title={def?.description ?? undefined}
              {...register(`${side}.${i}.i`)}
            >
              {indicators.map((d) => (
                <option key={d.indicator_code} value={d.indicator_code}>
                  {d.indicator_name}
                  {d.unit ? ` (${d.unit})` : ''}
                </option>
              ))}
            </select>
            <select
              className="fund-input fund-input--narrow"
              aria-label={conditionFieldLabel(t, side, i, 'o')}
              aria-invalid={rowErrors?.o ? true : undefined}
              {...register(`${side}.${i}.o`)}
            >
              {operatorsOf(def).map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <input
              className="fund-input fund-input--narrow"
              inputMode="decimal"
              aria-label={conditionFieldLabel(t, side, i, 'v')}
              aria-invalid={rowErrors?.v ? true : undefined}
              {...register(`${side}.${i}.v`)}
            />
            <button type="button" className="btn btn--small btn--ghost" onClick={() => remove(i)}>
              {t('bt.remove')}
            </button>
            {def?.state_rules && <span className="muted fund-condition__rule">{def.state_rules}</span>}
          </div>
        );
      })}
      {fields.length < BACKTEST_PLAN_LIMITS.conditions && (
        <button type="button" className="btn btn--small" onClick={() => append(blankCondition(indicators))}>
          {t('bt.addCondition')}
        </button>
      )}
    </fieldset>
  );
}
