import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { Segmented } from '../../../components/Segmented';
import { TimeChart, type ChartSeries } from '../../../components/chart/TimeChart';
import { FUND_CODE_RE } from '../../../contract/operations/fund-common';
import { MANAGER_RANGES } from '../../../contract/operations/fund-managers-terms';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatShanghaiDate,
} from '../../../lib/format';
import type { FundTabProps } from '../FundTabs';
import { isFundMessageKey, useFundText } from '../messages';
import {
  companyQuery,
  holdersQuery,
  managerDetailQuery,
  managerExperienceQuery,
  managerPerformanceQuery,
  managerStyleQuery,
  profileQuery,
  topHoldersQuery,
  type HolderStructure,
  type TopHolder,
} from '../queries';
import { QueryView, Section } from '../Section';
import { ScoreTable } from '../ScoreTable';
import { BASES, type Basis } from '../url-state';

/** Holder structure per disclosure basis, top holders, each manager's record, and the company. */
export function HoldersTab(props: FundTabProps) {
  return (
    <div className="fund-tab">
      <div className="fund-grid">
        <HolderStructurePanel {...props} />
        <TopHoldersPanel {...props} />
      </div>
      <ManagersPanel {...props} />
      <CompanyPanel {...props} />
    </div>
  );
}

/**
 * The record of the chosen basis, never a mix: the URL's basis when the fund discloses it, else the
 * first one it does (said on screen when the URL asked for another).
 */
export function pickBasis(
  items: readonly HolderStructure[],
  wanted: Basis | undefined,
): { shown: HolderStructure | null; missing: boolean } {
  const asked = wanted === undefined ? undefined : items.find((i) => i.merge_scope === wanted);
  const shown = asked ?? items[0] ?? null;
  return { shown, missing: wanted !== undefined && asked === undefined && shown !== null };
}

function HolderStructurePanel({ fundRef, search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const holders = useQuery(holdersQuery(fundRef));
  const bases = (holders.data?.item ?? [])
    .map((i) => i.merge_scope)
    .filter((b): b is Basis => BASES.some((x) => x === b));
  const { shown, missing } = pickBasis(holders.data?.item ?? [], search.basis);
  const basisLabel = (b: string) => (b === 'merged' || b === 'separate' ? t(`basis.${b}`) : b);
  return (
    <Section
      title={t('holders.title')}
      testId="holder-structure"
      toolbar={
        bases.length > 0 && shown ? (
          <Segmented
            label={t('holders.basis')}
            value={shown.merge_scope}
            testId="basis-switch"
            options={bases.map((b) => ({ value: b, label: basisLabel(b) }))}
            onChange={(basis) => {
              const next = BASES.find((b) => b === basis);
              if (next) onSearch({ basis: next }, { replace: true });
            }}
          />
        ) : undefined
      }
    >
      <QueryView query={holders} height={180} isEmpty={(d) => d.item.length === 0}>
        {() =>
          shown && (
            <>
              {missing && search.basis && (
                <p className="fund-note" role="status">
                  {t('holders.basisMissing', {
                    basis: basisLabel(search.basis),
                    shown: basisLabel(shown.merge_scope),
                  })}
                </p>
              )}
              <p className="muted num fund-section__meta">
                {basisLabel(shown.merge_scope)} ·{' '}
                {t('holders.reportDate', { date: formatShanghaiDate(shown.report_date_ms) })}
              </p>
              <div
                className="fund-stack fund-stack--tall"
                role="img"
                aria-label={`${t('holders.institutional')} ${formatPercent(shown.ins_position, lang)}，${t('holders.individual')} ${formatPercent(shown.psnl_rate, lang)}`}
              >
                <span
                  className="fund-stack__part fund-stack__part--a"
                  style={{ width: `${shown.ins_position ?? 0}%` }}
                />
                <span
                  className="fund-stack__part fund-stack__part--c"
                  style={{ width: `${shown.psnl_rate ?? 0}%` }}
                />
              </div>
              <dl className="fund-ratios" data-testid="holder-ratios">
                <div>
                  <dt>
                    <span
                      className="fund-stack__part fund-stack__part--a fund-legend-keys__swatch"
                      aria-hidden="true"
                    />
                    {t('holders.institutional')}
                  </dt>
                  <dd className="num">{formatPercent(shown.ins_position, lang)}</dd>
                </div>
                <div>
                  <dt>
                    <span
                      className="fund-stack__part fund-stack__part--c fund-legend-keys__swatch"
                      aria-hidden="true"
                    />
                    {t('holders.individual')}
                  </dt>
                  <dd className="num">{formatPercent(shown.psnl_rate, lang)}</dd>
                </div>
                <div>
                  <dt>{t('holders.staff')}</dt>
                  <dd className="num">{formatPercent(shown.mgmt_staff_hold_rate, lang, { digits: 4 })}</dd>
                </div>
                <div>
                  <dt>{t('holders.count')}</dt>
                  <dd className="num">{formatNumber(shown.holder_amount, lang, 0)}</dd>
                </div>
                <div>
                  <dt>{t('holders.average')}</dt>
                  <dd className="num">{formatNumber(shown.avg_holder_share, lang, 2)}</dd>
                </div>
              </dl>
            </>
          )
        }
      </QueryView>
    </Section>
  );
}

function TopHoldersPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const top = useQuery(topHoldersQuery(fundRef));
  const columns: DataColumn<TopHolder>[] = [
    { id: 'rank', header: t('top.rank'), value: (r) => r.rank, numeric: true, width: 48 },
    { id: 'name', header: t('top.name'), value: (r) => r.holder_name, hideable: false },
    { id: 'type', header: t('top.type'), value: (r) => r.holder_type },
    {
      id: 'share',
      header: t('top.share'),
      value: (r) => r.hold_share,
      cell: (r) => formatAmount(r.hold_share, lang),
      numeric: true,
    },
    {
      id: 'rate',
      header: t('top.rate'),
      value: (r) => r.hold_rate_pct,
      cell: (r) => formatPercent(r.hold_rate_pct, lang),
      numeric: true,
    },
  ];
  return (
    <Section title={t('top.title')} testId="top-holders">
      <QueryView query={top} height={180}>
        {(data) => (
          <>
            {data.item[0] && (
              <p className="muted num fund-section__meta">
                {t('holders.reportDate', { date: formatShanghaiDate(data.item[0].report_date_ms) })}
              </p>
            )}
            <DataTable
              id="fund-top-holders"
              label={t('top.title')}
              columns={columns}
              rows={data.item}
              maxHeight={360}
              getRowId={(r) => r.holder_id}
              exportName={`${fundRef.thscode}-top-holders`}
            />
          </>
        )}
      </QueryView>
    </Section>
  );
}

// Pass-through structures of the manager operations (not documented): read only in a known shape.
const radarScores = z.record(z.string(), z.number().nullable());
const industryPrefs = z.array(z.looseObject({ industry_name: z.string(), ratio_pct: z.number().nullable() }));
const awards = z.array(
  z.looseObject({
    award_name: z.string(),
    award_year: z.union([z.number(), z.string()]).nullish(),
    organization: z.string().nullish(),
  }),
);
const heavyAssets = z.looseObject({
  fund_thscode: z.string().nullish(),
  report_date: z.string().nullish(),
  items: z.array(
    z.looseObject({
      thscode: z.string().nullish(),
      name: z.string().nullish(),
      hold_ratio: z.number().nullish(),
    }),
  ),
});
const history = z.looseObject({
  career_start_date: z.string().nullish(),
  funds: z.array(
    z.looseObject({
      thscode: z.string().nullish(),
      fund_name: z.string().nullish(),
      start_date: z.string().nullish(),
      end_date: z.string().nullish(),
      tenure_return_pct: z.number().nullish(),
    }),
  ),
});
type HistoryFund = z.output<typeof history>['funds'][number];

function FundName({ thscode, name }: { thscode: string | null | undefined; name: string }) {
  return thscode && FUND_CODE_RE.test(thscode) ? (
    <Link to="/fund/$thscode" params={{ thscode }}>
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}

function ManagersPanel({ fundRef, search, onSearch }: FundTabProps) {
  const { t } = useFundText();
  const profile = useQuery(profileQuery(fundRef));
  const managers = profile.data?.item[0]?.manager_info ?? [];
  const chosen = managers.find((m) => m.manager_id === search.mgr) ?? managers[0];
  return (
    <Section
      title={t('managers.title')}
      id="fund-managers"
      testId="managers-panel"
      toolbar={
        managers.length > 1 && chosen ? (
          <Segmented
            label={t('managers.pick')}
            value={chosen.manager_id}
            options={managers.map((m) => ({ value: m.manager_id, label: m.manager_name ?? m.manager_id }))}
            onChange={(mgr) => onSearch({ mgr }, { replace: true })}
          />
        ) : undefined
      }
    >
      <QueryView
        query={profile}
        height={300}
        isEmpty={() => managers.length === 0}
        empty={t('managers.none')}
      >
        {() => chosen && <ManagerCard managerId={chosen.manager_id} {...{ search, onSearch }} />}
      </QueryView>
    </Section>
  );
}

function ManagerCard({
  managerId,
  search,
  onSearch,
}: {
  managerId: string;
  search: FundTabProps['search'];
  onSearch: FundTabProps['onSearch'];
}) {
  const { t, lang } = useFundText();
  const detail = useQuery(managerDetailQuery(managerId));
  const style = useQuery(managerStyleQuery(managerId));
  const experience = useQuery(managerExperienceQuery(managerId));
  const performance = useQuery(managerPerformanceQuery(managerId, search.mrange));
  const items = performance.data?.item;
  const series = useMemo<ChartSeries[]>(() => {
    const pct = (v: number) => formatPercent(v, lang);
    const line = (
      id: string,
      color: 'accent' | 'ma5' | 'ma10',
      pick: (r: NonNullable<typeof items>[number]) => number | null,
    ) => ({
      id,
      kind: 'line' as const,
      color,
      lineWidth: id === 'manager' ? (2 as const) : (1 as const),
      data: (items ?? []).flatMap((r) => {
        const v = pick(r);
        return v === null ? [] : [{ time: r.date_ms, value: v }];
      }),
      format: pct,
    });
    return [
      line('manager', 'accent', (r) => r.manager_return_pct),
      line('peer', 'ma5', (r) => r.peer_return_pct),
      line('benchmark', 'ma10', (r) => r.benchmark_return_pct),
    ];
  }, [items, lang]);
  const last = items?.[items.length - 1];

  const historyColumns: DataColumn<HistoryFund>[] = [
    {
      id: 'fund',
      header: t('manager.fund'),
      value: (r) => r.fund_name ?? r.thscode ?? null,
      cell: (r) => <FundName thscode={r.thscode} name={r.fund_name ?? r.thscode ?? DASH} />,
      hideable: false,
    },
    { id: 'start', header: t('manager.start'), value: (r) => r.start_date ?? null },
    { id: 'end', header: t('manager.end'), value: (r) => r.end_date ?? t('manager.current') },
    {
      id: 'return',
      header: t('manager.tenureReturn'),
      value: (r) => r.tenure_return_pct ?? null,
      cell: (r) => (
        <span className={direction(r.tenure_return_pct)}>
          {formatPercent(r.tenure_return_pct, lang, { sign: true })}
        </span>
      ),
      numeric: true,
    },
  ];

  return (
    <div className="fund-manager" data-testid="manager-card">
      <div className="fund-grid">
        <div>
          <QueryView query={detail} height={200} isEmpty={(d) => d.item.length === 0}>
            {(data) => {
              const m = data.item[0];
              if (!m) return null;
              const radar = (m.radar_comparison ?? []).flatMap((node, i) => {
                const own = radarScores.safeParse(node.manager_scores);
                if (!own.success) return [];
                const peer = radarScores.safeParse(node.peer_average_scores);
                const horizonKey = `manager.horizon.${node.horizon ?? ''}`;
                const label = t('manager.radarOf', {
                  category: node.fund_category ?? DASH,
                  horizon: isFundMessageKey(horizonKey) ? t(horizonKey) : (node.horizon ?? DASH),
                });
                const rows = Object.entries(own.data).map(([key, score]) => {
                  const dimKey = `diag.${key}`;
                  return {
                    key,
                    label: isFundMessageKey(dimKey) ? t(dimKey) : key,
                    score,
                    peer: (peer.success ? peer.data[key] : null) ?? null,
                  };
                });
                return [{ id: `${node.fund_category ?? ''}-${node.horizon ?? i}`, label, rows }];
              });
              return (
                <>
                  <h3 className="fund-manager__name">{m.manager_name}</h3>
                  <dl className="fund-facts">
                    <div>
                      <dt>{t('manager.sex')}</dt>
                      <dd>{m.sex ?? DASH}</dd>
                    </div>
                    <div>
                      <dt>{t('manager.degree')}</dt>
                      <dd>{m.degree ?? DASH}</dd>
                    </div>
                    <div>
                      <dt>{t('manager.company')}</dt>
                      <dd>{m.company_name ?? DASH}</dd>
                    </div>
                    <div>
                      <dt>{t('manager.annual')}</dt>
                      <dd className={`num ${direction(m.annual_return_pct)}`}>
                        {formatPercent(m.annual_return_pct, lang, { sign: true })}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('manager.best')}</dt>
                      <dd className={`num ${direction(m.maximum_return_pct)}`}>
                        {formatPercent(m.maximum_return_pct, lang, { sign: true })}
                      </dd>
                    </div>
                  </dl>
                  {m.resume && (
                    <>
                      <h4 className="fund-subtitle">{t('manager.resume')}</h4>
                      <p className="fund-manager__resume">{m.resume}</p>
                    </>
                  )}
                  {radar.length > 0 && (
                    <>
                      <h4 className="fund-subtitle">{t('manager.radar')}</h4>
                      {radar.map((node) => (
                        <ScoreTable
                          key={node.id}
                          id={`fund-manager-radar-${node.id}`}
                          label={node.label}
                          rows={node.rows}
                          exportName={`manager-${managerId}-assessment-${node.id}`}
                        />
                      ))}
                    </>
                  )}
                </>
              );
            }}
          </QueryView>
        </div>
        <div>
          <h4 className="fund-subtitle">{t('manager.style')}</h4>
          <QueryView query={style} height={160} isEmpty={(d) => d.item.length === 0}>
            {(data) => {
              const s = data.item[0];
              if (!s) return null;
              const prefs = industryPrefs.safeParse(s.industry_preferences);
              return (
                <dl className="fund-facts">
                  <div>
                    <dt>{t('manager.representative')}</dt>
                    <dd>
                      {s.representative_fund_name ? (
                        <FundName thscode={s.representative_fund_thscode} name={s.representative_fund_name} />
                      ) : (
                        DASH
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('manager.totalScale')}</dt>
                    <dd className="num">{formatAmount(s.total_fund_scale, lang)}</dd>
                  </div>
                  <div className="fund-facts__wide">
                    <dt>{t('manager.idea')}</dt>
                    <dd>{s.investment_idea ?? DASH}</dd>
                  </div>
                  {prefs.success && prefs.data.length > 0 && (
                    <div className="fund-facts__wide">
                      <dt>{t('manager.industries')}</dt>
                      <dd className="num">
                        {prefs.data
                          .map((p) => `${p.industry_name} ${formatPercent(p.ratio_pct, lang)}`)
                          .join('，')}
                      </dd>
                    </div>
                  )}
                </dl>
              );
            }}
          </QueryView>
        </div>
      </div>
      <h4 className="fund-subtitle">
        {t('manager.performance')}
        <span className="fund-subtitle__tools">
          <Segmented
            label={t('manager.performance')}
            value={search.mrange}
            testId="mrange-switch"
            options={MANAGER_RANGES.map((r) => ({ value: r, label: t(`mrange.${r}`) }))}
            onChange={(mrange) => onSearch({ mrange }, { replace: true })}
          />
        </span>
      </h4>
      <QueryView query={performance} height={260} isEmpty={(d) => d.item.length === 0}>
        {() => (
          <>
            <dl className="chart-legend num">
              <div>
                <dt>{t('legend.date')}</dt>
                <dd>{formatShanghaiDate(last?.date_ms)}</dd>
              </div>
              <div className="fund-key fund-key--accent">
                <dt>{t('line.manager')}</dt>
                <dd>{formatPercent(last?.manager_return_pct, lang, { sign: true })}</dd>
              </div>
              <div className="fund-key fund-key--ma5">
                <dt>{t('line.peer')}</dt>
                <dd>{formatPercent(last?.peer_return_pct, lang, { sign: true })}</dd>
              </div>
              <div className="fund-key fund-key--ma10">
                <dt>{t('line.benchmark')}</dt>
                <dd>{formatPercent(last?.benchmark_return_pct, lang, { sign: true })}</dd>
              </div>
            </dl>
            <TimeChart
              series={series}
              height={240}
              viewKey={`${managerId}|${search.mrange}`}
              testId="manager-chart"
              label={t('manager.performance')}
              fallback={t('chart.unavailable')}
            />
          </>
        )}
      </QueryView>
      <h4 className="fund-subtitle">{t('manager.experience')}</h4>
      <QueryView query={experience} height={160} isEmpty={(d) => d.item.length === 0}>
        {(data) => {
          const e = data.item[0];
          if (!e) return null;
          const won = awards.safeParse(e.awards);
          const heavy = heavyAssets.safeParse(e.heavy_assets);
          const past = history.safeParse(e.investment_history);
          return (
            <div className="fund-grid">
              <div>
                {past.success && past.data.career_start_date && (
                  <p className="muted num fund-section__meta">
                    {t('manager.careerStart', { date: past.data.career_start_date })}
                  </p>
                )}
                {past.success && (
                  <DataTable
                    id="fund-manager-history"
                    label={t('manager.funds')}
                    columns={historyColumns}
                    rows={past.data.funds}
                    maxHeight={260}
                    exportName={`manager-${managerId}-funds`}
                  />
                )}
              </div>
              <div>
                <h5 className="fund-subtitle">{t('manager.awards')}</h5>
                {won.success && won.data.length > 0 ? (
                  <ul className="fund-list">
                    {won.data.map((a, i) => (
                      <li key={`${a.award_name}-${i}`}>
                        {a.award_year ?? ''} {a.award_name}
                        {a.organization && <span className="muted"> · {a.organization}</span>}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{t('manager.noAwards')}</p>
                )}
                {heavy.success && heavy.data.items.length > 0 && (
                  <>
                    <h5 className="fund-subtitle">
                      {t('manager.heavy', {
                        fund: heavy.data.fund_thscode ?? DASH,
                        date: heavy.data.report_date ?? DASH,
                      })}
                    </h5>
                    <ul className="fund-list num">
                      {heavy.data.items.map((h, i) => (
                        <li key={`${h.thscode ?? i}`}>
                          {h.name ?? h.thscode ?? DASH}{' '}
                          <span className="muted">{formatPercent(h.hold_ratio, lang)}</span>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            </div>
          );
        }}
      </QueryView>
    </div>
  );
}

function CompanyPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const profile = useQuery(profileQuery(fundRef));
  const companyId = profile.data?.item[0]?.company_id ?? null;
  const company = useQuery({ ...companyQuery(companyId ?? ''), enabled: companyId !== null });
  return (
    <Section title={t('company.title')} id="fund-company" testId="company-panel">
      {profile.isSuccess && companyId === null ? (
        <p className="muted">{t('company.none')}</p>
      ) : (
        <QueryView query={company} height={100} isEmpty={(d) => d.item.length === 0}>
          {(data) => {
            const c = data.item[0];
            if (!c) return null;
            return (
              <dl className="fund-facts fund-facts--row">
                <div className="fund-facts__wide">
                  <dt>{t('company.title')}</dt>
                  <dd>{c.company_name ?? DASH}</dd>
                </div>
                <div>
                  <dt>{t('company.type')}</dt>
                  <dd>{c.company_type ?? DASH}</dd>
                </div>
                <div>
                  <dt>{t('company.established')}</dt>
                  <dd className="num">{formatShanghaiDate(c.established_date_ms)}</dd>
                </div>
                <div>
                  <dt>{t('company.funds')}</dt>
                  <dd className="num">{formatNumber(c.fund_count, lang, 0)}</dd>
                </div>
                <div>
                  <dt>{t('company.scale')}</dt>
                  <dd className="num">{formatAmount(c.scale, lang)}</dd>
                </div>
              </dl>
            );
          }}
        </QueryView>
      )}
    </Section>
  );
}
