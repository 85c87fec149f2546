import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServerToday } from '../../../../api/live';
import { Segmented } from '../../../../components/Segmented';
import { TimeChart, type ChartSeries } from '../../../../components/chart/TimeChart';
import { FUND_INDICATOR_IDS, INDICATOR_TIME_TYPES } from '../../../../contract/operations/fund-tools-terms';
import { formatNumber } from '../../../../lib/format';
import { rangeWindow } from '../../dates';
import type { FundTabProps } from '../../FundTabs';
import { useFundText } from '../../messages';
import { indicatorLineQuery } from '../../queries';
import { FundQueryView, Section } from '../../Section';
import { formatList } from '../../url-state';
import { IndicatorPicker, PANE_COLORS, isIndicatorId, useIndicators } from './indicators';

/** The chosen indicators of the fund over the page's range, one pane each. */
export function IndicatorLinePanel({ fundRef, search, onSearch }: FundTabProps) {
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
      <FundQueryView query={line} height={80 + 120 * ids.length} isEmpty={(d) => d.time_range.length === 0}>
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
      </FundQueryView>
    </Section>
  );
}
