import { describe, expect, it } from 'vitest';
import { atTheMoneyStrike, buildChain, expiriesOf, latestQuote, listedContracts, parityGap } from './chain';
import type { OptionBar, OptionDetail } from './queries';
import type { InstrumentRecord } from '../../api/instruments';

describe('atTheMoneyStrike', () => {
  it('is the strike closest to the underlying price', () => {
    expect(atTheMoneyStrike([2.7, 2.75, 2.8, 2.85, 2.9], 2.745)).toBe(2.75);
    expect(atTheMoneyStrike([3800, 3900, 4000, 4100, 4200], 4009.62)).toBe(4000);
    // Outside the listed strikes: the nearest end.
    expect(atTheMoneyStrike([3800, 3900, 4000], 4500)).toBe(4000);
    expect(atTheMoneyStrike([3800, 3900, 4000], 100)).toBe(3800);
  });

  it('takes the lower strike on an exact tie, whatever the order of the list', () => {
    expect(atTheMoneyStrike([2.8, 2.7], 2.75)).toBe(2.7);
    expect(atTheMoneyStrike([2.7, 2.8], 2.75)).toBe(2.7);
  });

  it('is null without a price or without strikes, and skips missing strikes', () => {
    expect(atTheMoneyStrike([2.7, 2.8], null)).toBeNull();
    expect(atTheMoneyStrike([2.7, 2.8], undefined)).toBeNull();
    expect(atTheMoneyStrike([2.7, 2.8], Number.NaN)).toBeNull();
    expect(atTheMoneyStrike([], 2.75)).toBeNull();
    expect(atTheMoneyStrike([null, 2.9, null], 2.75)).toBe(2.9);
  });
});

const record = (thscode: string, name: string, last: string | null): InstrumentRecord => ({
  thscode,
  ticker: thscode.split('.')[0] ?? '',
  name,
  exchange: 'SH',
  asset_type: 'options',
  currency: 'CNY',
  list_date: '2026-03-24',
  end_date: last,
  last_trade_date: last,
  last_delivery_date: last,
});

describe('listing', () => {
  const variety = { variety_code: '510050', exchange_code: 'SSE' };
  const rows = [
    record('10260700.SH', '50ETF购7月2700', '2026-07-22'),
    record('10260700.SH', '50ETF购7月2700', '2026-07-22'),
    record('13260700.SH', '科创50ETF购7月1000', '2026-07-22'),
    record('10260800.SH', '50ETF购8月2700', '2026-08-26'),
    record('10250600.SH', '50ETF购6月2700', '2026-06-24'),
  ];

  it('keeps the variety’s own contracts once each', () => {
    expect(listedContracts(rows, variety).map((r) => r.thscode)).toEqual([
      '10260700.SH',
      '10260800.SH',
      '10250600.SH',
    ]);
  });

  it('lists expiries soonest first, without expired ones', () => {
    expect(expiriesOf(listedContracts(rows, variety), '2026-07-15')).toEqual(['2026-07-22', '2026-08-26']);
    expect(expiriesOf([], '2026-07-15')).toEqual([]);
  });
});

function detail(thscode: string, strike: number | null, type: string | null): OptionDetail {
  return {
    timestamp: 1,
    thscode,
    ticker: thscode,
    display_code: null,
    name: thscode,
    variety_code: '510050',
    pinyin: null,
    list_date: null,
    end_date: null,
    last_trade_date: '2026-07-22',
    last_delivery_date: null,
    margin_rate: null,
    strike_price: strike,
    trade_amount: 10000,
    underlying_code: '510050.SH',
    exercise_style: 'european',
    option_type: type,
  };
}

function bar(day: number, close: number | null, volume = 10): OptionBar {
  return {
    timestamp: day * 86_400_000,
    open_price: close,
    high_price: close,
    low_price: close,
    close_price: close,
    volume,
    turnover: null,
  };
}

describe('buildChain', () => {
  it('puts every strike on one row with its call and its put, strikes ascending', () => {
    const chain = buildChain([
      { detail: detail('P275', 2.75, 'put'), bars: [bar(1, 0.05), bar(2, 0.04)] },
      { detail: detail('C275', 2.75, 'call'), bars: [bar(2, 0.03), bar(1, 0.02)] },
      { detail: detail('C270', 2.7, 'call'), bars: [] },
      { detail: detail('P270', 2.7, 'put'), bars: undefined },
      { detail: detail('C280', 2.8, 'call'), bars: [bar(1, 0.01)] },
      { detail: detail('X', null, 'call'), bars: [] },
      { detail: detail('Y', 2.9, null), bars: [] },
      { detail: undefined, bars: [] },
    ]);
    expect(chain.map((r) => [r.strike, r.call?.thscode ?? null, r.put?.thscode ?? null])).toEqual([
      [2.7, 'C270', 'P270'],
      [2.75, 'C275', 'P275'],
      [2.8, 'C280', null],
    ]);
    expect(chain[1]?.call).toMatchObject({ last: 0.03, volume: 10 });
    expect(chain[1]?.call?.changePct).toBeCloseTo(50, 10);
    expect(chain[1]?.put?.changePct).toBeCloseTo(-20, 10);
    expect(chain[0]?.call).toMatchObject({ last: null, changePct: null });
  });

  it('gives no change without a previous bar or with a zero close before', () => {
    expect(latestQuote([bar(1, 0.01)]).changePct).toBeNull();
    expect(latestQuote([bar(1, 0), bar(2, 0.01)]).changePct).toBeNull();
    expect(latestQuote(undefined)).toEqual({ last: null, changePct: null, volume: null, time: null });
  });
});

describe('parityGap', () => {
  it('is (C − P) − (S − K)', () => {
    expect(parityGap(0.06, 0.05, 2.745, 2.75)).toBeCloseTo(0.015, 10);
    expect(parityGap(120, 100, 4000, 4000)).toBeCloseTo(20, 10);
  });

  it('is null when a figure is missing', () => {
    expect(parityGap(null, 0.05, 2.745, 2.75)).toBeNull();
    expect(parityGap(0.06, undefined, 2.745, 2.75)).toBeNull();
    expect(parityGap(0.06, 0.05, null, 2.75)).toBeNull();
    expect(parityGap(0.06, 0.05, 2.745, Number.NaN)).toBeNull();
  });
});
