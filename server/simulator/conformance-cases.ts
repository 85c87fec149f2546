import type { OperationId } from '../../src/contract/catalog';
import { stockByCode } from './model/universe';
import { TRADING_MORNING } from './testkit';

/*
 * Requests shared by the simulator's own tests and the conformance test through the BFF: one valid
 * request per implemented operation, and one case per documented rule with the code it must give.
 * The rule cases assume the clock TRADING_MORNING.
 */

/** Valid parameters for every implemented operation (a new handler without a sample fails the test). */
export const SAMPLES: Partial<Record<OperationId, Record<string, string>>> = {
  'a-share/calendar/trading-days': {},
  'a-share/corporate-actions/adjustment-factors': { thscode: '600519.SH' },
  'a-share/prices/snapshot': { limit: '50', offset: '100' },
  'a-share/prices/historical': {
    thscode: '600519.SH',
    start: String(Date.parse('2025-07-01T00:00:00+08:00')),
    end: String(Date.parse('2026-07-15T00:00:00+08:00')),
  },
  'a-share/financials/indicators': { thscode: '600519.SH', report: '2025-4' },
  'a-share/financials/income-statements': { thscode: '600519.SH', period: 'quarterly', limit: '8' },
  'a-share/financials/balance-sheets': { thscode: '000001.SZ' },
  'a-share/financials/cash-flow-statements': { thscode: '300033.SZ' },
  'a-share/special-data/dragon-tiger-list': { board_type: 'all' },
  'a-share/special-data/dragon-tiger-stock-institution': { thscode: '600519.SH' },
  'a-share/special-data/skyrocket-list': { period: 'hour' },
  'a-share/special-data/hot-stock-list': {},
  'a-share/special-data/hot-stock-list-history': { date: '2026-07-10' },
  'a-share/special-data/hot-stock-rank-trend': {
    thscode: '300033.SZ',
    start_date: '2026-06-15',
    end_date: '2026-07-15',
  },
  'a-share/special-data/abnormal-monitor-list': { state: 'history', size: '10' },
  'a-share/auction/snapshot': { thscodes: '600519.SH,000001.SZ,600519.SH' },
  'a-share/auction/short-term-benchmark': { date: '2026-07-14' },
  'meta/tickers/search': { q: 'moutai' },
  'news/flash/list': { tag_id: '0', seq: '0' },
  'news/flash/refresh': {
    tag_id: '0',
    seq: '0',
    create_time_ms: String(Date.parse('2026-07-15T09:00:00+08:00')),
  },
  'news/notice/detail': { seq: '1784080892624084722' },
  // Markets: named-only A-share operations and the index group
  'a-share/special-data/limit-up-pool': { size: '20', sort_field: 'continue_day_cnt' },
  'a-share/special-data/limit-down-pool': { date_ms: String(Date.parse('2026-07-14T00:00:00+08:00')) },
  'a-share/special-data/limit-break-pool': { sort_field: 'open_times', sort_dir: 'asc' },
  'a-share/special-data/limit-up-ladder': {},
  'a-share/special-data/anomaly-analysis-list': { tag_codes: 'limit_up,RAPID_RALLY' },
  'a-share/special-data/anomaly-analysis-stock': { thscodes: '600519.SH,300033.SZ,000001.SZ' },
  'meta/tickers/list': { asset_type: 'a-share,fund-etf', limit: '500', offset: '1000' },
  'a-share/valuations/snapshot': { thscodes: '600519.SH,000001.SZ,601012.SH,600519.SH' },
  'a-share-index/catalog/ths-index-list': { tag: 'industry' },
  'a-share-index/constituents/ths-stock-list': { thscode: '885517.TI' },
  'a-share-index/prices/snapshot': { thscodes: '000300.SH,885517.TI,399006.SZ' },
  'a-share-index/prices/historical': {
    thscode: '000300.SH',
    start: String(Date.parse('2026-01-01T00:00:00+08:00')),
    end: String(Date.parse('2026-07-15T00:00:00+08:00')),
  },
  // Markets: futures
  'futures/variety-plates/list': {},
  'futures/contracts/main-continuous-list': {},
  'futures/contracts/main-list': {},
  'futures/contracts/secondary-main-list': {},
  'futures/contracts/commodity-index-list': {},
  'futures/varieties/list': {},
  'futures/basis/main-continuous-latest': {},
  'futures/basis/historical': { thscode: 'CUZL.SHF' },
  // Markets: options (December 2026 contracts are listed on every test clock)
  'options/varieties/list': {},
  'options/contracts/detail': { thscode: '10261220.SH' },
  'options/prices/intraday': { thscode: 'IO2612-C-4000.CFX' },
  'options/prices/daily': { thscode: 'IO2612-P-3900.CFX' },
};

export function url(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** A well-formed code that is not in the code table. */
function unknownCode(): string {
  for (let n = 600000; n <= 600999; n++) {
    const code = `${n}.SH`;
    if (!stockByCode(code)) return code;
  }
  throw new Error('no free code');
}

const start = String(Date.parse('2015-01-01T00:00:00+08:00'));
export const RULE_CASES: readonly (readonly [
  name: string,
  path: string,
  query: Record<string, string>,
  code: number,
])[] = [
  [
    'missing required parameter',
    '/api/a-share/prices/historical',
    { thscode: '600519.SH', end: start },
    1001,
  ],
  [
    'historical window over 10 years',
    '/api/a-share/prices/historical',
    { thscode: '600519.SH', start, end: String(TRADING_MORNING) },
    1003,
  ],
  ['malformed code', '/api/a-share/prices/historical', { thscode: '600519', start, end: start }, 1002],
  [
    'unknown but well-formed code',
    '/api/a-share/prices/historical',
    { thscode: unknownCode(), start, end: start },
    3001,
  ],
  [
    'statements with limit and a range',
    '/api/a-share/financials/income-statements',
    { thscode: '600519.SH', limit: '4', start, end: start },
    1004,
  ],
  [
    'statements with start only',
    '/api/a-share/financials/balance-sheets',
    { thscode: '600519.SH', start },
    1004,
  ],
  ['indicators without report', '/api/a-share/financials/indicators', { thscode: '600519.SH' }, 1001],
  [
    'indicators with a bad report',
    '/api/a-share/financials/indicators',
    { thscode: '600519.SH', report: '2025-5' },
    1002,
  ],
  [
    'indicators of a report not disclosed yet',
    '/api/a-share/financials/indicators',
    { thscode: '600519.SH', report: '2026-2' },
    3002,
  ],
  [
    'dragon-tiger list on a Sunday',
    '/api/a-share/special-data/dragon-tiger-list',
    { date: '2026-07-12' },
    1002,
  ],
  [
    'dragon-tiger list on a holiday',
    '/api/a-share/special-data/dragon-tiger-list',
    { date: '2026-06-19' },
    1002,
  ],
  [
    'dragon-tiger list of today before publication',
    '/api/a-share/special-data/dragon-tiger-list',
    { date: '2026-07-15' },
    3002,
  ],
  [
    'dragon-tiger list in the future',
    '/api/a-share/special-data/dragon-tiger-list',
    { date: '2026-07-20' },
    1003,
  ],
  [
    'dragon-tiger list over a year back',
    '/api/a-share/special-data/dragon-tiger-list',
    { date: '2025-07-01' },
    1003,
  ],
  ['unknown board type', '/api/a-share/special-data/dragon-tiger-list', { board_type: 'retail' }, 1002],
  [
    'rank trend with start after end',
    '/api/a-share/special-data/hot-stock-rank-trend',
    { thscode: '300033.SZ', start_date: '2026-07-10', end_date: '2026-07-01' },
    1004,
  ],
  [
    'rank trend over a year back',
    '/api/a-share/special-data/hot-stock-rank-trend',
    { thscode: '300033.SZ', start_date: '2025-01-01', end_date: '2025-02-01' },
    1003,
  ],
  [
    'hot history date not yyyy-MM-dd',
    '/api/a-share/special-data/hot-stock-list-history',
    { date: '20260710' },
    1002,
  ],
  ['hot list period not day or hour', '/api/a-share/special-data/hot-stock-list', { period: 'week' }, 1002],
  ['hot list limit over 100', '/api/a-share/special-data/skyrocket-list', { limit: '101' }, 1003],
  [
    'search with an invalid asset type',
    '/api/meta/tickers/search',
    { q: '茅台', asset_type: 'a-share,bond' },
    1003,
  ],
  ['search without q', '/api/meta/tickers/search', {}, 1001],
  [
    '101 auction tokens',
    '/api/a-share/auction/snapshot',
    { thscodes: Array.from({ length: 101 }, () => '600519.SH').join(',') },
    1003,
  ],
  ['auction with an index code', '/api/a-share/auction/snapshot', { thscodes: '600519.SH,000001.SH' }, 1002],
  [
    'refresh with create_time_ms not in whole seconds',
    '/api/news/flash/refresh',
    { tag_id: '0', seq: '0', create_time_ms: '1784080892001' },
    1002,
  ],
  ['monitor page size over 30', '/api/a-share/special-data/abnormal-monitor-list', { size: '31' }, 1003],
];
