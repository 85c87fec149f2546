import { describe } from 'vitest';
import { shanghaiMidnight } from '../time';
import { fundMarketOperations as ops } from './fund-market';
import { dataSuite, err, ok, paramSuite } from './operation-suites.testkit';

const day = (d: string) => String(shanghaiMidnight(d));
const E = '510300.SH';

describe('exchange-traded fund market', () => {
  paramSuite(ops, {
    'fund/market/snapshot': [
      ['one ETF', { thscode: E }, ok('thscode=510300.SH')],
      ['missing thscode', {}, err(1001, 'thscode')],
      ['two codes', { thscode: '510300.SH,159919.SZ' }, err(1002, 'thscode')],
      [
        'fund_type is not taken by market operations',
        { thscode: E, fund_type: 'exchange' },
        err(1002, 'fund_type'),
      ],
    ],
    'fund/market/historical': [
      [
        'defaults interval to 1d; exactly 5 years',
        { thscode: E, start: day('2021-03-01'), end: day('2026-03-01') },
        ok(`end=${day('2026-03-01')}&interval=1d&start=${day('2021-03-01')}&thscode=510300.SH`),
      ],
      ['missing start', { thscode: E, end: day('2026-03-01') }, err(1001, 'start')],
      ['missing end', { thscode: E, start: day('2026-03-01') }, err(1001, 'end')],
      [
        'end before start',
        { thscode: E, start: day('2026-03-02'), end: day('2026-03-01') },
        err(1004, 'end'),
      ],
      [
        'over 5 natural years',
        { thscode: E, start: day('2021-03-01'), end: day('2026-03-02') },
        err(1003, 'end'),
      ],
      ['interval other than 1d', { thscode: E, interval: '1w', start: '1', end: '2' }, err(1002, 'interval')],
      ['adjust is not taken', { thscode: E, start: '1', end: '2', adjust: 'forward' }, err(1002, 'adjust')],
    ],
  });

  dataSuite(
    ops,
    {
      'fund/market/snapshot': {
        timestamp: 1767249000000,
        item: [
          {
            thscode: E,
            ticker: '510300',
            last_price: 4.012,
            open_price: 3.998,
            high_price: 4.02,
            low_price: 3.991,
            prev_price: 3.995,
            price_change_ratio_pct: 0.43,
            price_change: 0.017,
            price_amplitude_ratio_pct: 0.73,
            volume: 512345600,
            turnover: 2051234567.8,
            turnover_ratio_pct: null,
            x_item_extra: 'kept',
          },
        ],
      },
      'fund/market/historical': {
        timestamp: 1767196800000,
        thscode: E,
        interval: '1d',
        item: [
          {
            date_ms: 1767196800000,
            open_price: 3.998,
            high_price: 4.02,
            low_price: 3.991,
            close_price: 4.012,
            volume: 512345600,
            turnover: 2051234567.8,
          },
        ],
      },
    },
    {
      'fund/market/historical': {
        timestamp: null,
        thscode: E,
        interval: '1d',
        adjust: null,
        item: [{ date_ms: 1 }],
      },
    },
  );
});
