import { hasMessage, useI18n } from '../../lib/i18n';
import type { InstrumentRecord } from '../../api/instruments';
import { InstrumentCombobox } from '../../components/InstrumentCombobox';
import { useStockText } from './messages';
import { isComparable } from './loader';

/**
 * The compare overlay's chooser: the instrument search narrowed to indices and A-shares (other types are
 * listed but not pickable), or, once one is chosen, its name with a button that removes it. The choice
 * lives in the URL (`cmp`), so a shared link and a reload draw the same overlay.
 */
export function CompareControl({
  thscode,
  compare,
  onChange,
}: {
  /** The page's own stock: comparing it with itself is refused. */
  thscode: string;
  compare: { thscode: string; name: string | null } | null;
  onChange: (thscode: string | undefined) => void;
}) {
  const { t } = useStockText();
  const app = useI18n();
  const assetLabel = (type: string) => {
    const key = `asset.${type}`;
    return hasMessage(key) ? app.t(key) : type;
  };
  const pickable = (record: InstrumentRecord) => isComparable(record) && record.thscode !== thscode;

  if (compare) {
    return (
      <div className="stock-compare" data-testid="compare-chip">
        <span className="stock-compare__label">{t('compare.with')}</span>
        <span className="stock-compare__swatch" aria-hidden="true" />
        <span className="stock-compare__name">{compare.name ?? compare.thscode}</span>
        <span className="stock-compare__code num muted">{compare.thscode}</span>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-label={t('compare.remove', { name: compare.name ?? compare.thscode })}
          onClick={() => onChange(undefined)}
        >
          ×
        </button>
      </div>
    );
  }
  return (
    <InstrumentCombobox
      className="search stock-compare__search"
      testId="compare-picker"
      icon="⇄"
      enterKeyHint="done"
      labels={{
        label: t('compare.label'),
        placeholder: t('compare.placeholder'),
        results: t('compare.results'),
        error: t('compare.error'),
        empty: t('compare.empty'),
        loading: t('compare.loading'),
        hint: t('compare.hint'),
      }}
      assetLabel={assetLabel}
      optionDisabled={(record) => !pickable(record)}
      optionNote={(record) =>
        record.thscode === thscode ? t('compare.self') : isComparable(record) ? '' : t('compare.unsupported')
      }
      onPick={(record) => {
        if (!pickable(record)) return 'kept';
        onChange(record.thscode);
        return 'done';
      }}
    />
  );
}
