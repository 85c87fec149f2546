import type { BreakRow, DownRow, Pool, UpRow } from '../../api/limit-pools';
import type { QuoteRow } from '../../api/market';
import type { DataColumn } from '../../components/DataTable';
import { codeNameColumns } from '../../components/DataTable/stockColumns';
import { direction, formatAmount, formatPercent, formatPrice } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import type { LimitUpT } from './messages';
import { consecutiveOf } from './model';
import type { SortColumn, SortSpec } from './url-state';

/**
 * One row of any pool, as the table shows it. Fields a pool does not have are null (a dash), never 0;
 * the turnover of the limit-up and limit-down pools comes from the whole-market snapshot.
 */
export interface PoolRow {
  thscode: string;
  name: string;
  last: number | null;
  changePct: number | null;
  firstTime: string | null;
  lastTime: string | null;
  boards: number | null;
  boardText: string | null;
  sealMoney: number | null;
  maxSealMoney: number | null;
  openTimes: number | null;
  turnover: number | null;
  turnoverRatio: number | null;
  reason: string | null;
  /** Undefined while the industry map loads. */
  industry: string | null | undefined;
  st: boolean;
  isNew: boolean;
}

type Industries = ReadonlyMap<string, string> | undefined;

function industryOf(industries: Industries, thscode: string): string | null | undefined {
  return industries ? (industries.get(thscode) ?? null) : undefined;
}

const EMPTY = {
  firstTime: null,
  lastTime: null,
  boards: null,
  boardText: null,
  sealMoney: null,
  maxSealMoney: null,
  openTimes: null,
  turnoverRatio: null,
  reason: null,
  st: false,
  isNew: false,
} as const;

export function upRows(
  rows: readonly UpRow[],
  quotes: ReadonlyMap<string, QuoteRow>,
  industries: Industries,
): PoolRow[] {
  return rows.map((r) => ({
    ...EMPTY,
    thscode: r.thscode,
    name: r.name,
    last: r.last_price,
    changePct: r.price_change_ratio_pct,
    firstTime: r.limit_up_time,
    boards: consecutiveOf(r),
    boardText: r.continue_day_text,
    sealMoney: r.seal_money,
    maxSealMoney: r.max_seal_money,
    turnover: quotes.get(r.thscode)?.turnover ?? null,
    reason: r.limit_up_reason,
    industry: industryOf(industries, r.thscode),
    st: r.is_st,
    isNew: r.is_new,
  }));
}

export function downRows(
  rows: readonly DownRow[],
  quotes: ReadonlyMap<string, QuoteRow>,
  industries: Industries,
): PoolRow[] {
  return rows.map((r) => ({
    ...EMPTY,
    thscode: r.thscode,
    name: r.name,
    last: r.last_price,
    changePct: r.price_change_ratio_pct,
    firstTime: r.first_limit_time,
    lastTime: r.last_limit_time,
    turnover: quotes.get(r.thscode)?.turnover ?? null,
    turnoverRatio: r.turnover_ratio_pct,
    industry: industryOf(industries, r.thscode),
  }));
}

export function breakRows(rows: readonly BreakRow[], industries: Industries): PoolRow[] {
  return rows.map((r) => ({
    ...EMPTY,
    thscode: r.thscode,
    name: r.name,
    last: r.last_price,
    changePct: r.price_change_ratio_pct,
    openTimes: r.open_times,
    turnover: r.turnover,
    turnoverRatio: r.turnover_ratio_pct,
    industry: industryOf(industries, r.thscode),
  }));
}

/** The columns each pool shows, in order (code and name come first in every pool). */
export const POOL_COLUMNS: Readonly<Record<Pool, readonly SortColumn[]>> = {
  up: [
    'last',
    'change_pct',
    'boards',
    'first_time',
    'seal_money',
    'max_seal_money',
    'turnover',
    'reason',
    'industry',
  ],
  down: ['last', 'change_pct', 'first_time', 'last_time', 'turnover_ratio', 'turnover', 'industry'],
  break: ['last', 'change_pct', 'open_times', 'turnover_ratio', 'turnover', 'industry'],
};

/** Highest boards first for limit-ups, the earliest seal first for limit-downs, the strongest first for breaks. */
export const DEFAULT_SORTS: Readonly<Record<Pool, SortSpec>> = {
  up: { column: 'boards', desc: true },
  down: { column: 'first_time', desc: false },
  break: { column: 'change_pct', desc: true },
};

export function poolColumns(pool: Pool, t: LimitUpT, lang: Language): DataColumn<PoolRow>[] {
  const tone = (r: PoolRow) => direction(r.changePct);
  const all: Record<Exclude<SortColumn, 'code' | 'name'>, DataColumn<PoolRow>> = {
    last: {
      id: 'last',
      header: t('col.last'),
      value: (r) => r.last,
      numeric: true,
      cell: (r) => <span className={tone(r)}>{formatPrice(r.last, lang)}</span>,
    },
    change_pct: {
      id: 'change_pct',
      header: t('col.changePct'),
      value: (r) => r.changePct,
      numeric: true,
      cell: (r) => <span className={tone(r)}>{formatPercent(r.changePct, lang, { sign: true })}</span>,
    },
    boards: {
      id: 'boards',
      header: t('col.boards'),
      value: (r) => r.boards,
      numeric: true,
      cell: (r) => (
        <span className={r.boards !== null && r.boards > 1 ? 'lu-boards lu-boards--streak' : 'lu-boards'}>
          {r.boardText ?? '—'}
        </span>
      ),
    },
    first_time: {
      id: 'first_time',
      header: pool === 'down' ? t('col.firstDown') : t('col.firstTime'),
      value: (r) => r.firstTime,
      cell: (r) => <span className="num">{r.firstTime ?? '—'}</span>,
    },
    last_time: {
      id: 'last_time',
      header: t('col.lastDown'),
      value: (r) => r.lastTime,
      cell: (r) => <span className="num">{r.lastTime ?? '—'}</span>,
    },
    seal_money: {
      id: 'seal_money',
      header: t('col.sealMoney'),
      value: (r) => r.sealMoney,
      numeric: true,
      cell: (r) => formatAmount(r.sealMoney, lang),
    },
    max_seal_money: {
      id: 'max_seal_money',
      header: t('col.maxSealMoney'),
      value: (r) => r.maxSealMoney,
      numeric: true,
      defaultHidden: true,
      cell: (r) => formatAmount(r.maxSealMoney, lang),
    },
    open_times: { id: 'open_times', header: t('col.openTimes'), value: (r) => r.openTimes, numeric: true },
    turnover: {
      id: 'turnover',
      header: t('col.turnover'),
      value: (r) => r.turnover,
      numeric: true,
      cell: (r) => formatAmount(r.turnover, lang),
    },
    turnover_ratio: {
      id: 'turnover_ratio',
      header: t('col.turnoverRatio'),
      value: (r) => r.turnoverRatio,
      numeric: true,
      cell: (r) => formatPercent(r.turnoverRatio, lang),
    },
    reason: {
      id: 'reason',
      header: t('col.reason'),
      value: (r) => r.reason,
      cell: (r) => (
        <span className="lu-reason" title={r.reason ?? undefined}>
          {r.st && <span className="lu-flag">{t('flag.st')}</span>}
          {r.isNew && <span className="lu-flag">{t('flag.new')}</span>}
          {r.reason ?? '—'}
        </span>
      ),
    },
    industry: {
      id: 'industry',
      header: t('col.industry'),
      value: (r) => r.industry,
      cell: (r) => (r.industry === undefined ? t('industry.loading') : (r.industry ?? '—')),
    },
  };
  return [
    ...codeNameColumns<PoolRow>({ code: t('col.code'), name: t('col.name') }),
    ...POOL_COLUMNS[pool].flatMap((id) => (id === 'code' || id === 'name' ? [] : [all[id]])),
  ];
}
