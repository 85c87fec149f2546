import type { OperationId } from '../../src/contract/catalog';
import { stockByCode } from './model/universe';
import { fundByCode, managersOf } from './model/funds';
import { dayOf } from './model/calendar';
import { TRADING_MORNING } from './testkit';

/*
 * Requests shared by the simulator's own tests and the conformance test through the BFF: one valid
 * request per implemented operation, and one case per documented rule with the code it must give.
 * The rule cases assume the clock TRADING_MORNING.
 */

/** The first manager of a fund's profile on the test day (ids are opaque: callers take them from there). */
function managerOf(thscode: string): string {
  const fund = fundByCode(thscode);
  const id = fund ? managersOf(fund, dayOf('2026-07-15'))[0]?.manager.id : undefined;
  if (id === undefined) throw new Error(`no manager for ${thscode}`);
  return id;
}

/** The company id of a fund's profile. */
function companyOf(thscode: string): string {
  const id = fundByCode(thscode)?.company.id;
  if (id === undefined) throw new Error(`no company for ${thscode}`);
  return id;
}

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
  // Markets: Hong Kong IPO (an offer launched on 2026-07-07)
  'hk-share/ipo/application-list': { page: '2' },
  'hk-share/ipo/calendar-list': { status: 'awaiting_listing' },
  'hk-share/ipo/issue-detail': { issue_code: 'HKIPO20260707361' },
  // Markets: restricted (answered when the simulator is opened; the historical window is the last 30
  // trading days of TRADING_MORNING, see DATE_BOUND_SAMPLES)
  'a-share/high-frequency/historical': {
    thscode: '300033.SZ',
    interval: '1d',
    start: String(Date.parse('2026-07-01T00:00:00+08:00')),
    end: String(Date.parse('2026-07-15T00:00:00+08:00')),
  },
  'a-share/high-frequency/intraday': { thscode: '000300.SH' },
  'a-share/capital-flow/snapshot': { thscode: '600519.SH' },
  'a-share/capital-flow/historical': {
    thscode: '300033.SZ',
    interval: '1m',
    start: String(Date.parse('2026-07-13T09:00:00+08:00')),
    end: String(Date.parse('2026-07-14T15:00:00+08:00')),
  },
  // Funds (the manager and company ids come from the fund profile, as a caller gets them)
  'fund/performance/nav': { thscode: '510300.SH', range: 'year' },
  'fund/performance/returns': { thscode: '005827.OF' },
  'fund/performance/indicators-historical': {
    thscode: '510300.SH',
    start: String(Date.parse('2026-01-05T00:00:00+08:00')),
    end: String(Date.parse('2026-07-10T00:00:00+08:00')),
  },
  'fund/performance/drawdowns': { thscode: '161725.SZ' },
  'fund/managers/investment-style': { manager_id: managerOf('005827.OF') },
  'fund/managers/performance': { manager_id: managerOf('510300.SH'), range: 'year' },
  'fund/managers/experience': { manager_id: managerOf('260108.OF') },
  'fund/managers/detail': { manager_id: managerOf('110022.OF') },
  'fund/financials/indicators': { thscode: '110022.OF' },
  'fund/financials/income-statements': { thscode: '510300.SH' },
  'fund/financials/balance-sheets': { thscode: '260108.OF' },
  'fund/holders/detail': { thscode: '005827.OF' },
  'fund/holders/top': { thscode: '510300.SH', limit: '5' },
  'fund/portfolio/holdings': { thscode: '005827.OF' },
  'fund/market/snapshot': { thscode: '510300.SH' },
  'fund/market/historical': {
    thscode: '510300.SH',
    start: String(Date.parse('2025-07-15T00:00:00+08:00')),
    end: String(Date.parse('2026-07-15T00:00:00+08:00')),
  },
  'fund/indicators/line': {
    indexes: JSON.stringify([
      {
        thscodes: ['510300.SH', '005827.OF'],
        index_info: [{ index_id: 'unit_nav' }, { index_id: 'rsi_pct' }],
      },
    ]),
    time_range: JSON.stringify({
      time_type: 'DAY_1',
      start: Date.parse('2026-06-01T00:00:00+08:00'),
      end: Date.parse('2026-07-10T00:00:00+08:00'),
    }),
  },
  'fund/indicators/table': {
    code_selectors: JSON.stringify({
      include: [{ type: 'fund_code', thscodes: ['000001.OF', '510300.SH'] }],
    }),
    indexes: JSON.stringify([{ index_id: 'maxDrawDownWeek' }, { index_id: 'maxDrawDownNow' }]),
  },
  'fund/backtest/result': {
    thscode: '000001.OF',
    buy_conditions: JSON.stringify({ indicator_code: 'rsi_pct', operator: '<', value: 45 }),
    sell_conditions: JSON.stringify([{ indicator_code: 'rsi_pct', operator: '>', value: 70 }]),
    buy_frequency_type: 'WEEKLY',
    max_buy_times: '20',
    per_buy_amount: '1000',
  },
  'fund/backtest/indicators': {},
  'fund/quota/summary': { tab: JSON.stringify(['nazhi100']) },
  'fund/quota/list': { tab: JSON.stringify(['remen', 'nazhi100']), buy: 'true' },
  'fund/profile/detail': { fund_type: 'exchange', thscode: '510300.SH' },
  'fund/corporate-actions/dividends': { fund_type: 'exchange', thscode: '510880.SH' },
  'fund/diagnostics/detail': { fund_type: 'otc', thscode: '005827.OF' },
  'fund/news/article-list': { fund_type: 'otc', thscode: '005827.OF', limit: '10' },
  'fund/offerings/list': { subscribe: 'active' },
  'fund/companies/detail': { company_id: companyOf('510300.SH') },
  'fund/portfolio/industry-allocation': { fund_type: 'otc', thscode: '005827.OF' },
  'fund/portfolio/asset-allocation': { fund_type: 'otc', thscode: '260108.OF' },
  'fund/portfolio/stock-report-dates': { fund_type: 'otc', thscode: '005827.OF' },
  'fund/portfolio/stock-history': {
    fund_type: 'otc',
    thscode: '005827.OF',
    report_type: 'quarter',
    end_date: '2025-12-31',
  },
  'fund/portfolio/bond-report-dates': { fund_type: 'otc', thscode: '260108.OF' },
  'fund/portfolio/bond-history': {
    fund_type: 'otc',
    thscode: '260108.OF',
    report_type: 'semi',
    end_date: '2025-06-30',
  },
  // Whole-market dumps (a link once the file of the data date exists: testkit.ts's testDumps.prepare)
  'dump/market-dumps/daily-k/download-url': {},
  'dump/market-dumps/daily-k-10d/download-url': {},
  'dump/market-dumps/adjustment-factors/download-url': {},
};

/** Samples whose parameters only fit the window of TRADING_MORNING (the last 30 trading days). */
export const DATE_BOUND_SAMPLES: readonly OperationId[] = ['a-share/high-frequency/historical'];

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
const FUND_START = String(Date.parse('2020-01-02T00:00:00+08:00'));
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
  ['whole-market snapshot page over 10000', '/api/a-share/prices/snapshot', { limit: '10001' }, 1003],
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
  // Funds
  [
    'fund net value with an unknown range',
    '/api/fund/performance/nav',
    { thscode: '510300.SH', range: 'decade' },
    1002,
  ],
  [
    'fund net value with a fund type of another fund',
    '/api/fund/performance/nav',
    { thscode: '510300.SH', fund_type: 'otc' },
    1004,
  ],
  ['fund net value of an unknown fund', '/api/fund/performance/nav', { thscode: '999999.OF' }, 3001],
  ['fund code without suffix', '/api/fund/performance/returns', { thscode: '510300' }, 1002],
  [
    'fund indicators without end',
    '/api/fund/performance/indicators-historical',
    { thscode: '510300.SH', start: FUND_START },
    1001,
  ],
  [
    'fund indicators over 5 years',
    '/api/fund/performance/indicators-historical',
    { thscode: '510300.SH', start: FUND_START, end: String(TRADING_MORNING) },
    1003,
  ],
  [
    'fund indicators ending before they start',
    '/api/fund/performance/indicators-historical',
    { thscode: '510300.SH', start: String(TRADING_MORNING), end: FUND_START },
    1004,
  ],
  [
    'manager performance without range',
    '/api/fund/managers/performance',
    { manager_id: managerOf('510300.SH') },
    1001,
  ],
  [
    'manager performance over a week',
    '/api/fund/managers/performance',
    { manager_id: managerOf('510300.SH'), range: 'week' },
    1002,
  ],
  ['unknown fund manager', '/api/fund/managers/detail', { manager_id: 'T000000000' }, 3001],
  [
    'holder structure on a basis the fund does not disclose',
    '/api/fund/holders/detail',
    { thscode: '510300.SH', merge_scope: 'merged' },
    3002,
  ],
  ['top holders over 10', '/api/fund/holders/top', { thscode: '510300.SH', limit: '11' }, 1003],
  ['ETF snapshot of a LOF', '/api/fund/market/snapshot', { thscode: '161725.SZ' }, 3004],
  ['ETF snapshot of an off-exchange fund', '/api/fund/market/snapshot', { thscode: '005827.OF' }, 3004],
  [
    'ETF bars of a REIT',
    '/api/fund/market/historical',
    { thscode: '508000.SH', start: FUND_START, end: FUND_START },
    3004,
  ],
  [
    'ETF bars over 5 years',
    '/api/fund/market/historical',
    { thscode: '510300.SH', start: FUND_START, end: String(TRADING_MORNING) },
    1003,
  ],
  [
    'indicator line with indexes that are not JSON',
    '/api/fund/indicators/line',
    { indexes: '[{', time_range: '{"time_type":"DAY_1"}' },
    1002,
  ],
  [
    'indicator line with an object for indexes',
    '/api/fund/indicators/line',
    { indexes: '{}', time_range: '{"time_type":"DAY_1"}' },
    1002,
  ],
  ['indicator line without time_range', '/api/fund/indicators/line', { indexes: '[]' }, 1001],
  ['indicator table with page_info as an array', '/api/fund/indicators/table', { page_info: '[]' }, 1002],
  [
    'back-test buying for nothing',
    '/api/fund/backtest/result',
    {
      thscode: '000001.OF',
      buy_conditions: '{"indicator_code":"rsi_pct","operator":"<","value":30}',
      sell_conditions: '[]',
      buy_frequency_type: 'WEEKLY',
      max_buy_times: '5',
      per_buy_amount: '0',
    },
    1003,
  ],
  [
    'back-test on an unknown indicator',
    '/api/fund/backtest/result',
    {
      thscode: '000001.OF',
      buy_conditions: '{"indicator_code":"moon_phase","operator":"<","value":30}',
      sell_conditions: '[]',
      buy_frequency_type: 'WEEKLY',
      max_buy_times: '5',
      per_buy_amount: '100',
    },
    1002,
  ],
  ['quota categories that are not a JSON array', '/api/fund/quota/summary', { tab: '{"remen":1}' }, 1002],
  ['fund profile without fund_type', '/api/fund/profile/detail', { thscode: '510300.SH' }, 1001],
  [
    'fund news page over 100',
    '/api/fund/news/article-list',
    { fund_type: 'otc', thscode: '005827.OF', limit: '101' },
    1003,
  ],
  [
    'fund news with a made-up cursor',
    '/api/fund/news/article-list',
    { fund_type: 'otc', thscode: '005827.OF', offset: 'page2' },
    1002,
  ],
  ['fund offerings with a numeric state', '/api/fund/offerings/list', { subscribe: '1' }, 1002],
  ['unknown fund company', '/api/fund/companies/detail', { company_id: '00000000' }, 3001],
  ['holdings of a money-market fund', '/api/fund/portfolio/holdings', { thscode: '005008.OF' }, 3002],
  [
    'stock history of a report type that does not exist',
    '/api/fund/portfolio/stock-history',
    { fund_type: 'otc', thscode: '005827.OF', report_type: 'weekly', end_date: '2025-12-31' },
    1002,
  ],
  // Markets: limit pools, ladder, anomalies, code table, valuations
  [
    'limit-up pool sorted by a field outside its whitelist',
    '/api/a-share/special-data/limit-up-pool',
    { sort_field: 'turnover' },
    1002,
  ],
  [
    'limit-break pool sorted by a limit-up field',
    '/api/a-share/special-data/limit-break-pool',
    { sort_field: 'continue_day_cnt' },
    1002,
  ],
  [
    'limit-down pool with a bad sort direction',
    '/api/a-share/special-data/limit-down-pool',
    { sort_dir: 'up' },
    1002,
  ],
  ['limit-up pool page 0', '/api/a-share/special-data/limit-up-pool', { page: '0' }, 1003],
  ['limit-up pool size over 200', '/api/a-share/special-data/limit-up-pool', { size: '201' }, 1003],
  [
    'limit-up pool with a date instead of ms',
    '/api/a-share/special-data/limit-up-pool',
    { date_ms: '2026-07-14' },
    1002,
  ],
  [
    'limit-up pool with date_ms not at midnight',
    '/api/a-share/special-data/limit-up-pool',
    { date_ms: String(Date.parse('2026-07-14T10:00:00+08:00')) },
    1002,
  ],
  [
    'anomaly list with an unknown tag',
    '/api/a-share/special-data/anomaly-analysis-list',
    { tag_codes: 'LIMIT_UP,MOON' },
    1002,
  ],
  [
    'anomaly list with an empty tag',
    '/api/a-share/special-data/anomaly-analysis-list',
    { tag_codes: 'LIMIT_UP,' },
    1002,
  ],
  ['anomaly batch without codes', '/api/a-share/special-data/anomaly-analysis-stock', {}, 1001],
  [
    'anomaly batch of 51 tokens',
    '/api/a-share/special-data/anomaly-analysis-stock',
    { thscodes: Array.from({ length: 51 }, () => '600519.SH').join(',') },
    1003,
  ],
  [
    'anomaly batch with a bare code',
    '/api/a-share/special-data/anomaly-analysis-stock',
    { thscodes: '600519' },
    1002,
  ],
  ['code table with the abstract type fund', '/api/meta/tickers/list', { asset_type: 'fund' }, 1003],
  ['code table with an empty type', '/api/meta/tickers/list', { asset_type: 'a-share,' }, 1003],
  ['code table page over 10000', '/api/meta/tickers/list', { limit: '10001' }, 1003],
  ['code table with an unknown exchange', '/api/meta/tickers/list', { exchange: 'SH,HK' }, 1002],
  ['valuations without codes', '/api/a-share/valuations/snapshot', {}, 1001],
  [
    'valuations of 101 tokens',
    '/api/a-share/valuations/snapshot',
    { thscodes: Array.from({ length: 101 }, () => '000001.SZ').join(',') },
    1003,
  ],
  [
    'valuations of a sector index',
    '/api/a-share/valuations/snapshot',
    { thscodes: '600519.SH,885517.TI' },
    1002,
  ],
  // Markets: index group
  ['THS index list of an unknown tag', '/api/a-share-index/catalog/ths-index-list', { tag: 'bonds' }, 1002],
  [
    'constituents of an unknown index',
    '/api/a-share-index/constituents/ths-stock-list',
    { thscode: '889999.TI' },
    3001,
  ],
  [
    'constituents of two indices',
    '/api/a-share-index/constituents/ths-stock-list',
    { thscode: '885517.TI,000300.SH' },
    1002,
  ],
  ['index snapshot without codes', '/api/a-share-index/prices/snapshot', {}, 1001],
  [
    'index history over 10 years',
    '/api/a-share-index/prices/historical',
    {
      thscode: '000300.SH',
      start: String(Date.parse('2014-01-01T00:00:00+08:00')),
      end: String(TRADING_MORNING),
    },
    1003,
  ],
  [
    'index history without start',
    '/api/a-share-index/prices/historical',
    { thscode: '000300.SH', end: start },
    1001,
  ],
  // Markets: futures
  ['basis history without a contract', '/api/futures/basis/historical', {}, 1001],
  ['basis history of a stock code', '/api/futures/basis/historical', { thscode: '600519.SH' }, 1002],
  ['basis history of an expired contract', '/api/futures/basis/historical', { thscode: 'RB2001.SHF' }, 3001],
  // Markets: options
  [
    'option detail of an expired contract',
    '/api/options/contracts/detail',
    { thscode: 'IO2001-C-4000.CFX' },
    3001,
  ],
  [
    'option intraday of an unknown session',
    '/api/options/prices/intraday',
    { thscode: 'IO2612-C-4000.CFX', session: 'night' },
    1002,
  ],
  [
    'option daily with start only',
    '/api/options/prices/daily',
    { thscode: 'IO2612-C-4000.CFX', start },
    1004,
  ],
  [
    'option daily ending before it starts',
    '/api/options/prices/daily',
    { thscode: 'IO2612-C-4000.CFX', start: String(TRADING_MORNING), end: start },
    1004,
  ],
  // Markets: Hong Kong IPO
  ['IPO application page 0', '/api/hk-share/ipo/application-list', { page: '0' }, 1003],
  ['IPO calendar without status', '/api/hk-share/ipo/calendar-list', {}, 1001],
  ['IPO calendar of an unknown status', '/api/hk-share/ipo/calendar-list', { status: 'listed' }, 1002],
  [
    'IPO issue code over 32 characters',
    '/api/hk-share/ipo/issue-detail',
    { issue_code: 'HKIPO'.padEnd(33, '0') },
    1003,
  ],
  ['unknown IPO issue', '/api/hk-share/ipo/issue-detail', { issue_code: 'HKIPO20260707999' }, 3001],
  // Markets: restricted (the simulator is opened for these)
  [
    'high-frequency start before the last 30 trading days',
    '/api/a-share/high-frequency/historical',
    {
      thscode: '300033.SZ',
      start: String(Date.parse('2026-05-06T00:00:00+08:00')),
      end: String(Date.parse('2026-07-01T00:00:00+08:00')),
    },
    1003,
  ],
  [
    'high-frequency daily start not at midnight',
    '/api/a-share/high-frequency/historical',
    {
      thscode: '300033.SZ',
      start: String(Date.parse('2026-07-01T09:30:00+08:00')),
      end: String(Date.parse('2026-07-02T00:00:00+08:00')),
    },
    1002,
  ],
  [
    'high-frequency minutes over two days',
    '/api/a-share/high-frequency/historical',
    {
      thscode: '300033.SZ',
      interval: '1m',
      start: String(Date.parse('2026-07-13T09:30:00+08:00')),
      end: String(Date.parse('2026-07-14T15:00:00+08:00')),
    },
    1004,
  ],
  [
    'high-frequency intraday before the window',
    '/api/a-share/high-frequency/intraday',
    { thscode: '000300.SH', date: '2026-05-06' },
    1003,
  ],
  ['high-frequency of a fund code', '/api/a-share/high-frequency/intraday', { thscode: '510300.SH' }, 3001],
  [
    'capital flow minutes over 7 days',
    '/api/a-share/capital-flow/historical',
    {
      thscode: '600519.SH',
      interval: '1m',
      start: String(Date.parse('2026-07-01T09:00:00+08:00')),
      end: String(TRADING_MORNING),
    },
    1003,
  ],
  [
    'capital flow days over one year',
    '/api/a-share/capital-flow/historical',
    { thscode: '600519.SH', interval: '1d', start, end: String(TRADING_MORNING) },
    1003,
  ],
  [
    'capital flow without interval',
    '/api/a-share/capital-flow/historical',
    { thscode: '600519.SH', start, end: start },
    1001,
  ],
  ['capital flow of a bare code', '/api/a-share/capital-flow/snapshot', { thscode: '600519' }, 1002],
];
