import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, ErrorState } from '../../../components/states';
import { RankChart, type RankLine } from '../../../components/chart/RankChart';
import { DASH, formatNumber } from '../../../lib/format';
import { Segmented } from '../../../components/Segmented';
import { HOT_WINDOWS, windowStart } from '../dates';
import { useServerToday } from '../../../api/live';
import { useStockText } from '../messages';
import { rankTrendQuery } from '../queries';
import type { TabProps } from '../StockTabs';

const HOT_CHART_HEIGHT = 240;

/** Popularity rank over a window, drawn with rank 1 at the top (inverted scale). */
export function HotRankTab({ record, search, onSearch }: TabProps) {
  const { t, lang } = useStockText();
  const today = useServerToday();
  const start = today === null ? '' : windowStart(today, search.hot);
  const trend = useQuery({ ...rankTrendQuery(record.thscode, start, today ?? ''), enabled: today !== null });
  const points = useMemo(
    () => [...(trend.data?.item ?? [])].sort((a, b) => a.date_ms - b.date_ms),
    [trend.data],
  );
  const lines = useMemo<RankLine[]>(
    () => [{ id: 'rank', color: 'accent', points: points.map((p) => ({ time: p.date_ms, rank: p.rank })) }],
    [points],
  );
  const ranks = points.map((p) => p.rank);
  const latest = points.at(-1)?.rank;
  const rankText = (value: number | undefined) => (value === undefined ? DASH : formatNumber(value, lang, 0));

  return (
    <div className="stock-tab" data-testid="hot-rank">
      <div className="stock-toolbar">
        <Segmented
          label={t('hot.window')}
          value={search.hot}
          testId="hot-window"
          options={HOT_WINDOWS.map((w) => ({ value: w, label: t(`range.${w}`) }))}
          onChange={(hot) => onSearch({ hot })}
        />
        <dl className="stock-hot__stats num">
          <div>
            <dt>{t('hot.current')}</dt>
            <dd data-testid="hot-latest">{rankText(latest)}</dd>
          </div>
          <div>
            <dt>{t('hot.best')}</dt>
            <dd>{rankText(ranks.length ? Math.min(...ranks) : undefined)}</dd>
          </div>
          <div>
            <dt>{t('hot.worst')}</dt>
            <dd>{rankText(ranks.length ? Math.max(...ranks) : undefined)}</dd>
          </div>
        </dl>
        {trend.isFetching && <span className="spinner stock-toolbar__busy" aria-hidden="true" />}
      </div>
      <div className="stock-hot__chart" style={{ height: HOT_CHART_HEIGHT }}>
        {trend.isError && !trend.data ? (
          <ErrorState error={trend.error} onRetry={() => void trend.refetch()} />
        ) : trend.isSuccess && points.length === 0 ? (
          <Empty>{t('hot.empty')}</Empty>
        ) : (
          <>
            <RankChart
              lines={lines}
              lang={lang}
              height={HOT_CHART_HEIGHT}
              viewKey={`${start}|${points.length}`}
              label={t('hot.label', { name: record.name })}
              testId="hot-chart"
              fallback={t('chart.unavailable')}
            />
            {trend.isPending && <div className="skel stock-chart__cover" aria-hidden="true" />}
          </>
        )}
      </div>
    </div>
  );
}
