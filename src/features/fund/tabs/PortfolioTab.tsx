import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FactsList } from '../../../components/FactsList';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { StockLink } from '../../../components/StockLink';
import { Segmented } from '../../../components/Segmented';
import { A_SHARE_CODE_RE } from '../../../contract/params';
import { FUND_CODE_RE } from '../../../contract/operations/fund-common';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatShanghaiDate,
} from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import type { FundTabProps } from '../FundTabs';
import { exits, weightChange, type Holding as WeightHolding, type WeightChange } from '../holdings';
import { isFundMessageKey, useFundText, type FundT } from '../messages';
import {
  assetAllocationQuery,
  holdingHistoryQuery,
  holdingsQuery,
  industryQuery,
  reportDatesQuery,
  type HistoryHolding,
  type Holding,
  type HoldingKind,
  type ReportDate,
} from '../queries';
import { FundError, FundQueryView, Section } from '../Section';

/** Summary ratios and latest holdings, stock and bond holdings per disclosed report, allocations. */
export function PortfolioTab(props: FundTabProps) {
  return (
    <div className="fund-tab">
      <LatestHoldingsPanel {...props} />
      <ReportHoldingsPanel {...props} kind="stock" />
      <ReportHoldingsPanel {...props} kind="bond" />
      <div className="fund-grid">
        <IndustryPanel {...props} />
        <AssetAllocationPanel {...props} />
      </div>
    </div>
  );
}

/** A held security's code and name, linked to its page where the app has one (A-shares, funds). */
export function SecurityLink({
  thscode,
  assetType,
  children,
}: {
  thscode: string | null | undefined;
  assetType: string | null | undefined;
  children: string;
}) {
  if (thscode && assetType === 'stock' && A_SHARE_CODE_RE.test(thscode)) {
    return <StockLink thscode={thscode}>{children}</StockLink>;
  }
  if (thscode && assetType === 'fund' && FUND_CODE_RE.test(thscode)) {
    return (
      <Link to="/fund/$thscode" params={{ thscode }}>
        {children}
      </Link>
    );
  }
  return <>{children}</>;
}

function assetLabel(type: string | null | undefined, t: FundT): string {
  const key = `assetType.${type ?? ''}`;
  return isFundMessageKey(key) ? t(key) : (type ?? DASH);
}

function LatestHoldingsPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const holdings = useQuery(holdingsQuery(fundRef));
  const columns: DataColumn<Holding>[] = [
    { id: 'rank', header: t('holdings.rank'), value: (r) => r.investment_rank, numeric: true, width: 48 },
    {
      id: 'code',
      header: t('holdings.code'),
      value: (r) => r.thscode,
      cell: (r) => (
        <SecurityLink thscode={r.thscode} assetType={r.asset_type}>
          {r.thscode}
        </SecurityLink>
      ),
      hideable: false,
      width: 104,
    },
    {
      id: 'name',
      header: t('holdings.name'),
      value: (r) => r.stock_name,
      cell: (r) => (
        <SecurityLink thscode={r.thscode} assetType={r.asset_type}>
          {r.stock_name ?? r.ticker}
        </SecurityLink>
      ),
    },
    { id: 'type', header: t('holdings.type'), value: (r) => assetLabel(r.asset_type, t) },
    {
      id: 'weight',
      header: t('holdings.weight'),
      value: (r) => r.hold_ratio,
      cell: (r) => formatPercent(r.hold_ratio, lang),
      numeric: true,
    },
    {
      id: 'periodChange',
      header: t('holdings.periodChange'),
      value: (r) => r.period_increase_rate_pct,
      cell: (r) => (
        <span className={direction(r.period_increase_rate_pct)}>
          {formatPercent(r.period_increase_rate_pct, lang, { sign: true })}
        </span>
      ),
      numeric: true,
    },
    {
      id: 'value',
      header: t('holdings.value'),
      value: (r) => r.position_capital,
      cell: (r) => formatAmount(r.position_capital, lang),
      numeric: true,
    },
    {
      id: 'count',
      header: t('holdings.count'),
      value: (r) => r.position_count,
      cell: (r) => formatAmount(r.position_count, lang),
      numeric: true,
      defaultHidden: true,
    },
  ];
  return (
    <Section title={t('portfolio.latest')} testId="latest-holdings">
      <FundQueryView query={holdings} height={300}>
        {(data) => {
          const first = data.item[0];
          const stats: [string, string][] = [
            [t('portfolio.stock'), formatPercent(data.total_stock_ratio_pct, lang)],
            [t('portfolio.bond'), formatPercent(data.total_bond_ratio_pct, lang)],
            [t('portfolio.fund'), formatPercent(data.total_fund_ratio_pct, lang)],
            [t('portfolio.turnover'), formatPercent(data.turnover_rate_pct, lang)],
            [t('portfolio.topShare'), formatPercent(data.stock_ratio_pct, lang)],
            // A fraction of net value, as the service gives it: shown as percent.
            [
              t('portfolio.concentration'),
              typeof data.concentration_ratio === 'number'
                ? formatPercent(data.concentration_ratio * 100, lang)
                : DASH,
            ],
            [t('portfolio.mainIndustry'), data.main_industry ?? DASH],
          ];
          return (
            <>
              {first && (
                <p className="muted num fund-section__meta">
                  {t('portfolio.report', {
                    date: formatShanghaiDate(first.end_date_ms),
                    publish: formatShanghaiDate(first.publish_date_ms),
                  })}
                </p>
              )}
              <FactsList
                className="fund-ratios"
                testId="portfolio-ratios"
                facts={stats.map(([label, value]) => ({ label, value, valueClassName: 'num' }))}
              />
              <DataTable
                id="fund-latest-holdings"
                label={t('portfolio.latest')}
                columns={columns}
                rows={data.item}
                maxHeight={360}
                getRowId={(r, i) => `${r.thscode}-${i}`}
                exportName={`${fundRef.thscode}-holdings`}
              />
            </>
          );
        }}
      </FundQueryView>
    </Section>
  );
}

/** A report as the pickers name it: `type` and `yyyy-MM-dd` end date. */
export interface ReportKey {
  type: string;
  date: string;
}

export function reportKeyOf(r: ReportDate): ReportKey | null {
  if (typeof r.end_date_ms !== 'number' || r.report_type === null || r.report_type === undefined) return null;
  return { type: String(r.report_type), date: formatShanghaiDate(r.end_date_ms) };
}

/**
 * The report to show among the disclosed ones (newest first): the URL's when it is disclosed, else the
 * newest; and the previous report to compare with (the next older one of the same type, else any older).
 */
export function pickReports(
  list: readonly ReportDate[],
  wanted: { date?: string; type?: string },
): { current: ReportKey | null; previous: ReportKey | null; fallback: boolean } {
  const keys = list.flatMap((r) => {
    const k = reportKeyOf(r);
    return k ? [k] : [];
  });
  const asked =
    wanted.date === undefined
      ? -1
      : keys.findIndex(
          (k) => k.date === wanted.date && (wanted.type === undefined || k.type === wanted.type),
        );
  const index = asked >= 0 ? asked : 0;
  const current = keys[index] ?? null;
  const older = current ? keys.slice(index + 1).filter((k) => k.date < current.date) : [];
  const previous = older.find((k) => k.type === current?.type) ?? older[0] ?? null;
  return { current, previous, fallback: wanted.date !== undefined && asked < 0 };
}

function reportLabel(r: ReportDate, lang: Language): string {
  const key = reportKeyOf(r);
  if (!key) return DASH;
  return lang === 'zh-CN' && r.report_type_name
    ? `${r.report_type_name}（${key.date}）`
    : `${key.date} · ${key.type}`;
}

const toWeights = (items: readonly HistoryHolding[]): WeightHolding[] =>
  items.flatMap((h) =>
    h.thscode ? [{ thscode: h.thscode, name: h.name ?? h.thscode, weight: h.hold_ratio ?? null }] : [],
  );

interface HistoryRow {
  holding: HistoryHolding;
  change: WeightChange;
}

function ReportHoldingsPanel({ fundRef, search, onSearch, kind }: FundTabProps & { kind: HoldingKind }) {
  const { t, lang } = useFundText();
  const dates = useQuery(reportDatesQuery(fundRef, kind));
  const wantedDate = kind === 'stock' ? search.sdate : search.bdate;
  const wantedType = kind === 'stock' ? search.stype : search.btype;
  const picked = useMemo(
    () => pickReports(dates.data?.item ?? [], { date: wantedDate, type: wantedType }),
    [dates.data, wantedDate, wantedType],
  );
  const current = useQuery({
    ...holdingHistoryQuery(fundRef, kind, picked.current?.type ?? '', picked.current?.date ?? ''),
    enabled: picked.current !== null,
  });
  const previous = useQuery({
    ...holdingHistoryQuery(fundRef, kind, picked.previous?.type ?? '', picked.previous?.date ?? ''),
    enabled: picked.previous !== null,
  });
  // Without an earlier report (or when it discloses nothing of this kind) there is nothing to compare.
  const before = useMemo(() => (previous.data ? toWeights(previous.data.item) : null), [previous.data]);
  const rows = useMemo<HistoryRow[]>(
    () =>
      (current.data?.item ?? []).map((holding) => ({
        holding,
        change: holding.thscode
          ? weightChange(
              { thscode: holding.thscode, name: holding.name ?? '', weight: holding.hold_ratio ?? null },
              before,
            )
          : { kind: 'unknown' },
      })),
    [current.data, before],
  );
  const gone = current.data && before ? exits(toWeights(current.data.item), before) : [];

  const choose = (value: string) => {
    const [type = '', date = ''] = value.split('|');
    onSearch(kind === 'stock' ? { sdate: date, stype: type } : { bdate: date, btype: type });
  };
  const columns: DataColumn<HistoryRow>[] = [
    {
      id: 'rank',
      header: t('holdings.rank'),
      value: (r) => r.holding.rank ?? null,
      numeric: true,
      width: 48,
    },
    {
      id: 'code',
      header: t('holdings.code'),
      value: (r) => r.holding.thscode ?? r.holding.ticker ?? null,
      cell: (r) => (
        <SecurityLink thscode={r.holding.thscode} assetType={r.holding.asset_type}>
          {r.holding.thscode ?? r.holding.ticker ?? DASH}
        </SecurityLink>
      ),
      hideable: false,
      width: 104,
    },
    {
      id: 'name',
      header: t('holdings.name'),
      value: (r) => r.holding.name ?? null,
      cell: (r) => (
        <SecurityLink thscode={r.holding.thscode} assetType={r.holding.asset_type}>
          {r.holding.name ?? DASH}
        </SecurityLink>
      ),
    },
    {
      id: 'weight',
      header: t('holdings.weight'),
      value: (r) => r.holding.hold_ratio ?? null,
      cell: (r) => formatPercent(r.holding.hold_ratio, lang),
      numeric: true,
    },
    {
      id: 'change',
      header: t('holdings.change'),
      value: (r) =>
        r.change.kind === 'changed'
          ? r.change.delta
          : r.change.kind === 'new'
            ? Number.POSITIVE_INFINITY
            : null,
      cell: (r) =>
        r.change.kind === 'new' ? (
          <span className="fund-badge fund-badge--new">{t('holdings.new')}</span>
        ) : r.change.kind === 'changed' ? (
          <span className={direction(r.change.delta)}>
            {r.change.delta === null ? DASH : `${formatNumber(r.change.delta, lang, 2, { sign: true })} pp`}
          </span>
        ) : (
          DASH
        ),
      numeric: true,
    },
    {
      id: 'value',
      header: t('holdings.value'),
      value: (r) => r.holding.market_value ?? null,
      cell: (r) => formatAmount(r.holding.market_value, lang),
      numeric: true,
    },
    {
      id: 'periodChange',
      header: t('holdings.periodChange'),
      value: (r) => r.holding.period_increase_pct ?? null,
      cell: (r) => (
        <span className={direction(r.holding.period_increase_pct)}>
          {formatPercent(r.holding.period_increase_pct, lang, { sign: true })}
        </span>
      ),
      numeric: true,
    },
  ];
  const title = t(kind === 'stock' ? 'holdings.stock' : 'holdings.bond');
  const list = dates.data?.item ?? [];
  return (
    <Section
      title={title}
      testId={`${kind}-holdings`}
      toolbar={
        list.length > 0 && picked.current ? (
          <label className="fund-field">
            <span className="fund-field__label">{t('holdings.reportDate')}</span>
            <select
              className="fund-input"
              data-testid={`${kind}-report-picker`}
              value={`${picked.current.type}|${picked.current.date}`}
              onChange={(event) => choose(event.target.value)}
            >
              {list.map((r) => {
                const k = reportKeyOf(r);
                return k ? (
                  <option key={`${k.type}|${k.date}`} value={`${k.type}|${k.date}`}>
                    {reportLabel(r, lang)}
                  </option>
                ) : null;
              })}
            </select>
          </label>
        ) : undefined
      }
    >
      <FundQueryView
        query={dates}
        height={120}
        isEmpty={(d) => d.item.length === 0}
        empty={t('holdings.noDates')}
      >
        {() => (
          <>
            {picked.fallback && (
              <p className="fund-note" role="status">
                {t('holdings.notDisclosed', { date: wantedDate ?? '' })}
              </p>
            )}
            <p className="muted num fund-section__meta">
              {picked.previous
                ? t('holdings.previous', { date: picked.previous.date })
                : t('holdings.noPrevious')}
            </p>
            {current.isError && !current.data ? (
              <FundError error={current.error} onRetry={() => void current.refetch()} />
            ) : (
              <DataTable
                id={`fund-${kind}-history`}
                label={title}
                columns={columns}
                rows={current.data ? rows : undefined}
                loading={current.isPending}
                maxHeight={400}
                getRowId={(r, i) => `${r.holding.thscode ?? i}`}
                exportName={`${fundRef.thscode}-${kind}-${picked.current?.date ?? ''}`}
              />
            )}
            {gone.length > 0 && (
              <p className="muted fund-section__meta">
                {t('holdings.exits', { names: gone.map((g) => g.name).join('、') })}
              </p>
            )}
          </>
        )}
      </FundQueryView>
    </Section>
  );
}

/** Horizontal bars of shares of a whole, largest first; each bar's length is its share. */
function ShareBars({
  rows,
  lang,
}: {
  rows: readonly { label: string; value: number | null }[];
  lang: Language;
}) {
  const sorted = [...rows].sort((a, b) => (b.value ?? -1) - (a.value ?? -1));
  return (
    <ul className="fund-bars">
      {sorted.map((row) => (
        <li key={row.label} className="fund-bars__row">
          <span className="fund-bars__label">{row.label}</span>
          <span className="fund-bars__track" aria-hidden="true">
            <span
              className="fund-bars__bar"
              style={{ width: `${Math.max(0, Math.min(100, row.value ?? 0))}%` }}
            />
          </span>
          <span className="fund-bars__value num">{formatPercent(row.value, lang)}</span>
        </li>
      ))}
    </ul>
  );
}

function IndustryPanel({ fundRef, search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const industries = useQuery(industryQuery(fundRef));
  const periods = useMemo(() => {
    const all = (industries.data?.item ?? []).map((i) => String(i.report_period ?? ''));
    return [...new Set(all)]
      .filter((p) => p !== '')
      .sort()
      .reverse();
  }, [industries.data]);
  const period =
    search.iperiod !== undefined && periods.includes(search.iperiod) ? search.iperiod : periods[0];
  return (
    <Section
      title={t('industry.title')}
      testId="industry-panel"
      toolbar={
        periods.length > 1 && period ? (
          <Segmented
            label={t('industry.period')}
            value={period}
            options={periods.map((p) => ({ value: p, label: p.slice(0, 7) }))}
            onChange={(iperiod) => onSearch({ iperiod }, { replace: true })}
          />
        ) : undefined
      }
    >
      <FundQueryView query={industries} height={200} isEmpty={(d) => d.item.length === 0}>
        {(data) => (
          <ShareBars
            lang={lang}
            rows={data.item
              .filter((i) => String(i.report_period ?? '') === period)
              .map((i) => ({ label: i.industry_name ?? DASH, value: i.ratio_pct ?? null }))}
          />
        )}
      </FundQueryView>
    </Section>
  );
}

const ASSET_PARTS = [
  { key: 'stock_ratio_pct', label: 'asset.stock', tone: 'a' },
  { key: 'bond_ratio_pct', label: 'asset.bond', tone: 'b' },
  { key: 'deposit_ratio_pct', label: 'asset.deposit', tone: 'c' },
  { key: 'other_ratio_pct', label: 'asset.other', tone: 'd' },
] as const;

function AssetAllocationPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const allocation = useQuery(assetAllocationQuery(fundRef));
  return (
    <Section title={t('asset.title')} testId="asset-panel">
      <FundQueryView query={allocation} height={200} isEmpty={(d) => d.item.length === 0}>
        {(data) => (
          <>
            <ul className="fund-legend-keys">
              {ASSET_PARTS.map((p) => (
                <li key={p.key}>
                  <span
                    className={`fund-stack__part fund-stack__part--${p.tone} fund-legend-keys__swatch`}
                    aria-hidden="true"
                  />
                  {t(p.label)}
                </li>
              ))}
            </ul>
            <ul className="fund-stack-list">
              {[...data.item]
                .sort((a, b) => (b.report_date_ms ?? 0) - (a.report_date_ms ?? 0))
                .map((row) => {
                  const parts = ASSET_PARTS.map((p) => ({ ...p, value: row[p.key] ?? null }));
                  // The ratios need not sum to 100: bars are drawn against their own sum when it is larger.
                  const sum = Math.max(
                    100,
                    parts.reduce((s, p) => s + (p.value ?? 0), 0),
                  );
                  const text = parts.map((p) => `${t(p.label)} ${formatPercent(p.value, lang)}`).join('，');
                  return (
                    <li key={row.report_date_ms ?? 0} className="fund-stack-list__row">
                      <span className="fund-stack-list__date num">
                        {formatShanghaiDate(row.report_date_ms).slice(0, 7)}
                      </span>
                      <span className="fund-stack" role="img" aria-label={text} title={text}>
                        {parts.map((p) => (
                          <span
                            key={p.key}
                            className={`fund-stack__part fund-stack__part--${p.tone}`}
                            style={{ width: `${((p.value ?? 0) / sum) * 100}%` }}
                          />
                        ))}
                      </span>
                      <span className="fund-stack-list__value num">
                        {formatPercent(parts[0]?.value, lang)}
                      </span>
                    </li>
                  );
                })}
            </ul>
          </>
        )}
      </FundQueryView>
    </Section>
  );
}
