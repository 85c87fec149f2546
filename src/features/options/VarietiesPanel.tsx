import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { DASH, formatNumber, formatPercent, tickDigits } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { isOptionsMessageKey, useOptionsText, type OptionsT } from './messages';
import type { OptionVariety } from './queries';

function settlementText(value: string | null, t: OptionsT): string {
  const key = `settlement.${value ?? ''}`;
  // Unknown values are shown raw, as the service sends them.
  return isOptionsMessageKey(key) ? t(key) : (value ?? DASH);
}

function feeText(fee: number | null, t: OptionsT, lang: Language): string {
  return fee === null ? DASH : t('fee.perContract', { fee: formatNumber(fee, lang, 2) });
}

function columns(t: OptionsT, lang: Language): DataColumn<OptionVariety>[] {
  return [
    { id: 'name', header: t('col.name'), value: (v) => v.name, hideable: false },
    { id: 'variety_code', header: t('col.code'), value: (v) => v.variety_code, width: 80 },
    { id: 'exchange', header: t('col.exchange'), value: (v) => v.exchange_name ?? v.exchange_code },
    {
      id: 'settlement',
      header: t('col.settlement'),
      value: (v) => settlementText(v.settlement_type, t),
    },
    {
      id: 'exercise_fee',
      header: t('col.exerciseFee'),
      value: (v) => v.exercise_fee,
      cell: (v) => feeText(v.exercise_fee, t, lang),
      numeric: true,
    },
    {
      id: 'multiplier',
      header: t('col.multiplier'),
      value: (v) => v.contract_multiplier,
      cell: (v) =>
        v.contract_multiplier === null
          ? DASH
          : `${formatNumber(v.contract_multiplier, lang, 0)} ${v.trade_unit ?? ''}`.trim(),
      numeric: true,
    },
    {
      id: 'tick',
      header: t('col.tick'),
      value: (v) => v.tick_size,
      cell: (v) => formatNumber(v.tick_size, lang, tickDigits(v.tick_size)),
      numeric: true,
      defaultHidden: true,
    },
    {
      id: 'margin',
      header: t('col.margin'),
      value: (v) => v.margin_rate,
      cell: (v) => formatPercent(v.margin_rate, lang, { digits: 1 }),
      numeric: true,
    },
    {
      id: 'fee',
      header: t('col.fee'),
      value: (v) => v.transaction_fee,
      cell: (v) => feeText(v.transaction_fee, t, lang),
      numeric: true,
      defaultHidden: true,
    },
    {
      id: 'night',
      header: t('col.night'),
      value: (v) => (v.has_night_session === null ? null : v.has_night_session ? t('yes') : t('no')),
      width: 64,
    },
    {
      id: 'sessions',
      header: t('col.sessions'),
      value: (v) => v.trade_sessions.map((s) => `${s.start_time ?? '?'}–${s.end_time ?? '?'}`).join(' · '),
      defaultHidden: true,
    },
  ];
}

/** Every option variety; choosing a row shows its chain. */
export function VarietiesPanel({
  varieties,
  loading,
  error,
  onRetry,
  selected,
  onSelect,
}: {
  varieties: readonly OptionVariety[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  const { t, lang } = useOptionsText();
  const cols = useMemo(() => columns(t, lang), [t, lang]);
  return (
    <section
      className="panel opt-varieties"
      aria-labelledby="opt-varieties-title"
      data-testid="option-varieties"
    >
      <h2 id="opt-varieties-title" className="panel__title">
        {t('varieties.title')}
      </h2>
      <DataTable
        id="option-varieties"
        label={t('varieties.table')}
        exportName="option-varieties"
        columns={cols}
        rows={varieties}
        loading={loading}
        error={error}
        onRetry={onRetry}
        getRowId={(v, i) => v.variety_code ?? String(i)}
        isRowSelected={(v) => v.variety_code === selected}
        onRowClick={(v) => {
          if (v.variety_code) onSelect(v.variety_code);
        }}
        maxHeight={520}
        empty={t('varieties.empty')}
      />
    </section>
  );
}
