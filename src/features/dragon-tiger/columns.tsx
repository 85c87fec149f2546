import type { DataColumn } from '../../components/DataTable';
import {
  fractionToPercent,
  isOneDayRecord,
  type DragonTigerBoard,
  type DragonTigerRow,
} from '../../lib/dragon-tiger';
import { direction, formatAmount, formatNumber, formatPercent } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import type { DragonTigerT } from './messages';
import type { SortColumn } from './url-state';
import { NetBar } from './NetBar';

/**
 * The stock table's columns. Values are exact (they sort and go to the CSV); the service's fractions
 * become percent values here, under headers that say "%", so the file and the screen agree.
 */

type Column = DataColumn<DragonTigerRow> & { id: SortColumn | 'concepts' };

function percentCell(value: number | null, lang: Language) {
  return <span className={direction(value)}>{formatPercent(value, lang, { sign: true })}</span>;
}

function amountCell(value: number | null | undefined, lang: Language) {
  return <span className={direction(value)}>{formatAmount(value, lang, 2, { sign: true })}</span>;
}

/** Institution columns exist only on the institution board (no other board carries those fields). */
export function columnIdsFor(board: DragonTigerBoard): ReadonlySet<string> {
  return new Set(dragonTigerColumns(board, () => '', 'zh-CN', 0).map((column) => column.id));
}

export function dragonTigerColumns(
  board: DragonTigerBoard,
  t: DragonTigerT,
  lang: Language,
  scale: number,
): Column[] {
  const org: Column[] =
    board === 'org'
      ? [
          {
            id: 'org_net_rate',
            header: t('col.org_net_rate'),
            title: t('title.rate'),
            value: (row) => fractionToPercent(row.org_net_rate),
            cell: (row) => percentCell(fractionToPercent(row.org_net_rate), lang),
            numeric: true,
          },
          {
            id: 'org_buy_num',
            header: t('col.org_buy_num'),
            value: (row) => row.org_buy_num,
            numeric: true,
          },
          {
            id: 'org_sell_num',
            header: t('col.org_sell_num'),
            value: (row) => row.org_sell_num,
            numeric: true,
          },
        ]
      : [];
  const hotMoneyHidden = board !== 'hot_money';
  return [
    { id: 'thscode', header: t('col.thscode'), value: (row) => row.thscode, hideable: false, width: 92 },
    { id: 'name', header: t('col.name'), value: (row) => row.name, width: 96 },
    {
      // One-day records only: a 3-day record's cumulative move has a column of its own, so the two
      // never sort into one another.
      id: 'change',
      header: t('col.change'),
      title: t('title.change'),
      value: (row) => (isOneDayRecord(row) ? fractionToPercent(row.change) : null),
      cell: (row) => percentCell(isOneDayRecord(row) ? fractionToPercent(row.change) : null, lang),
      numeric: true,
    },
    {
      id: 'net_value',
      header: t('col.net_value'),
      title: t('title.amount'),
      value: (row) => row.net_value,
      cell: (row) => <NetBar value={row.net_value} scale={scale} lang={lang} />,
      numeric: true,
      width: 190,
    },
    {
      id: 'net_rate',
      header: t('col.net_rate'),
      title: t('title.rate'),
      value: (row) => fractionToPercent(row.net_rate),
      cell: (row) => percentCell(fractionToPercent(row.net_rate), lang),
      numeric: true,
    },
    {
      id: 'buy_value',
      header: t('col.buy_value'),
      title: t('title.amount'),
      value: (row) => row.buy_value,
      cell: (row) => formatAmount(row.buy_value, lang),
      numeric: true,
    },
    {
      id: 'sell_value',
      header: t('col.sell_value'),
      title: t('title.amount'),
      value: (row) => row.sell_value,
      cell: (row) => formatAmount(row.sell_value, lang),
      numeric: true,
    },
    {
      id: 'org_net_value',
      header: t('col.org_net_value'),
      title: t('title.amount'),
      value: (row) => row.org_net_value,
      cell: (row) => amountCell(row.org_net_value, lang),
      numeric: true,
    },
    ...org,
    {
      id: 'hot_money_net_value',
      header: t('col.hot_money_net_value'),
      title: t('title.amount'),
      value: (row) => row.hot_money_net_value,
      cell: (row) => amountCell(row.hot_money_net_value, lang),
      numeric: true,
      defaultHidden: hotMoneyHidden,
    },
    {
      id: 'hot_money_net_rate',
      header: t('col.hot_money_net_rate'),
      title: t('title.rate'),
      value: (row) => fractionToPercent(row.hot_money_net_rate),
      cell: (row) => percentCell(fractionToPercent(row.hot_money_net_rate), lang),
      numeric: true,
      defaultHidden: hotMoneyHidden,
    },
    {
      id: 'range_days',
      header: t('col.range_days'),
      title: t('title.range'),
      value: (row) => row.range_days,
      cell: (row) =>
        row.range_days === null || row.range_days === undefined
          ? formatNumber(null, lang)
          : t('range.days', { days: row.range_days }),
      numeric: true,
    },
    {
      id: 'change_multi',
      header: t('col.change_multi'),
      title: t('title.changeMulti'),
      value: (row) => (isOneDayRecord(row) ? null : fractionToPercent(row.change)),
      cell: (row) =>
        isOneDayRecord(row) ? (
          formatNumber(null, lang)
        ) : (
          <>
            {percentCell(fractionToPercent(row.change), lang)}
            <span className="muted">{t('range.suffix', { days: row.range_days ?? 1 })}</span>
          </>
        ),
      numeric: true,
    },
    {
      id: 'hot_rank',
      header: t('col.hot_rank'),
      title: t('title.hotRank'),
      value: (row) => row.hot_rank,
      cell: (row) => formatNumber(row.hot_rank, lang, 0),
      numeric: true,
    },
    {
      id: 'limit_reason',
      header: t('col.limit_reason'),
      value: (row) => row.limit_reason,
      cell: (row) => (
        <span className="dtl-reason" title={row.limit_reason ?? undefined}>
          {row.limit_reason ?? '—'}
        </span>
      ),
      width: 220,
    },
    {
      id: 'concepts',
      header: t('col.concepts'),
      value: (row) => row.concept_list?.map((concept) => concept.name).join('、'),
      sortable: false,
      defaultHidden: true,
    },
  ];
}
