import { useQuery } from '@tanstack/react-query';
import { FactsList } from '../../../../components/FactsList';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { TimeChart } from '../../../../components/chart/TimeChart';
import { direction, formatNumber, formatPercent } from '../../../../lib/format';
import type { FundTabProps } from '../../FundTabs';
import { useFundText } from '../../messages';
import { backtestQuery, type BacktestResult } from '../../queries';
import { FundQueryView } from '../../Section';
import type { BacktestState } from '../../url-state';
import { curveOf } from './curve';

type Trade = BacktestResult['trades'][number];

/** The result of the linked plan: metrics, the strategy's return curve and its trades. */
export function BacktestResultView({
  fundRef,
  plan,
}: {
  fundRef: FundTabProps['fundRef'];
  plan: BacktestState;
}) {
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
      <FundQueryView query={result} height={320}>
        {(data) => {
          const curve = curveOf(data.curve_points);
          const m = data.metrics;
          // Returns read as rises and falls; the win rate and the drawdown do not.
          const metrics: [label: string, value: number | null, toned: boolean][] = [
            [t('bt.strategy'), m.strategy_return, true],
            [t('bt.fundReturn'), m.fund_return, true],
            [t('bt.excess'), m.excess_return, true],
            [t('bt.winRate'), m.win_rate, false],
            [t('bt.maxDrawdown'), m.max_drawdown, false],
          ];
          return (
            <>
              <p className="muted num fund-section__meta">
                {t('bt.window', { from: data.start_date, to: data.end_date })}
              </p>
              <FactsList
                className="fund-ratios"
                testId="backtest-metrics"
                facts={metrics.map(([label, value, toned]) => ({
                  label,
                  value: formatPercent(value, lang),
                  valueClassName: toned ? `num ${direction(value)}` : 'num',
                }))}
              />
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
      </FundQueryView>
    </div>
  );
}
