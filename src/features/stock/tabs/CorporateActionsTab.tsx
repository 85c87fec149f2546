import { useMemo } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { DataOf } from '../../../contract/catalog';
import type { ApiError } from '../../../contract/envelope';
import { Empty, ErrorState } from '../../../components/states';
import { addDays, shanghaiDate } from '../../../contract/time';
import { DASH, formatNumber, formatPrice, formatShanghaiDate } from '../../../lib/format';
import { deriveFactors, type CloseBar } from '../analytics';
import { tenYearChunks } from '../dates';
import { useStockText } from '../messages';
import { adjustmentEventsQuery, unadjustedBarsQuery } from '../queries';
import type { TabProps } from '../StockTabs';

/** Calendar days before the oldest ex-date, so its previous trading day is among the bars. */
const LOOKBACK_DAYS = 20;

/** The table's columns in order: the date, then figures (right-aligned). */
const ACTION_COLUMNS = [
  'actions.exDate',
  'actions.dividend',
  'actions.bonus',
  'actions.prevClose',
  'actions.exRights',
  'actions.factor',
  'actions.cumulative',
] as const;

/**
 * All chunks as one ascending bar list. A stable function: TanStack Query then keeps the combined
 * result (and so the derived factors) until a chunk's answer changes.
 */
function combineBars(results: UseQueryResult<DataOf<'a-share/prices/historical'>, ApiError>[]) {
  const ready = results.every((r) => r.isSuccess);
  const bars: CloseBar[] = ready
    ? results.flatMap((r) => r.data?.item ?? []).sort((a, b) => a.date_ms - b.date_ms)
    : [];
  return {
    ready,
    bars,
    error: results.find((r) => r.isError)?.error ?? null,
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}

/**
 * The corporate-action events with the factor derived from them. The service sends only the amounts;
 * the factor needs the unadjusted close of the day before each ex-date, fetched in spans of at most ten
 * years (the service's limit).
 */
export function CorporateActionsTab({ record }: TabProps) {
  const { t, lang } = useStockText();
  const events = useQuery(adjustmentEventsQuery(record.thscode));
  const items = useMemo(() => events.data?.item ?? [], [events.data]);
  const chunks = useMemo(() => {
    if (items.length === 0) return [];
    const times = items.map((e) => e.ex_date_ms);
    const from = addDays(shanghaiDate(Math.min(...times)), -LOOKBACK_DAYS);
    return tenYearChunks(from, shanghaiDate(Math.max(...times)));
  }, [items]);
  const bars = useQueries({
    queries: chunks.map((c) => unadjustedBarsQuery(record.thscode, c.start, c.end)),
    combine: combineBars,
  });
  const barsReady = bars.ready;
  const allBars = bars.bars;
  const derived = useMemo(
    () =>
      deriveFactors(
        items.map((e) => ({
          exDateMs: e.ex_date_ms,
          dividend: e.dividend_per_share,
          bonus: e.per_share_bonus,
        })),
        allBars,
      ),
    [items, allBars],
  );

  if (events.isError) return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  if (events.isPending) return <div className="skel stock-actions__skeleton" aria-busy="true" />;
  if (items.length === 0) return <Empty>{t('actions.empty')}</Empty>;

  const factorText = (value: number | null) => (barsReady ? formatNumber(value, lang, 6) : DASH);
  return (
    <div className="stock-tab" data-testid="corporate-actions">
      {bars.error && <ErrorState compact error={bars.error} onRetry={bars.refetch} />}
      <div className="stock-table-wrap">
        <table className="stock-table" aria-busy={!barsReady && !bars.error}>
          <thead>
            <tr>
              {ACTION_COLUMNS.map((key, i) => (
                <th key={key} scope="col" className={i === 0 ? undefined : 'num'}>
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {derived.map((e) => (
              <tr key={e.exDateMs}>
                <td className="num">{formatShanghaiDate(e.exDateMs)}</td>
                <td className="num">{e.dividend > 0 ? formatNumber(e.dividend, lang, 4) : DASH}</td>
                <td className="num">{e.bonus > 0 ? String(Number(e.bonus.toFixed(4))) : DASH}</td>
                <td className="num">{barsReady ? formatPrice(e.prevClose, lang, 'stock') : DASH}</td>
                <td className="num">{barsReady ? formatNumber(e.exRightsPrice, lang, 4) : DASH}</td>
                <td className="num" data-testid="factor">
                  {factorText(e.factor)}
                </td>
                <td className="num">{factorText(e.cumulative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="stock-footnote muted">{t('actions.formula')}</p>
    </div>
  );
}
