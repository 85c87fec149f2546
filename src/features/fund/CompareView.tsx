import { useMemo, useState, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { findInstrument, instrumentQuery } from '../../api/instruments';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { Segmented } from '../../components/Segmented';
import { Empty } from '../../components/states';
import { TimeChart, type ChartSeries } from '../../components/chart/TimeChart';
import type { ColorRole } from '../../components/chart/palette';
import { NAV_RANGES, RETURN_PERIODS } from '../../contract/operations/fund-performance-terms';
import { DASH, direction, formatNumber, formatPercent, formatShanghaiDate } from '../../lib/format';
import { overlapOf, type Holding } from './holdings';
import { fundRecordOf } from './loader';
import { useFundText } from './messages';
import { quartileOf, rankText, type Quartile } from './quartile';
import { drawdownsQuery, holdingsQuery, navQuery, returnsQuery, type FundRef } from './queries';
import { commonStart, rebaseTo100, type Point } from './rebase';
import { FundError } from './Section';
import { CHART_HEIGHT } from './Skeletons';
import { QuartileBadge, returnRows } from './tabs/PerformanceTab';
import { COMPARE_MAX, compareCodes, type CompareSearch, type UpdateCompareSearch } from './url-state';
import './fund.css';

/** One colour per compared fund, in the order they were added (legend and line agree). */
export const COMPARE_COLORS: readonly ColorRole[] = ['accent', 'ma10', 'ma20', 'ma5', 'down'];

/** Renders a search that calls `onPick` with a chosen fund code (features do not import each other). */
export type FundPicker = (onPick: (thscode: string) => void) => ReactNode;

const PERIODS = RETURN_PERIODS;
type Period = (typeof PERIODS)[number];

interface Compared {
  code: string;
  name: string;
  ref: FundRef | null;
  color: ColorRole;
  /** The search answered without this code being a fund. */
  unknown: boolean;
}

function combineData<T>(results: readonly { data?: T }[]): (T | undefined)[] {
  return results.map((r) => r.data);
}

/** A placeholder for the queries of a code that is not (yet) known as a fund: they stay disabled. */
const NO_FUND: FundRef = { thscode: '', fundType: 'otc' };

/**
 * Several funds side by side: net values rebased to 100 on the first day they all have one, returns
 * with peer quartiles, drawdowns, and how much their disclosed holdings overlap. The funds and the range
 * are in the URL, so the link reopens the same comparison.
 */
export function CompareView({
  search,
  onSearch,
  fundPicker,
}: {
  search: CompareSearch;
  onSearch: UpdateCompareSearch;
  fundPicker: FundPicker;
}) {
  const { t, lang } = useFundText();
  const codes = useMemo(() => compareCodes(search), [search]);
  const [notice, setNotice] = useState<string | null>(null);
  // Arrays of answers that keep their identity while no answer changes, so the derived lines do too.
  const lookups = useQueries({ queries: codes.map((code) => instrumentQuery(code)), combine: combineData });
  const funds = useMemo(
    () =>
      codes.map((code, i): Compared => {
        const data = lookups[i];
        const found = fundRecordOf(data, code);
        return {
          code,
          name: found?.record.name ?? findInstrument(data, code)?.name ?? code,
          ref: found?.ref ?? null,
          color: COMPARE_COLORS[i] ?? 'accent',
          unknown: data !== undefined && found === null,
        };
      }),
    [codes, lookups],
  );
  const navs = useQueries({
    queries: funds.map((f) => ({ ...navQuery(f.ref ?? NO_FUND, search.range), enabled: f.ref !== null })),
  });
  // One array of answers that keeps its identity while no answer changes (the chart redraws only then).
  const navData = useQueries({
    queries: funds.map((f) => ({ ...navQuery(f.ref ?? NO_FUND, search.range), enabled: f.ref !== null })),
    combine: combineData,
  });
  const returns = useQueries({
    queries: funds.map((f) => ({ ...returnsQuery(f.ref ?? NO_FUND), enabled: f.ref !== null })),
  });
  const drawdowns = useQueries({
    queries: funds.map((f) => ({ ...drawdownsQuery(f.ref ?? NO_FUND), enabled: f.ref !== null })),
  });
  const holdings = useQueries({
    queries: funds.map((f) => ({ ...holdingsQuery(f.ref ?? NO_FUND), enabled: f.ref !== null })),
  });

  const chart = useMemo(() => {
    const lines = funds.map((f, i): { fund: Compared; points: Point[] } => ({
      fund: f,
      points: (navData[i]?.item ?? []).map((p) => ({ time: p.nav_date, value: p.adj_nav ?? null })),
    }));
    const withData = lines.filter((l) => l.points.length > 0);
    const start = commonStart(
      withData.map((l) => l.points),
      Number.NEGATIVE_INFINITY,
      { positive: true },
    );
    return { start, lines: withData.map((l) => ({ fund: l.fund, points: rebaseTo100(l.points, start) })) };
  }, [navData, funds]);

  const series = useMemo<ChartSeries[]>(
    () =>
      chart.lines.map((l) => ({
        id: l.fund.code,
        kind: 'line' as const,
        color: l.fund.color,
        lineWidth: 2 as const,
        data: l.points,
        format: (v: number) => formatNumber(v, lang, 2),
      })),
    [chart, lang],
  );

  const setCodes = (next: readonly string[]) =>
    onSearch({ codes: next.length > 0 ? next.join(',') : undefined });
  const add = (thscode: string) => {
    const code = thscode.toUpperCase();
    if (codes.includes(code)) return setNotice(null);
    if (codes.length >= COMPARE_MAX) return setNotice(t('compare.full', { max: COMPARE_MAX }));
    setNotice(null);
    setCodes([...codes, code]);
  };
  const pendingNav = navs.some((q) => q.isFetching);

  return (
    <div className="fund-page fund-compare" data-testid="compare-view">
      <header className="panel fund-head">
        <div className="fund-head__id">
          <h1 className="inst-head__name">{t('compare.title')}</h1>
          <span className="inst-head__spacer" />
          <CopyLinkButton />
        </div>
        <p className="muted">{t('compare.hint', { max: COMPARE_MAX })}</p>
        <div className="fund-compare__pick">
          <ul className="fund-compare__chips" aria-label={t('compare.title')} data-testid="compare-funds">
            {funds.map((f) => (
              <li key={f.code} className="fund-chip" data-code={f.code}>
                <span className={`fund-swatch fund-swatch--${f.color}`} aria-hidden="true" />
                {f.ref ? (
                  <Link to="/fund/$thscode" params={{ thscode: f.code }}>
                    {f.name}
                  </Link>
                ) : (
                  <span>{f.name}</span>
                )}
                <span className="muted num">{f.code}</span>
                {f.unknown && (
                  <span className="fund-form-error">{t('compare.notFund', { code: f.code })}</span>
                )}
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  aria-label={t('compare.remove', { name: f.name })}
                  onClick={() => setCodes(codes.filter((c) => c !== f.code))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {codes.length < COMPARE_MAX && (
            <div className="fund-compare__add" aria-label={t('compare.add')}>
              {fundPicker(add)}
            </div>
          )}
          {notice && (
            <p className="fund-form-error" role="alert">
              {notice}
            </p>
          )}
        </div>
      </header>

      {codes.length === 0 ? (
        <section className="panel">
          <Empty>{t('compare.empty')}</Empty>
        </section>
      ) : (
        <>
          <section
            className="panel fund-section"
            aria-label={t('compare.rebased')}
            data-testid="compare-chart-panel"
          >
            <div className="fund-toolbar">
              <Segmented
                label={t('range.label')}
                value={search.range}
                testId="range-switch"
                options={NAV_RANGES.map((range) => ({ value: range, label: t(`range.${range}`) }))}
                onChange={(range) => onSearch({ range })}
              />
              {pendingNav && <span className="spinner fund-toolbar__busy" aria-hidden="true" />}
            </div>
            <h2 className="fund-section__title">{t('compare.rebased')}</h2>
            <p className="muted num" data-testid="common-start">
              {chart.start === null
                ? navs.some((q) => q.isPending && q.fetchStatus !== 'idle')
                  ? DASH
                  : t('compare.noCommon')
                : t('compare.start', { date: formatShanghaiDate(chart.start) })}
            </p>
            <table className="fund-mini fund-compare__legend" data-testid="compare-legend">
              <tbody>
                {funds.map((f, i) => {
                  const line = chart.lines.find((l) => l.fund.code === f.code);
                  const nav = navs[i];
                  return (
                    <tr key={f.code} data-code={f.code}>
                      <th scope="row">
                        <span className={`fund-swatch fund-swatch--${f.color}`} aria-hidden="true" /> {f.name}
                      </th>
                      <td className="num" data-testid="rebased-first">
                        {line?.points[0]
                          ? `${formatShanghaiDate(line.points[0].time)} ${formatNumber(line.points[0].value, lang, 2)}`
                          : DASH}
                      </td>
                      <td className="num" data-testid="rebased-last">
                        {line?.points.at(-1) ? formatNumber(line.points.at(-1)?.value, lang, 2) : DASH}
                      </td>
                      <td>
                        {nav?.isError && (
                          <FundError compact error={nav.error} onRetry={() => void nav.refetch()} />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="fund-chart__body" style={{ height: CHART_HEIGHT }}>
              <TimeChart
                series={series}
                height={CHART_HEIGHT}
                viewKey={`${search.range}|${codes.join(',')}|${chart.start ?? ''}`}
                testId="compare-chart"
                label={t('compare.rebased')}
                fallback={t('chart.unavailable')}
              />
            </div>
          </section>
          <CompareTables funds={funds} returns={returns} drawdowns={drawdowns} />
          <OverlapPanel funds={funds} holdings={holdings} />
        </>
      )}
    </div>
  );
}

interface PeriodRow {
  period: Period;
  cells: ({ ret: number | null; quartile: Quartile | null; rank: string | null } | null)[];
}

interface DrawdownRow {
  period: Period;
  cells: (number | null)[];
}

type Answer<T> = { data?: T; isError: boolean; error: unknown; refetch: () => unknown };

function CompareTables({
  funds,
  returns,
  drawdowns,
}: {
  funds: readonly Compared[];
  returns: readonly Answer<{ item: readonly Parameters<typeof returnRows>[0][] }>[];
  drawdowns: readonly Answer<{ item: readonly Record<string, unknown>[] }>[];
}) {
  const { t, lang } = useFundText();
  const returnTable: PeriodRow[] = PERIODS.map((period) => ({
    period,
    cells: funds.map((_, i) => {
      const item = returns[i]?.data?.item[0];
      const row = item ? returnRows(item).find((r) => r.period === period) : undefined;
      return row
        ? { ret: row.ret, quartile: quartileOf(row.rank, row.total), rank: rankText(row.rank, row.total) }
        : null;
    }),
  }));
  const drawdownTable: DrawdownRow[] = PERIODS.map((period) => ({
    period,
    cells: funds.map((_, i) => {
      const v = drawdowns[i]?.data?.item[0]?.[period];
      return typeof v === 'number' ? v : null;
    }),
  }));
  const periodColumn = <R extends { period: Period }>(): DataColumn<R> => ({
    id: 'period',
    header: t('returns.period'),
    value: (r) => PERIODS.indexOf(r.period),
    cell: (r) => t(`period.${r.period}`),
    hideable: false,
  });
  const returnColumns: DataColumn<PeriodRow>[] = [
    periodColumn<PeriodRow>(),
    ...funds.map((f, i): DataColumn<PeriodRow> => ({
      id: f.code,
      header: f.name,
      title: f.code,
      value: (r) => r.cells[i]?.ret ?? null,
      cell: (r) => {
        const c = r.cells[i];
        return c ? (
          <span className="fund-compare__cell" title={c.rank ?? undefined}>
            <span className={direction(c.ret)}>{formatPercent(c.ret, lang, { sign: true })}</span>
            <QuartileBadge quartile={c.quartile} t={t} />
          </span>
        ) : (
          DASH
        );
      },
      numeric: true,
    })),
  ];
  const drawdownColumns: DataColumn<DrawdownRow>[] = [
    periodColumn<DrawdownRow>(),
    ...funds.map((f, i): DataColumn<DrawdownRow> => ({
      id: f.code,
      header: f.name,
      title: f.code,
      value: (r) => r.cells[i] ?? null,
      cell: (r) => formatPercent(r.cells[i] ?? null, lang),
      numeric: true,
    })),
  ];
  const failures = [...returns, ...drawdowns]
    .map((q, k) => ({ q, fund: funds[k % funds.length] }))
    .filter((x) => x.q.isError);
  return (
    <div className="fund-grid fund-grid--wide-first">
      <section className="panel fund-section" data-testid="compare-returns">
        <h2 className="fund-section__title">{t('compare.returns')}</h2>
        {failures.map((x, k) => (
          <div key={k}>
            <span className="muted">{x.fund?.name}</span>
            <FundError compact error={x.q.error} onRetry={() => void x.q.refetch()} />
          </div>
        ))}
        <DataTable
          id="fund-compare-returns"
          label={t('compare.returns')}
          columns={returnColumns}
          rows={returnTable}
          getRowId={(r) => r.period}
          maxHeight={420}
          exportName="fund-compare-returns"
        />
      </section>
      <section className="panel fund-section" data-testid="compare-drawdowns">
        <h2 className="fund-section__title">{t('compare.drawdowns')}</h2>
        <DataTable
          id="fund-compare-drawdowns"
          label={t('compare.drawdowns')}
          columns={drawdownColumns}
          rows={drawdownTable}
          getRowId={(r) => r.period}
          maxHeight={420}
          exportName="fund-compare-drawdowns"
        />
      </section>
    </div>
  );
}

interface PairRow {
  a: Compared;
  b: Compared;
  common: number;
  weight: number;
}

function OverlapPanel({
  funds,
  holdings,
}: {
  funds: readonly Compared[];
  holdings: readonly Answer<{
    item: readonly { thscode: string; stock_name: string | null; hold_ratio: number | null }[];
  }>[];
}) {
  const { t, lang } = useFundText();
  const lists: Holding[][] = funds.map((_, i) =>
    (holdings[i]?.data?.item ?? []).map((h) => ({
      thscode: h.thscode,
      name: h.stock_name ?? h.thscode,
      weight: h.hold_ratio,
    })),
  );
  const overlap = overlapOf(lists);
  const pairs: PairRow[] = overlap.pairs.flatMap((p) => {
    const a = funds[p.a];
    const b = funds[p.b];
    return a && b ? [{ a, b, common: p.common, weight: p.weight }] : [];
  });
  const pairColumns: DataColumn<PairRow>[] = [
    { id: 'pair', header: t('compare.pair'), value: (r) => `${r.a.name} × ${r.b.name}`, hideable: false },
    { id: 'common', header: t('compare.commonCount'), value: (r) => r.common, numeric: true },
    {
      id: 'weight',
      header: t('compare.overlapPair'),
      value: (r) => r.weight,
      cell: (r) => formatPercent(r.weight, lang),
      numeric: true,
    },
  ];
  const commonColumns: DataColumn<(typeof overlap.common)[number]>[] = [
    { id: 'name', header: t('holdings.name'), value: (r) => r.name, hideable: false },
    { id: 'code', header: t('holdings.code'), value: (r) => r.thscode },
    { id: 'holders', header: t('compare.holders'), value: (r) => r.holders, numeric: true },
    ...funds.map((f, i) => ({
      id: f.code,
      header: f.name,
      title: f.code,
      value: (r: (typeof overlap.common)[number]) => r.weights[i] ?? null,
      cell: (r: (typeof overlap.common)[number]) => formatPercent(r.weights[i] ?? null, lang),
      numeric: true,
    })),
  ];
  const failed = funds.flatMap((f, i) => {
    const q = holdings[i];
    return q?.isError ? [{ f, q }] : [];
  });
  return (
    <section className="panel fund-section" data-testid="compare-overlap">
      <h2 className="fund-section__title">{t('compare.overlap')}</h2>
      {failed.map(({ f, q }) => (
        <div key={f.code} className="fund-compare__failure">
          <span className="muted">{f.name}</span>
          <FundError compact error={q.error} onRetry={() => void q.refetch()} />
        </div>
      ))}
      {funds.length >= 2 && (
        <div className="fund-grid">
          <DataTable
            id="fund-compare-pairs"
            label={t('compare.overlap')}
            columns={pairColumns}
            rows={pairs}
            getRowId={(r) => `${r.a.code}-${r.b.code}`}
            maxHeight={320}
            exportName="fund-compare-overlap"
          />
          <DataTable
            id="fund-compare-common"
            label={t('compare.commonHoldings')}
            columns={commonColumns}
            rows={overlap.common}
            getRowId={(r) => r.thscode}
            maxHeight={320}
            empty={t('compare.noOverlap')}
            exportName="fund-compare-common"
          />
        </div>
      )}
    </section>
  );
}
