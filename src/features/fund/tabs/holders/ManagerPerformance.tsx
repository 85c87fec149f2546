import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FactsList } from '../../../../components/FactsList';
import { Segmented } from '../../../../components/Segmented';
import { TimeChart, type ChartSeries } from '../../../../components/chart/TimeChart';
import { MANAGER_RANGES } from '../../../../contract/operations/fund-managers-terms';
import { formatPercent, formatShanghaiDate } from '../../../../lib/format';
import type { FundTabProps } from '../../FundTabs';
import { useFundText } from '../../messages';
import { managerPerformanceQuery, type ManagerPerformancePoint } from '../../queries';
import { FundQueryView } from '../../Section';

const LINES = [
  {
    id: 'manager',
    label: 'line.manager',
    color: 'accent',
    pick: (r: ManagerPerformancePoint) => r.manager_return_pct,
  },
  { id: 'peer', label: 'line.peer', color: 'ma5', pick: (r: ManagerPerformancePoint) => r.peer_return_pct },
  {
    id: 'benchmark',
    label: 'line.benchmark',
    color: 'ma10',
    pick: (r: ManagerPerformancePoint) => r.benchmark_return_pct,
  },
] as const;

/** The manager's return against peers and benchmark over the URL's range (`fund/managers/performance`). */
export function ManagerPerformance({
  managerId,
  search,
  onSearch,
}: {
  managerId: string;
  search: FundTabProps['search'];
  onSearch: FundTabProps['onSearch'];
}) {
  const { t, lang } = useFundText();
  const performance = useQuery(managerPerformanceQuery(managerId, search.mrange));
  const items = performance.data?.item;
  const series = useMemo<ChartSeries[]>(
    () =>
      LINES.map((line) => ({
        id: line.id,
        kind: 'line' as const,
        color: line.color,
        lineWidth: line.id === 'manager' ? (2 as const) : (1 as const),
        data: (items ?? []).flatMap((r) => {
          const v = line.pick(r);
          return v === null ? [] : [{ time: r.date_ms, value: v }];
        }),
        format: (v: number) => formatPercent(v, lang),
      })),
    [items, lang],
  );
  const last = items?.[items.length - 1];
  return (
    <>
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
      <FundQueryView query={performance} height={260} isEmpty={(d) => d.item.length === 0}>
        {() => (
          <>
            <FactsList
              className="chart-legend num"
              facts={[
                { label: t('legend.date'), value: formatShanghaiDate(last?.date_ms) },
                ...LINES.map((line) => ({
                  label: t(line.label),
                  value: formatPercent(last ? line.pick(last) : null, lang, { sign: true }),
                  className: `fund-key fund-key--${line.color}`,
                })),
              ]}
            />
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
      </FundQueryView>
    </>
  );
}
