import { aShareReferenceOperations as ops } from './a-share-reference';
import { dataCases, paramCases } from './operation-cases.testkit';

const calendar = ops['a-share/calendar/trading-days'];
const factors = ops['a-share/corporate-actions/adjustment-factors'];

paramCases(calendar, [{ name: 'takes no parameters', q: {}, code: 0 }]);

paramCases(factors, [
  { name: 'one code alone', q: { thscode: '600519.SH' }, code: 0 },
  { name: 'with a date range', q: { thscode: '600519.SH', from: '2016-01-01', to: '2026-07-15' }, code: 0 },
  { name: 'the same day twice', q: { thscode: '600519.SH', from: '2026-07-15', to: '2026-07-15' }, code: 0 },
  { name: 'thscode missing', q: { from: '2016-01-01' }, code: 1001, param: 'thscode' },
  { name: 'two codes', q: { thscode: '600519.SH,000001.SZ' }, code: 1002, param: 'thscode' },
  { name: 'a bare code', q: { thscode: '600519' }, code: 1002, param: 'thscode' },
  { name: 'from not yyyy-MM-dd', q: { thscode: '600519.SH', from: '20160101' }, code: 1002, param: 'from' },
  { name: 'to not a real day', q: { thscode: '600519.SH', to: '2026-02-30' }, code: 1002, param: 'to' },
  {
    name: 'to before from',
    q: { thscode: '600519.SH', from: '2026-01-02', to: '2026-01-01' },
    code: 1004,
    param: 'to',
  },
]);

dataCases(calendar, [
  {
    name: 'yyyyMMdd days ascending',
    sample: {
      timestamp: 1784080800000,
      item: [
        { date_ms: 1784044800000, date: '20260714' },
        { date_ms: 1784131200000, date: '20260715' },
      ],
    },
  },
  { name: 'a day without date_ms', sample: { timestamp: 1, item: [{ date: '20260715' }] }, ok: false },
]);

dataCases(factors, [
  {
    name: 'cash and bonus events, newest first',
    sample: {
      thscode: '300033.SZ',
      ticker: '300033',
      item: [
        { ticker: '300033', ex_date_ms: 1780243200000, dividend_per_share: 3.7, per_share_bonus: 0 },
        {
          ticker: '300033',
          ex_date_ms: 1748620800000,
          dividend_per_share: 0,
          per_share_bonus: 0.4,
          allotment_ratio: 0,
        },
      ],
    },
  },
  { name: 'an empty stream', sample: { thscode: '600519.SH', ticker: '600519', item: [] } },
  {
    name: 'a dividend as text',
    sample: {
      thscode: '600519.SH',
      ticker: '600519',
      item: [{ ticker: '600519', ex_date_ms: 1, dividend_per_share: '3.7', per_share_bonus: 0 }],
    },
    ok: false,
  },
]);
