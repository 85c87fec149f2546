import { indexGroupOperations as ops } from './index-group';
import { dataCases, paramCases } from './operation-cases.testkit';

const indexList = ops['a-share-index/catalog/ths-index-list'];
const constituents = ops['a-share-index/constituents/ths-stock-list'];
const snapshot = ops['a-share-index/prices/snapshot'];
const historical = ops['a-share-index/prices/historical'];

const start = Date.parse('2026-03-16T00:00:00+08:00');
const end = Date.parse('2026-07-15T00:00:00+08:00');
const tenYearsBefore = Date.parse('2016-07-15T00:00:00+08:00');

paramCases(indexList, [
  { name: 'concepts by default', q: {}, code: 0, value: { tag: 'cn_concept' } },
  { name: 'tag is case-insensitive', q: { tag: 'INDUSTRY' }, code: 0, value: { tag: 'industry' } },
  { name: 'unknown tag', q: { tag: 'sector' }, code: 1002, param: 'tag' },
]);

paramCases(constituents, [
  {
    name: 'a concept index, upper-cased',
    q: { thscode: '885517.ti' },
    code: 0,
    value: { thscode: '885517.TI' },
  },
  { name: 'an exchange index', q: { thscode: '000300.SH' }, code: 0 },
  { name: 'thscode missing', q: {}, code: 1001, param: 'thscode' },
  { name: 'two codes', q: { thscode: '885517.TI,886042.TI' }, code: 1002, param: 'thscode' },
  { name: 'a Beijing code', q: { thscode: '920001.BJ' }, code: 1002, param: 'thscode' },
]);

paramCases(snapshot, [
  { name: 'several indices', q: { thscodes: '000300.SH,399001.SZ,885517.TI' }, code: 0 },
  { name: 'limit and offset accepted', q: { thscodes: '000300.SH', limit: '10', offset: '0' }, code: 0 },
  { name: 'no whole-market mode', q: {}, code: 1001, param: 'thscodes' },
  { name: 'a fund code', q: { thscodes: '000300.SH,025480.OF' }, code: 1002, param: 'thscodes' },
]);

paramCases(historical, [
  {
    name: 'daily by default',
    q: { thscode: '885517.TI', start: `${start}`, end: `${end}` },
    code: 0,
    value: { interval: '1d' },
  },
  {
    name: 'exactly 10 years',
    q: { thscode: '000300.SH', start: `${tenYearsBefore}`, end: `${end}` },
    code: 0,
  },
  { name: 'start missing', q: { thscode: '000300.SH', end: `${end}` }, code: 1001, param: 'start' },
  {
    name: 'weekly bars',
    q: { thscode: '000300.SH', interval: '1w', start: `${start}`, end: `${end}` },
    code: 1002,
    param: 'interval',
  },
  {
    name: 'an adjust parameter',
    q: { thscode: '000300.SH', start: `${start}`, end: `${end}`, adjust: 'forward' },
    code: 1002,
    param: 'adjust',
  },
  {
    name: 'end before start',
    q: { thscode: '000300.SH', start: `${end}`, end: `${start}` },
    code: 1004,
    param: 'end',
  },
  {
    name: 'over 10 years',
    q: { thscode: '000300.SH', start: `${tenYearsBefore - 1}`, end: `${end}` },
    code: 1003,
    param: 'end',
  },
]);

dataCases(indexList, [
  {
    name: 'concepts without ticker',
    sample: {
      timestamp: 1,
      item: [
        { thscode: '885517.TI', name: '机器人概念' },
        { thscode: '886042.TI', name: '算力' },
      ],
    },
  },
]);

dataCases(constituents, [
  {
    name: 'members',
    sample: { timestamp: 1, item: [{ thscode: '300024.SZ', ticker: '300024', name: '机器人' }] },
  },
]);

const quote = {
  thscode: '885517.TI',
  ticker: '885517',
  last_price: 4516.2,
  open_price: 4480,
  high_price: 4530.1,
  low_price: 4470.5,
  prev_price: 4475.3,
  price_change: 40.9,
  price_change_ratio_pct: 0.91,
  volume: 3.9e10,
  turnover: 1.046e12,
};
dataCases(snapshot, [
  { name: 'explicit codes: null timestamp', sample: { timestamp: null, total: 1, item: [quote] } },
  {
    name: 'a quote without last_price',
    sample: { timestamp: null, total: 1, item: [{ ...quote, last_price: null }] },
    ok: false,
  },
]);

dataCases(historical, [
  {
    name: 'concept bars with a null adjust',
    sample: {
      timestamp: end,
      adjust: null,
      item: [
        {
          date_ms: end,
          open_price: 4480,
          high_price: 4530.1,
          low_price: 4470.5,
          close_price: 4516.2,
          volume: 3.9e10,
          turnover: 1.046e12,
        },
      ],
    },
  },
]);
