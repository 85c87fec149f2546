import { describe, expect, it } from 'vitest';
import { fractionToPercent, isOneDayRecord, netScale, summarise, type DragonTigerList } from './dragon-tiger';

function row(thscode: string, extra: Record<string, unknown> = {}) {
  return { thscode, ticker: thscode.slice(0, 6), name: thscode, ...extra };
}

function list(stockItems: ReturnType<typeof row>[], counts = { count: stockItems.length, stock_count: 0 }) {
  const data: DragonTigerList = {
    timestamp: 0,
    board_type: 'all',
    trade_date: '2026-07-14',
    count: counts.count,
    stock_count: counts.stock_count,
    stock_items: stockItems,
    hot_money_items: [],
  };
  return data;
}

describe('fractionToPercent', () => {
  it('turns the service fraction into a percent value without float noise', () => {
    expect(fractionToPercent(0.2002)).toBe(20.02);
    expect(fractionToPercent(-0.0788)).toBe(-7.88);
    expect(fractionToPercent(0.1)).toBe(10);
  });

  it('keeps "not given" apart from zero', () => {
    expect(fractionToPercent(null)).toBeNull();
    expect(fractionToPercent(undefined)).toBeNull();
    expect(fractionToPercent(Number.NaN)).toBeNull();
    expect(fractionToPercent(0)).toBe(0);
  });
});

describe('summarise', () => {
  it('adds up one-day records only: a 3-day or 30-day record would count days twice', () => {
    const data = list(
      [
        row('600754.SH', { range_days: 1, net_value: 200_000_000, org_net_value: 50_000_000 }),
        row('600754.SH', { range_days: 3, net_value: 300_000_000, org_net_value: 70_000_000 }),
        row('000001.SZ', { range_days: 1, net_value: -100_000_000.1 }),
        // The real service's sentinel-like 30-day row.
        row('300001.SZ', { range_days: 30, net_value: 100, org_net_value: 5 }),
        // No range_days at all (the real service omits absent keys): a one-day record.
        row('300002.SZ', { net_value: 0.2 }),
      ],
      { count: 5, stock_count: 4 },
    );
    expect(summarise(data)).toEqual({
      tradeDate: '2026-07-14',
      stocks: 4,
      records: 5,
      totalNet: 100_000_000.1,
      orgNet: 50_000_000,
      oneDayRecords: 3,
    });
  });

  it('says "no value" rather than 0 when no record carries one', () => {
    const summary = summarise(list([row('600754.SH', { range_days: 1 })]));
    expect(summary.totalNet).toBeNull();
    expect(summary.orgNet).toBeNull();
    expect(summarise(list([])).totalNet).toBeNull();
  });
});

describe('isOneDayRecord and netScale', () => {
  it('reads a missing range as one day and scales bars to the largest absolute net', () => {
    expect(isOneDayRecord(row('a', { range_days: null }))).toBe(true);
    expect(isOneDayRecord(row('a', { range_days: 3 }))).toBe(false);
    expect(netScale([row('a', { net_value: 5 }), row('b', { net_value: -9 }), row('c')])).toBe(9);
    expect(netScale([])).toBe(0);
  });
});
