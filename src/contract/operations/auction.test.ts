import { auctionOperations as ops } from './auction';
import { copies, dataCases, paramCases } from './operation-cases.testkit';

const snapshot = ops['a-share/auction/snapshot'];
const benchmark = ops['a-share/auction/short-term-benchmark'];

paramCases(snapshot, [
  {
    name: 'final stage by default, codes upper-cased',
    q: { thscodes: '300033.sz,600519.SH' },
    code: 0,
    value: { thscodes: ['300033.SZ', '600519.SH'], stage: 'final' },
  },
  { name: 'live stage', q: { thscodes: '300033.SZ', stage: 'live' }, code: 0 },
  { name: '100 tokens, duplicates included', q: { thscodes: copies('300033.SZ', 100) }, code: 0 },
  { name: 'thscodes missing', q: {}, code: 1001, param: 'thscodes' },
  {
    name: '101 tokens of one code',
    q: { thscodes: copies('300033.SZ', 101) },
    code: 1003,
    param: 'thscodes',
  },
  { name: 'a sector index code', q: { thscodes: '300033.SZ,885517.TI' }, code: 1002, param: 'thscodes' },
  { name: 'an off-exchange fund code', q: { thscodes: '025480.OF' }, code: 1002, param: 'thscodes' },
  { name: 'an empty token', q: { thscodes: '300033.SZ,,600519.SH' }, code: 1002, param: 'thscodes' },
  { name: 'unknown stage', q: { thscodes: '300033.SZ', stage: 'open' }, code: 1002, param: 'stage' },
]);

paramCases(benchmark, [
  { name: 'today by default', q: {}, code: 0 },
  { name: 'an explicit day', q: { date: '2026-07-15' }, code: 0 },
  { name: 'date as yyyyMMdd', q: { date: '20260715' }, code: 1002, param: 'date' },
]);

const auctionRow = {
  thscode: '300033.SZ',
  ticker: '300033',
  name: '同花顺',
  auction_price: 219.5,
  auction_pct: 0.83,
  auction_volume: 3120,
  auction_amount: 68484000,
  auction_unmatched: 410,
  auction_turnover_pct: 0.06,
  auction_yesterday_ratio_pct: 4.1,
  auction_volume_ratio: 1.32,
  pre_close_price: 217.69,
  open_price: 219.5,
  last_price: 222.89,
  float_market_cap: 98000000000,
};

dataCases(snapshot, [
  {
    name: 'final auction with volume in lots',
    sample: {
      timestamp: 1784080800000,
      auction_phase: 'final',
      data_status: 'ready',
      total: 1,
      item: [auctionRow],
    },
  },
  {
    name: 'not ready yet, no rows',
    sample: {
      timestamp: 1784077200000,
      auction_phase: 'pre_open',
      data_status: 'not_ready',
      total: 0,
      item: [],
    },
  },
  {
    // docs/api/endpoints-auction.md types every figure number/null (not ready, suspended).
    name: 'a suspended row with every figure null',
    sample: {
      timestamp: 1,
      auction_phase: 'final',
      data_status: 'suspended',
      total: 1,
      item: [
        Object.fromEntries(Object.entries(auctionRow).map(([k, v]) => [k, typeof v === 'number' ? null : v])),
      ],
    },
  },
  {
    name: 'a row without its price',
    sample: {
      timestamp: 1,
      auction_phase: 'live',
      data_status: 'ready',
      total: 1,
      item: [{ ...auctionRow, auction_price: undefined }],
    },
    ok: false,
  },
]);

dataCases(benchmark, [
  {
    name: 'benchmark stocks with tags',
    sample: {
      timestamp: 1784080800000,
      date: '2026-07-15',
      date_ms: 1784044800000,
      item: [
        {
          thscode: '603986.SH',
          ticker: '603986',
          name: '兆易创新',
          auction_pct: 5.12,
          tags: ['存储', '芯片'],
        },
      ],
    },
  },
  {
    name: 'tags under the spec placeholder name only',
    sample: {
      timestamp: 1,
      date: '2026-07-15',
      date_ms: 1,
      item: [{ thscode: 'a', ticker: 'a', name: 'a', auction_pct: 1, 'the service': [] }],
    },
    ok: false,
  },
]);
