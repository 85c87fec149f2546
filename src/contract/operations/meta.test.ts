import { metaOperations as ops } from './meta';
import { dataCases, paramCases } from './operation-cases.testkit';

const search = ops['meta/tickers/search'];
const list = ops['meta/tickers/list'];

paramCases(search, [
  { name: 'keyword only, limit 10', q: { q: '同花顺' }, code: 0, value: { q: '同花顺', limit: 10 } },
  {
    name: 'futures exchange and two types, de-duplicated',
    q: { q: 'IF', exchange: 'CFFEX', asset_type: 'futures,options,futures', limit: '50' },
    code: 0,
    value: { asset_type: ['futures', 'options'] },
  },
  { name: 'q missing', q: { limit: '5' }, code: 1001, param: 'q' },
  { name: 'q of 65 characters', q: { q: 'x'.repeat(65) }, code: 1003, param: 'q' },
  { name: 'unknown exchange', q: { q: 'a', exchange: 'NYSE' }, code: 1002, param: 'exchange' },
  { name: 'abstract asset type fund', q: { q: 'a', asset_type: 'fund' }, code: 1003, param: 'asset_type' },
  {
    name: 'one bad among good types',
    q: { q: 'a', asset_type: 'a-share,stock' },
    code: 1003,
    param: 'asset_type',
  },
  {
    name: 'an empty asset type token',
    q: { q: 'a', asset_type: 'a-share,' },
    code: 1003,
    param: 'asset_type',
  },
  { name: 'limit 51', q: { q: 'a', limit: '51' }, code: 1003, param: 'limit' },
  { name: 'limit 0', q: { q: 'a', limit: '0' }, code: 1003, param: 'limit' },
]);

paramCases(list, [
  {
    name: 'Shanghai and Shenzhen by default, first 1000 rows',
    q: {},
    code: 0,
    value: { exchange: ['SH', 'SZ'], limit: 1000, offset: 0 },
  },
  {
    name: 'Beijing funds, page 3',
    q: { exchange: 'BJ', asset_type: 'fund-etf,fund-lof', offset: '2000' },
    code: 0,
  },
  { name: 'largest page', q: { limit: '10000' }, code: 0 },
  { name: 'unknown exchange', q: { exchange: 'SH,HK' }, code: 1002, param: 'exchange' },
  {
    name: 'futures are not in the code table',
    q: { asset_type: 'futures' },
    code: 1003,
    param: 'asset_type',
  },
  { name: 'an empty asset type token', q: { asset_type: ',a-share' }, code: 1003, param: 'asset_type' },
  { name: 'limit 10001', q: { limit: '10001' }, code: 1003, param: 'limit' },
  { name: 'limit 0', q: { limit: '0' }, code: 1003, param: 'limit' },
  { name: 'negative offset', q: { offset: '-1' }, code: 1003, param: 'offset' },
]);

const stock = {
  thscode: '300033.SZ',
  ticker: '300033',
  name: '同花顺',
  exchange: 'SZ',
  asset_type: 'a-share',
  currency: 'CNY',
};

dataCases(search, [
  {
    name: 'a stock with dates and an off-exchange fund without exchange',
    sample: {
      timestamp: 1784073600000,
      item: [
        {
          ...stock,
          list_date: '2009-12-25',
          end_date: null,
          last_trade_date: null,
          last_delivery_date: null,
        },
        {
          thscode: '025480.OF',
          ticker: '025480',
          name: '样本基金C',
          exchange: null,
          asset_type: 'fund-otc',
          currency: 'CNY',
          list_date: null,
          end_date: null,
          last_trade_date: null,
          last_delivery_date: null,
        },
      ],
    },
  },
  {
    name: 'rows shaped like the vendor TickerItem (no date keys)',
    sample: { timestamp: 1784073600000, item: [stock] },
  },
  {
    name: 'a row without asset_type',
    sample: { timestamp: 1, item: [{ ...stock, asset_type: undefined }] },
    ok: false,
  },
]);

dataCases(list, [
  {
    name: 'a page of the code table',
    sample: {
      timestamp: 1784073600000,
      item: [
        stock,
        {
          thscode: '600519.SH',
          ticker: '600519',
          name: '贵州茅台',
          exchange: 'SH',
          asset_type: 'a-share',
          currency: 'CNY',
        },
      ],
    },
  },
]);
