import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useServerToday } from '../../../api/live';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { Segmented } from '../../../components/Segmented';
import { TimeChart, type ChartSeries } from '../../../components/chart/TimeChart';
import type { ColorRole } from '../../../components/chart/palette';
import { FUND_CODE_RE } from '../../../contract/operations/fund-common';
import {
  BACKTEST_FREQUENCIES,
  FUND_INDICATOR_IDS,
  INDICATOR_TIME_TYPES,
  QDII_QUOTA_TABS,
  type FundIndicatorId,
} from '../../../contract/operations/fund-tools-terms';
import { shanghaiMidnight } from '../../../contract/time';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatShanghaiDate,
} from '../../../lib/format';
import { rangeWindow } from '../dates';
import type { FundTabProps } from '../FundTabs';
import { useFundText } from '../messages';
import {
  TABLE_PAGE_SIZE,
  backtestIndicatorsQuery,
  backtestQuery,
  indicatorLineQuery,
  indicatorTableQuery,
  offeringsQuery,
  profileQuery,
  quotaListQuery,
  quotaSummaryQuery,
  type BacktestIndicator,
  type BacktestResult,
} from '../queries';
import { FundError, QueryView, Section } from '../Section';
import {
  BUY_FILTERS,
  OFFER_STATES,
  TABLE_SCOPES,
  formatList,
  parseList,
  type BacktestState,
} from '../url-state';

/** Generic indicator lines and table, the back-test, QDII quotas and new funds raising. */
export function ToolsTab(props: FundTabProps) {
  return (
    <div className="fund-tab">
      <IndicatorLinePanel {...props} />
      <IndicatorTablePanel {...props} />
      <BacktestPanel {...props} />
      <div className="fund-grid">
        <QuotaPanel {...props} />
        <OfferingsPanel {...props} />
      </div>
    </div>
  );
}

const PANE_COLORS: readonly ColorRole[] = ['accent', 'ma10', 'ma20', 'ma5', 'muted'];

function isIndicatorId(id: string): id is FundIndicatorId {
  return FUND_INDICATOR_IDS.some((known) => known === id);
}

function useIndicators(ind: string): FundIndicatorId[] {
  return useMemo(() => parseList(ind, FUND_INDICATOR_IDS), [ind]);
}

function IndicatorPicker({
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

function IndicatorLinePanel({ fundRef, search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const today = useServerToday();
  const window = today === null ? null : rangeWindow(today, search.range);
  const ids = useIndicators(search.ind);
  const line = useQuery({
    ...indicatorLineQuery([fundRef.thscode], ids, search.tt, window?.start ?? 0, window?.end ?? 0),
    enabled: window !== null,
  });
  const data = line.data;
  const indicatorLabel = (id: string) => (isIndicatorId(id) ? t(`ind.${id}`) : id);
  const series = useMemo<ChartSeries[]>(() => {
    if (!data) return [];
    const times = data.time_range;
    const own = data.data.find((d) => d.thscode === fundRef.thscode);
    return data.indexes.map((index, idx) => {
      const values = own?.values.find((v) => v.idx === idx)?.values ?? [];
      return {
        id: `${index.index_id}-${idx}`,
        kind: 'line' as const,
        pane: idx,
        color: PANE_COLORS[idx % PANE_COLORS.length] ?? 'accent',
        data: times.flatMap((time, k) => {
          const raw = values[k];
          const v = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
          return time !== null && Number.isFinite(v) ? [{ time, value: v }] : [];
        }),
        format: (v: number) => formatNumber(v, lang, 3),
      };
    });
  }, [data, fundRef.thscode, lang]);
  return (
    <Section
      title={`${t('tools.line')} · ${t(`range.${search.range}`)}`}
      testId="indicator-line"
      toolbar={
        <Segmented
          label={t('tools.timeType')}
          value={search.tt}
          options={INDICATOR_TIME_TYPES.map((tt) => ({ value: tt, label: t(`tt.${tt}`) }))}
          onChange={(tt) => onSearch({ tt }, { replace: true })}
        />
      }
    >
      <IndicatorPicker
        value={ids}
        onChange={(next) => onSearch({ ind: formatList(next, FUND_INDICATOR_IDS) }, { replace: true })}
      />
      <QueryView query={line} height={80 + 120 * ids.length} isEmpty={(d) => d.time_range.length === 0}>
        {(d) => (
          <>
            <ul className="fund-legend-keys">
              {d.indexes.map((index, idx) => (
                <li
                  key={`${index.index_id}-${idx}`}
                  className={`fund-key fund-key--${PANE_COLORS[idx % PANE_COLORS.length] ?? 'accent'}`}
                >
                  {indicatorLabel(index.index_id)}
                </li>
              ))}
            </ul>
            <TimeChart
              series={series}
              height={80 + 120 * d.indexes.length}
              viewKey={`${search.ind}|${search.tt}|${search.range}`}
              testId="indicator-chart"
              label={t('tools.line')}
              fallback={t('chart.unavailable')}
            />
          </>
        )}
      </QueryView>
    </Section>
  );
}

interface TableRow {
  thscode: string;
  name: string | null;
  values: (string | null)[];
}

function cellNumber(value: string | null): number | null {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function IndicatorTablePanel({ fundRef, search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const profile = useQuery(profileQuery(fundRef));
  const companyId = profile.data?.item[0]?.company_id ?? null;
  const ids = useIndicators(search.ind);
  const scope =
    search.tscope === 'company' && companyId !== null
      ? ({ kind: 'company', companyId } as const)
      : ({ kind: 'type', fundType: fundRef.fundType } as const);
  const table = useQuery({
    ...indicatorTableQuery(scope, ids),
    enabled: search.tscope === 'type' || profile.isSuccess,
  });
  const rows = useMemo<TableRow[]>(
    () =>
      (table.data?.data ?? []).map((row) => {
        const valueAt = (idx: number) => {
          const v = row.values.find((x) => x.idx === idx)?.value;
          return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
        };
        return { thscode: row.thscode, name: valueAt(0), values: ids.map((_, i) => valueAt(i + 1)) };
      }),
    [table.data, ids],
  );
  const columns: DataColumn<TableRow>[] = [
    {
      id: 'code',
      header: t('holdings.code'),
      value: (r) => r.thscode,
      cell: (r) =>
        FUND_CODE_RE.test(r.thscode) ? (
          <Link to="/fund/$thscode" params={{ thscode: r.thscode }}>
            {r.thscode}
          </Link>
        ) : (
          r.thscode
        ),
      hideable: false,
      width: 104,
    },
    {
      id: 'name',
      header: t('holdings.name'),
      value: (r) => r.name,
      cell: (r) => (r.thscode === fundRef.thscode ? <strong>{r.name ?? DASH}</strong> : (r.name ?? DASH)),
    },
    ...ids.map((id, i): DataColumn<TableRow> => ({
      id,
      header: t(`ind.${id}`),
      value: (r) => cellNumber(r.values[i] ?? null),
      cell: (r) => {
        const v = cellNumber(r.values[i] ?? null);
        return id === 'fund_scale'
          ? formatAmount(v, lang)
          : formatNumber(v, lang, id.includes('nav') ? 4 : 2);
      },
      numeric: true,
    })),
  ];
  return (
    <Section
      title={t('tools.table')}
      testId="indicator-table"
      toolbar={
        <Segmented
          label={t('tools.scope')}
          value={search.tscope}
          options={TABLE_SCOPES.map((s) => ({
            value: s,
            label: t(s === 'company' ? 'tools.scopeCompany' : 'tools.scopeType'),
          }))}
          onChange={(tscope) => onSearch({ tscope }, { replace: true })}
        />
      }
    >
      <QueryView query={table} height={240}>
        {(data) => (
          <>
            <p className="muted num fund-section__meta">
              {t('tools.total', { total: data.total, shown: Math.min(data.total, TABLE_PAGE_SIZE) })}
            </p>
            <DataTable
              id="fund-indicator-table"
              label={t('tools.table')}
              columns={columns}
              rows={rows}
              maxHeight={420}
              getRowId={(r) => r.thscode}
              isRowSelected={(r) => r.thscode === fundRef.thscode}
              exportName={`${fundRef.thscode}-indicators`}
            />
          </>
        )}
      </QueryView>
    </Section>
  );
}

// ---- back-test

interface ConditionDraft {
  indicator: string;
  operator: string;
  value: string;
}

interface Draft {
  buy: ConditionDraft[];
  sell: ConditionDraft[];
  frequency: BacktestState['f'];
  maxBuys: string;
  perBuy: string;
}

function draftOf(plan: BacktestState | undefined, indicators: readonly BacktestIndicator[]): Draft {
  const first = indicators[0];
  const blank = (operator: string, value: string): ConditionDraft => ({
    indicator: first?.indicator_code ?? '',
    operator,
    value,
  });
  if (!plan)
    return {
      buy: [blank('<', '30')],
      sell: [blank('>', '70')],
      frequency: 'WEEKLY',
      maxBuys: '20',
      perBuy: '1000',
    };
  const toDraft = (c: BacktestState['buy'][number]) => ({
    indicator: c.i,
    operator: c.o,
    value: String(c.v),
  });
  return {
    buy: plan.buy.map(toDraft),
    sell: plan.sell.map(toDraft),
    frequency: plan.f,
    maxBuys: String(plan.n),
    perBuy: String(plan.a),
  };
}

/** The form's values as a plan, or the first problem in the reader's words. */
export function planOf(draft: Draft, t: ReturnType<typeof useFundText>['t']): BacktestState | string {
  if (draft.buy.length === 0) return t('bt.needBuy');
  const conditions = (list: ConditionDraft[]) =>
    list.map((c) => ({ i: c.indicator, o: c.operator, v: Number(c.value.trim()) }));
  const all = [...conditions(draft.buy), ...conditions(draft.sell)];
  if (
    all.some((c) => !Number.isFinite(c.v)) ||
    [...draft.buy, ...draft.sell].some((c) => c.value.trim() === '')
  )
    return t('bt.badValue');
  const n = Number(draft.maxBuys);
  if (!Number.isInteger(n) || n < 1) return t('bt.badNumber', { field: t('bt.maxBuys') });
  const a = Number(draft.perBuy);
  if (!Number.isFinite(a) || a <= 0) return t('bt.badNumber', { field: t('bt.perBuy') });
  return { buy: conditions(draft.buy), sell: conditions(draft.sell), f: draft.frequency, n, a };
}

function ConditionRows({
  label,
  rows,
  indicators,
  onChange,
}: {
  label: string;
  rows: ConditionDraft[];
  indicators: readonly BacktestIndicator[];
  onChange: (rows: ConditionDraft[]) => void;
}) {
  const { t } = useFundText();
  const set = (i: number, patch: Partial<ConditionDraft>) =>
    onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="fund-conditions">
      <legend className="fund-field__label">{label}</legend>
      {rows.map((row, i) => {
        const def = indicators.find((d) => d.indicator_code === row.indicator);
        const ops = (def?.support_operation ?? '>,>=,<,<=')
          .split(',')
          .map((o) => o.trim())
          .filter((o) => o !== '');
        return (
          <div key={i} className="fund-condition">
            <select
              className="fund-input"
              aria-label={`${label} ${i + 1}: ${t('bt.indicator')}`}
              value={row.indicator}
              title={def?.description ?? undefined}
              onChange={(event) => set(i, { indicator: event.target.value })}
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
              aria-label={`${label} ${i + 1}: ${t('bt.operator')}`}
              value={row.operator}
              onChange={(event) => set(i, { operator: event.target.value })}
            >
              {ops.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <input
              className="fund-input fund-input--narrow"
              inputMode="decimal"
              aria-label={`${label} ${i + 1}: ${t('bt.value')}`}
              value={row.value}
              onChange={(event) => set(i, { value: event.target.value })}
            />
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => onChange(rows.filter((_, k) => k !== i))}
            >
              {t('bt.remove')}
            </button>
            {def?.state_rules && <span className="muted fund-condition__rule">{def.state_rules}</span>}
          </div>
        );
      })}
      {rows.length < 5 && (
        <button
          type="button"
          className="btn btn--small"
          onClick={() =>
            onChange([...rows, { indicator: indicators[0]?.indicator_code ?? '', operator: '<', value: '' }])
          }
        >
          {t('bt.addCondition')}
        </button>
      )}
    </fieldset>
  );
}

function BacktestPanel(props: FundTabProps) {
  const { t } = useFundText();
  const indicators = useQuery(backtestIndicatorsQuery());
  return (
    <Section title={t('bt.title')} testId="backtest-panel">
      <QueryView query={indicators} height={160} isEmpty={(d) => d.length === 0}>
        {(list) => <BacktestForm {...props} indicators={list} />}
      </QueryView>
    </Section>
  );
}

function BacktestForm({
  fundRef,
  search,
  onSearch,
  indicators,
}: FundTabProps & { indicators: readonly BacktestIndicator[] }) {
  const { t } = useFundText();
  const [draft, setDraft] = useState<Draft>(() => draftOf(search.bt, indicators));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plan = planOf(draft, t);
    if (typeof plan === 'string') return setProblem(plan);
    setProblem(null);
    onSearch({ bt: plan });
  };
  return (
    <>
      <form className="fund-backtest" onSubmit={submit} noValidate>
        <ConditionRows
          label={t('bt.buy')}
          rows={draft.buy}
          indicators={indicators}
          onChange={(buy) => setDraft({ ...draft, buy })}
        />
        <ConditionRows
          label={t('bt.sell')}
          rows={draft.sell}
          indicators={indicators}
          onChange={(sell) => setDraft({ ...draft, sell })}
        />
        <div className="fund-toolbar">
          <Segmented
            label={t('bt.frequency')}
            value={draft.frequency}
            options={BACKTEST_FREQUENCIES.map((f) => ({ value: f, label: t(`freq.${f}`) }))}
            onChange={(frequency) => setDraft({ ...draft, frequency })}
          />
          <label className="fund-field">
            <span className="fund-field__label">{t('bt.maxBuys')}</span>
            <input
              className="fund-input fund-input--narrow"
              inputMode="numeric"
              value={draft.maxBuys}
              onChange={(event) => setDraft({ ...draft, maxBuys: event.target.value })}
            />
          </label>
          <label className="fund-field">
            <span className="fund-field__label">{t('bt.perBuy')}</span>
            <input
              className="fund-input"
              inputMode="decimal"
              value={draft.perBuy}
              onChange={(event) => setDraft({ ...draft, perBuy: event.target.value })}
            />
          </label>
          <button type="submit" className="btn" data-testid="run-backtest">
            {t('bt.run')}
          </button>
        </div>
        {problem && (
          <p className="fund-form-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      {search.bt ? (
        <BacktestResultView fundRef={fundRef} plan={search.bt} />
      ) : (
        <p className="muted">{t('bt.idle')}</p>
      )}
    </>
  );
}

type Trade = BacktestResult['trades'][number];

/** `curve_points` as documented (date keys, numeric values) or as an array of {date, value}. */
export function curveOf(points: BacktestResult['curve_points']): { time: number; value: number }[] {
  const pairs: [string, unknown][] = Array.isArray(points)
    ? points.flatMap((p): [string, unknown][] =>
        typeof p === 'object' && p !== null && 'date' in p && typeof p.date === 'string' && 'value' in p
          ? [[p.date, p.value]]
          : [],
      )
    : Object.entries(points);
  return pairs
    .flatMap(([date, value]) =>
      /^\d{4}-\d{2}-\d{2}$/.test(date) && typeof value === 'number' && Number.isFinite(value)
        ? [{ time: shanghaiMidnight(date), value }]
        : [],
    )
    .sort((a, b) => a.time - b.time);
}

function BacktestResultView({ fundRef, plan }: { fundRef: FundTabProps['fundRef']; plan: BacktestState }) {
  const { t, lang } = useFundText();
  const result = useQuery(backtestQuery(fundRef, plan));
  const columns: DataColumn<Trade>[] = [
    { id: 'date', header: t('bt.date'), value: (r) => r.trade_date, hideable: false },
    {
      id: 'side',
      header: t('bt.side'),
      value: (r) => (r.type === 'BUY' || r.type === 'SELL' ? t(`bt.${r.type}`) : r.type),
    },
    {
      id: 'price',
      header: t('bt.price'),
      value: (r) => r.price,
      cell: (r) => formatNumber(r.price, lang, 4),
      numeric: true,
    },
    {
      id: 'amount',
      header: t('bt.amount'),
      value: (r) => r.amount,
      cell: (r) => formatNumber(r.amount, lang, 2),
      numeric: true,
    },
    {
      id: 'shares',
      header: t('bt.shares'),
      value: (r) => r.shares,
      cell: (r) => formatNumber(r.shares, lang, 2),
      numeric: true,
    },
    {
      id: 'profit',
      header: t('bt.profit'),
      value: (r) => r.profit,
      cell: (r) => (
        <span className={direction(r.profit)}>{formatNumber(r.profit, lang, 2, { sign: true })}</span>
      ),
      numeric: true,
    },
  ];
  return (
    <div className="fund-backtest__result" data-testid="backtest-result">
      <QueryView query={result} height={320}>
        {(data) => {
          const curve = curveOf(data.curve_points);
          const m = data.metrics;
          const metrics: [string, number | null][] = [
            [t('bt.strategy'), m.strategy_return],
            [t('bt.fundReturn'), m.fund_return],
            [t('bt.excess'), m.excess_return],
            [t('bt.winRate'), m.win_rate],
            [t('bt.maxDrawdown'), m.max_drawdown],
          ];
          return (
            <>
              <p className="muted num fund-section__meta">
                {t('bt.window', { from: data.start_date, to: data.end_date })}
              </p>
              <dl className="fund-ratios" data-testid="backtest-metrics">
                {metrics.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd
                      className={`num ${label === t('bt.winRate') || label === t('bt.maxDrawdown') ? '' : direction(value)}`}
                    >
                      {formatPercent(value, lang)}
                    </dd>
                  </div>
                ))}
              </dl>
              <h3 className="fund-subtitle">{t('bt.curve')}</h3>
              <TimeChart
                series={[
                  {
                    id: 'curve',
                    kind: 'line',
                    color: 'accent',
                    lineWidth: 2,
                    data: curve,
                    format: (v) => formatPercent(v, lang),
                  },
                ]}
                height={220}
                viewKey={JSON.stringify(plan)}
                testId="backtest-chart"
                label={t('bt.curve')}
                fallback={t('chart.unavailable')}
              />
              <h3 className="fund-subtitle">{t('bt.trades', { count: data.trade_count })}</h3>
              <DataTable
                id="fund-backtest-trades"
                label={t('bt.trades', { count: data.trade_count })}
                columns={columns}
                rows={data.trades}
                maxHeight={320}
                getRowId={(r, i) => `${r.trade_date}-${i}`}
                exportName={`${fundRef.thscode}-backtest-trades`}
              />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

// ---- QDII quotas and new funds

interface QuotaRow {
  group: string;
  thscode: string;
  name: string;
  quota: string | null;
  year: string | null;
}

function QuotaPanel({ search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const summary = useQuery(quotaSummaryQuery(search.qtab));
  const list = useQuery(quotaListQuery(search.qtab, search.buy));
  const rows = useMemo<QuotaRow[]>(
    () =>
      (list.data ?? []).flatMap((cat) =>
        cat.sub_tab.flatMap((sub) =>
          sub.fund_list.map((f) => ({
            group: sub.name,
            thscode: f.thscode,
            name: f.fund_name,
            quota: f.quota,
            year: f.year,
          })),
        ),
      ),
    [list.data],
  );
  const num = (v: string | null) => (v === null ? null : Number.isFinite(Number(v)) ? Number(v) : null);
  const columns: DataColumn<QuotaRow>[] = [
    {
      id: 'name',
      header: t('holdings.name'),
      value: (r) => r.name,
      cell: (r) =>
        FUND_CODE_RE.test(r.thscode) ? (
          <Link to="/fund/$thscode" params={{ thscode: r.thscode }}>
            {r.name}
          </Link>
        ) : (
          r.name
        ),
      hideable: false,
    },
    { id: 'code', header: t('holdings.code'), value: (r) => r.thscode, width: 100 },
    { id: 'group', header: t('quota.sub'), value: (r) => r.group, defaultHidden: true },
    {
      id: 'quota',
      header: t('quota.quota'),
      // Null means unlimited: it sorts above every number.
      value: (r) => (r.quota === null ? Number.POSITIVE_INFINITY : num(r.quota)),
      cell: (r) => (r.quota === null ? t('quota.noLimit') : formatNumber(num(r.quota), lang, 0)),
      numeric: true,
    },
    {
      id: 'year',
      header: t('quota.year'),
      value: (r) => num(r.year),
      cell: (r) => (
        <span className={direction(num(r.year))}>{formatPercent(num(r.year), lang, { sign: true })}</span>
      ),
      numeric: true,
    },
  ];
  const s = summary.data?.[0];
  return (
    <Section title={t('quota.title')} testId="quota-panel">
      <div className="fund-toolbar">
        <Segmented
          label={t('quota.tab')}
          value={search.qtab}
          options={QDII_QUOTA_TABS.map((q) => ({ value: q, label: t(`qtab.${q}`) }))}
          onChange={(qtab) => onSearch({ qtab }, { replace: true })}
        />
        <Segmented
          label={t('quota.buy')}
          value={search.buy}
          testId="buy-filter"
          options={BUY_FILTERS.map((b) => ({ value: b, label: t(`buy.${b}`) }))}
          onChange={(buy) => onSearch({ buy }, { replace: true })}
        />
      </div>
      {summary.isError ? (
        <FundError compact error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <dl className="fund-ratios" data-testid="quota-summary">
          <div>
            <dt>{t('quota.total')}</dt>
            <dd className="num">{s?.total ?? DASH}</dd>
          </div>
          <div>
            <dt>{t('quota.purchasable')}</dt>
            <dd className="num">{s?.buy ?? DASH}</dd>
          </div>
          <div>
            <dt>{t('quota.unlimited')}</dt>
            <dd className="num">{s?.unlimited ?? DASH}</dd>
          </div>
          <div>
            <dt>{t('quota.totalLimit')}</dt>
            <dd className="num">{s ? formatNumber(num(s.total_limit), lang, 0) : DASH}</dd>
          </div>
        </dl>
      )}
      <QueryView query={list} height={200}>
        {() => (
          <DataTable
            id="fund-qdii-quotas"
            label={t('quota.title')}
            columns={columns}
            rows={rows}
            maxHeight={360}
            getRowId={(r) => `${r.group}-${r.thscode}`}
            exportName={`qdii-${search.qtab}-${search.buy}`}
          />
        )}
      </QueryView>
    </Section>
  );
}

type Offering = {
  thscode: string | null | undefined;
  ticker: string | null | undefined;
  start: number | null | undefined;
  end: number | null | undefined;
};

function OfferingsPanel({ search, onSearch }: FundTabProps) {
  const { t } = useFundText();
  const offerings = useQuery(offeringsQuery(search.offer));
  const columns: DataColumn<Offering>[] = [
    {
      id: 'code',
      header: t('holdings.code'),
      value: (r) => r.thscode ?? r.ticker ?? null,
      cell: (r) =>
        r.thscode && FUND_CODE_RE.test(r.thscode) ? (
          <Link to="/fund/$thscode" params={{ thscode: r.thscode }}>
            {r.thscode}
          </Link>
        ) : (
          <span>
            {r.ticker ?? DASH} <span className="muted">{t('offer.unlisted')}</span>
          </span>
        ),
      hideable: false,
    },
    {
      id: 'start',
      header: t('offer.start'),
      value: (r) => r.start ?? null,
      cell: (r) => formatShanghaiDate(r.start),
    },
    {
      id: 'end',
      header: t('offer.end'),
      value: (r) => r.end ?? null,
      cell: (r) => formatShanghaiDate(r.end),
    },
  ];
  return (
    <Section
      title={t('offer.title')}
      testId="offerings-panel"
      toolbar={
        <Segmented
          label={t('offer.title')}
          value={search.offer}
          options={OFFER_STATES.map((o) => ({ value: o, label: t(`offer.${o}`) }))}
          onChange={(offer) => onSearch({ offer }, { replace: true })}
        />
      }
    >
      <QueryView query={offerings} height={200}>
        {(data) => (
          <DataTable
            id="fund-offerings"
            label={t('offer.title')}
            columns={columns}
            rows={data.item.map((o) => ({
              thscode: o.thscode,
              ticker: o.ticker,
              start: o.subscription_start_ms,
              end: o.subscription_end_ms,
            }))}
            maxHeight={360}
            getRowId={(r, i) => `${r.thscode ?? r.ticker ?? ''}-${i}`}
            exportName={`fund-offerings-${search.offer}`}
          />
        )}
      </QueryView>
    </Section>
  );
}
