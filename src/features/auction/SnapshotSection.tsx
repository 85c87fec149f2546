import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMarketSession } from '../../api/live';
import { DataTable, codeNameColumns, type DataColumn } from '../../components/DataTable';
import {
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShanghaiDateTime,
} from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { AUCTION_MAX_TOKENS } from './codes';
import { SNAPSHOT_TABLE_HEIGHT } from './Skeletons';
import { isAuctionMessageKey, useAuctionText, type AuctionT } from './messages';
import { snapshotQuery, snapshotRefetchInterval, type AuctionItem } from './queries';
import type { AuctionStage } from './url-state';

/** A value the service names (phase, data status) in words, or as received when it is a new one. */
function named(t: AuctionT, prefix: 'phase' | 'data', value: string): string {
  const key = `${prefix}.${value}`;
  return isAuctionMessageKey(key) ? t(key) : value;
}

function snapshotColumns(t: AuctionT, lang: Language): DataColumn<AuctionItem>[] {
  // Every auction figure may be null (not ready, suspended): a dash, never 0.
  const price = (value: (r: AuctionItem) => number | null) => (r: AuctionItem) => formatPrice(value(r), lang);
  return [
    ...codeNameColumns<AuctionItem>({ code: t('col.code'), name: t('col.name') }),
    {
      id: 'price',
      header: t('col.price'),
      value: (r) => r.auction_price,
      cell: price((r) => r.auction_price),
      numeric: true,
    },
    {
      id: 'pct',
      header: t('col.pct'),
      value: (r) => r.auction_pct,
      cell: (r) => (
        <span className={direction(r.auction_pct)}>{formatPercent(r.auction_pct, lang, { sign: true })}</span>
      ),
      numeric: true,
    },
    {
      id: 'volume',
      header: t('col.volume'),
      value: (r) => r.auction_volume,
      cell: (r) => formatAmount(r.auction_volume, lang),
      numeric: true,
    },
    {
      id: 'amount',
      header: t('col.amount'),
      value: (r) => r.auction_amount,
      cell: (r) => formatAmount(r.auction_amount, lang),
      numeric: true,
    },
    {
      id: 'unmatched',
      header: t('col.unmatched'),
      value: (r) => r.auction_unmatched,
      cell: (r) => formatAmount(r.auction_unmatched, lang),
      numeric: true,
    },
    {
      id: 'turnover',
      header: t('col.turnover'),
      value: (r) => r.auction_turnover_pct,
      cell: (r) => formatPercent(r.auction_turnover_pct, lang, { digits: 3 }),
      numeric: true,
    },
    {
      id: 'volumeRatio',
      header: t('col.volumeRatio'),
      value: (r) => r.auction_volume_ratio,
      cell: (r) => formatNumber(r.auction_volume_ratio, lang, 2),
      numeric: true,
    },
    {
      id: 'yesterdayRatio',
      header: t('col.yesterdayRatio'),
      title: t('col.yesterdayRatioTitle'),
      value: (r) => r.auction_yesterday_ratio_pct,
      cell: (r) => formatPercent(r.auction_yesterday_ratio_pct, lang),
      numeric: true,
    },
    {
      id: 'preClose',
      header: t('col.preClose'),
      value: (r) => r.pre_close_price,
      cell: price((r) => r.pre_close_price),
      numeric: true,
    },
    {
      id: 'open',
      header: t('col.open'),
      value: (r) => r.open_price,
      cell: price((r) => r.open_price),
      numeric: true,
    },
    {
      id: 'last',
      header: t('col.last'),
      value: (r) => r.last_price,
      cell: price((r) => r.last_price),
      numeric: true,
    },
    {
      id: 'floatCap',
      header: t('col.floatCap'),
      value: (r) => r.float_market_cap,
      cell: (r) => formatAmount(r.float_market_cap, lang),
      numeric: true,
    },
  ];
}

export interface SnapshotSectionProps {
  /** The codes to ask for, or null when nothing may be sent. */
  codes: readonly string[] | null;
  stage: AuctionStage;
  /** Why nothing is sent, when `codes` is null (`checking`: the codes are being checked). */
  reason: 'none' | 'no-valid' | 'too-many' | 'checking';
}

/** The auction table with its phase, data status and data time; live figures say they are indicative. */
export function SnapshotSection({ codes, stage, reason }: SnapshotSectionProps) {
  const { t, lang } = useAuctionText();
  const navigate = useNavigate();
  const { phase } = useMarketSession();
  const query = useQuery({
    ...snapshotQuery(codes ?? [], stage),
    enabled: codes !== null,
    refetchInterval: (q) => snapshotRefetchInterval(stage, phase, q.state.data?.data_status),
  });
  const columns = useMemo(() => snapshotColumns(t, lang), [t, lang]);
  const data = codes === null ? undefined : query.data;
  const refreshing = codes !== null && snapshotRefetchInterval(stage, phase, data?.data_status) !== false;
  const stageLabel = t(`stage.${stage}`);

  if (codes === null && reason === 'checking') {
    return (
      <div className="state state--loading" role="status" data-testid="snapshot-idle">
        <span className="spinner" aria-hidden="true" />
        {t('codes.checking')}
      </div>
    );
  }
  if (codes === null) {
    return (
      <div
        className={reason === 'none' ? 'state state--empty' : 'auction-alert'}
        role="status"
        data-testid="snapshot-idle"
      >
        {reason === 'too-many'
          ? t('codes.refused', { max: AUCTION_MAX_TOKENS })
          : reason === 'no-valid'
            ? t('codes.noneValid')
            : t('codes.none')}
      </div>
    );
  }

  return (
    <div className="auction-snapshot" data-testid="snapshot">
      <dl className="auction-status">
        <div>
          <dt>{t('status.phase')}</dt>
          <dd data-testid="auction-phase" data-value={data?.auction_phase}>
            {data ? named(t, 'phase', data.auction_phase) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('status.data')}</dt>
          <dd
            data-testid="data-status"
            data-value={data?.data_status}
            className={data?.data_status === 'ready' ? 'auction-ok' : data ? 'auction-warn' : undefined}
          >
            {data ? named(t, 'data', data.data_status) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('status.time')}</dt>
          <dd className="num" data-testid="auction-time">
            {data ? formatShanghaiDateTime(data.timestamp) : '—'}
          </dd>
        </div>
        {refreshing && <span className="auction-status__live">{t('status.refreshing')}</span>}
      </dl>
      {stage === 'live' && (
        <p className="auction-indicative" data-testid="indicative">
          {t('indicative')}
        </p>
      )}
      {data?.data_status === 'not_ready' && (
        <p className="auction-alert" role="status">
          {t('status.notReady')}
        </p>
      )}
      <DataTable
        id="auction-snapshot"
        label={t('table.label', { stage: stageLabel })}
        exportName={`auction-${stage}`}
        columns={columns}
        rows={data?.item}
        loading={query.isFetching && (query.isPending || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        getRowId={(row) => row.thscode}
        onRowClick={(row) => void navigate({ to: '/stock/$thscode', params: { thscode: row.thscode } })}
        maxHeight={SNAPSHOT_TABLE_HEIGHT}
        empty={t('table.empty')}
      />
    </div>
  );
}
