import { describe, expect, it } from 'vitest';
import { restrictedOperations as ops } from './restricted';
import { dataCases, paramCases } from './operation-cases.testkit';

const hfHistorical = ops['a-share/high-frequency/historical'];
const hfIntraday = ops['a-share/high-frequency/intraday'];
const flowSnapshot = ops['a-share/capital-flow/snapshot'];
const flowHistorical = ops['a-share/capital-flow/historical'];

const DAY = 24 * 3600 * 1000;
const t0 = Date.parse('2026-06-01T00:00:00+08:00');
const oneYearLater = Date.parse('2027-06-01T00:00:00+08:00');

describe('restricted operations', () => {
  it('are all marked restricted', () => {
    for (const op of Object.values(ops)) expect(op.access, op.id).toBe('restricted');
  });
});

paramCases(hfHistorical, [
  {
    name: 'daily by default',
    q: { thscode: '600519.SH', start: `${t0}`, end: `${t0 + 10 * DAY}` },
    code: 0,
    value: { interval: '1d' },
  },
  {
    name: 'an exchange index, minute data',
    q: { thscode: '000300.SH', interval: '1m', start: `${t0}`, end: `${t0}` },
    code: 0,
  },
  { name: 'a THS sector index', q: { thscode: '885517.TI', start: `${t0}`, end: `${t0}` }, code: 0 },
  { name: 'start missing', q: { thscode: '600519.SH', end: `${t0}` }, code: 1001, param: 'start' },
  {
    name: 'a batch',
    q: { thscode: '600519.SH,000001.SZ', start: `${t0}`, end: `${t0}` },
    code: 1002,
    param: 'thscode',
  },
  {
    name: 'a fund code',
    q: { thscode: '025480.OF', start: `${t0}`, end: `${t0}` },
    code: 1002,
    param: 'thscode',
  },
  {
    name: 'a pure code',
    q: { thscode: '600519', start: `${t0}`, end: `${t0}` },
    code: 1002,
    param: 'thscode',
  },
  {
    name: 'interval trend',
    q: { thscode: '600519.SH', interval: 'trend', start: `${t0}`, end: `${t0}` },
    code: 1002,
    param: 'interval',
  },
  { name: 'start zero', q: { thscode: '600519.SH', start: '0', end: `${t0}` }, code: 1003, param: 'start' },
  {
    name: 'end before start',
    q: { thscode: '600519.SH', start: `${t0}`, end: `${t0 - 1}` },
    code: 1004,
    param: 'end',
  },
]);

paramCases(hfIntraday, [
  { name: 'latest day by default', q: { thscode: '600519.SH' }, code: 0 },
  { name: 'one day', q: { thscode: '399001.SZ', date: '2026-07-14' }, code: 0 },
  { name: 'thscode missing', q: { date: '2026-07-14' }, code: 1001, param: 'thscode' },
  { name: 'bad date', q: { thscode: '600519.SH', date: '2026-07-32' }, code: 1002, param: 'date' },
]);

paramCases(flowSnapshot, [
  { name: 'an A-share', q: { thscode: '430047.BJ' }, code: 0 },
  { name: 'a sector index', q: { thscode: '885517.TI' }, code: 1002, param: 'thscode' },
  { name: 'lower-case suffix', q: { thscode: '600519.sh' }, code: 1002, param: 'thscode' },
]);

const flow = (interval: string, start: number, end: number) => ({
  thscode: '600519.SH',
  interval,
  start: `${start}`,
  end: `${end}`,
});
paramCases(flowHistorical, [
  { name: '1m over exactly 7 days', q: flow('1m', t0, t0 + 7 * DAY), code: 0 },
  { name: '1d over exactly one year', q: flow('1d', t0, oneYearLater), code: 0 },
  { name: 'start at zero is allowed', q: flow('1d', 0, 1000), code: 0 },
  {
    name: 'interval missing',
    q: { thscode: '600519.SH', start: `${t0}`, end: `${t0}` },
    code: 1001,
    param: 'interval',
  },
  { name: 'interval 5m', q: flow('5m', t0, t0), code: 1002, param: 'interval' },
  { name: 'negative start', q: flow('1d', -1, t0), code: 1003, param: 'start' },
  { name: 'end before start', q: flow('1d', t0, t0 - 1), code: 1004, param: 'end' },
  { name: '1m over 7 days', q: flow('1m', t0, t0 + 7 * DAY + 1), code: 1003, param: 'end' },
  { name: '1d over a year', q: flow('1d', t0, oneYearLater + 1), code: 1003, param: 'end' },
]);

dataCases(hfHistorical, [
  {
    name: 'daily stock series with participation',
    sample: {
      timestamp: t0 + DAY,
      thscode: '600519.SH',
      interval: '1d',
      item: [
        { date_ms: t0, hf_direction: 0.1234567, hf_participation: 0.42 },
        { date_ms: t0 + DAY, hf_direction: null, hf_participation: null },
      ],
    },
  },
  {
    name: 'minute series without participation',
    sample: {
      timestamp: t0,
      thscode: '600519.SH',
      interval: '1m',
      item: [{ date_ms: t0, hf_direction: -0.5 }],
    },
  },
  {
    name: 'no data in the legal range',
    sample: { timestamp: null, thscode: '600519.SH', interval: '1d', item: [] },
  },
]);

const bucket = { inflow_amount: 1.2e8, outflow_amount: 9.8e7, net_amount: 2.2e7 };
const nullBucket = { inflow_amount: null, outflow_amount: null, net_amount: null };
dataCases(flowSnapshot, [
  {
    name: 'four buckets',
    sample: { timestamp: t0, super_large: bucket, large: bucket, medium: bucket, small: bucket },
  },
  {
    name: 'no values yet',
    sample: {
      timestamp: null,
      super_large: nullBucket,
      large: nullBucket,
      medium: nullBucket,
      small: nullBucket,
    },
  },
  {
    name: 'a bucket missing',
    sample: { timestamp: null, super_large: nullBucket, large: nullBucket, medium: nullBucket },
    ok: false,
  },
]);

const hBucket = { inflow_amount: 1.2e8, outflow_amount: null };
dataCases(flowHistorical, [
  {
    name: 'daily buckets without net',
    sample: {
      timestamp: t0,
      thscode: '600519.SH',
      interval: '1d',
      item: [{ date_ms: t0, super_large: hBucket, large: hBucket, medium: hBucket, small: hBucket }],
    },
  },
]);
