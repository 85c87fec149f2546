import { describe, expect, it } from 'vitest';
import { annualisedBasisPct, basisDays } from './basis';
import { newestDay, termStructure } from './terms';
import type { HistoricalBasis } from './queries';
import type { InstrumentRecord } from '../../api/instruments';

function day(
  date: string | null,
  close: number | null,
  settle: number | null,
  spot: number | null,
): HistoricalBasis {
  return {
    date,
    spot_price: spot,
    converted_spot_price: spot,
    close_price: close,
    settle_price: settle,
    close_basis: spot === null || close === null ? null : spot - close,
    settle_basis: spot === null || settle === null ? null : spot - settle,
    close_basis_rate: null,
    settle_basis_rate: null,
  };
}

describe('annualisedBasisPct', () => {
  it('is basis ÷ spot × 365 ÷ days to expiry, in percent', () => {
    // 17.05 points on a spot of 4013.85 with 38 days left: 0.4248 % over 38 days ≈ 4.08 % a year.
    expect(annualisedBasisPct(17.05, 4013.85, 38)).toBeCloseTo(((17.05 / 4013.85) * 365 * 100) / 38, 10);
    expect(annualisedBasisPct(-20, 4000, 365)).toBeCloseTo(-0.5, 10);
  });

  it('is null for missing figures, a spot that is not positive, and contracts without a day left', () => {
    expect(annualisedBasisPct(null, 4000, 30)).toBeNull();
    expect(annualisedBasisPct(10, null, 30)).toBeNull();
    expect(annualisedBasisPct(10, 4000, null)).toBeNull();
    expect(annualisedBasisPct(10, 0, 30)).toBeNull();
    expect(annualisedBasisPct(10, -5, 30)).toBeNull();
    // The last trading day, and an expired contract.
    expect(annualisedBasisPct(10, 4000, 0)).toBeNull();
    expect(annualisedBasisPct(10, 4000, -3)).toBeNull();
    expect(annualisedBasisPct(Number.NaN, 4000, 30)).toBeNull();
  });
});

describe('basisDays', () => {
  const items = [
    day('2026-07-14', 3990, 3995, 4010),
    day('2026-07-13', 3980, 3984, 4000),
    day(null, 1, 1, 1),
  ];

  it('orders the days, picks close or settlement, and annualises with the days left on each day', () => {
    const close = basisDays(items, 'close', '2026-08-21');
    expect(close.map((d) => d.date)).toEqual(['2026-07-13', '2026-07-14']);
    expect(close[1]).toMatchObject({ price: 3990, basis: 20, daysLeft: 38 });
    expect(close[1]?.annualisedPct).toBeCloseTo(((20 / 4010) * 365 * 100) / 38, 10);
    expect(close[0]?.daysLeft).toBe(39);
    const settle = basisDays(items, 'settle', '2026-08-21');
    expect(settle[1]).toMatchObject({ price: 3995, basis: 15 });
  });

  it('gives no annualised rate for a main-continuous series (no expiry) or past the expiry', () => {
    expect(
      basisDays(items, 'close', null).every((d) => d.annualisedPct === null && d.daysLeft === null),
    ).toBe(true);
    expect(basisDays(items, 'close', '2026-07-13').map((d) => d.annualisedPct)).toEqual([null, null]);
  });
});

describe('termStructure', () => {
  const row = (thscode: string, last: string | null, asset = 'futures'): InstrumentRecord => ({
    thscode,
    ticker: thscode.split('.')[0] ?? '',
    name: thscode,
    exchange: 'CFFEX',
    asset_type: asset,
    currency: 'CNY',
    list_date: null,
    end_date: last,
    last_trade_date: last,
    last_delivery_date: last,
  });

  it('has one point per listed month of the variety, in order of expiry, main and secondary marked', () => {
    const rows = [
      row('IF2612.CFX', '2026-12-18'),
      row('IF2608.CFX', '2026-08-21'),
      row('IF2608.CFX', '2026-08-21'),
      row('IFZL.CFX', null),
      row('IH2608.CFX', '2026-08-21'),
      row('IF2609.CFX', '2026-09-18'),
      row('IF2607.CFX', '2026-07-17'),
    ];
    const latest = new Map([['IF2608.CFX', day('2026-07-14', 3990, 3995, 4010)]]);
    const points = termStructure(rows, 'IF', latest, 'close', '2026-07-15', {
      main: 'IF2608.CFX',
      secondary: 'IF2609.CFX',
    });
    expect(points.map((p) => p.thscode)).toEqual(['IF2607.CFX', 'IF2608.CFX', 'IF2609.CFX', 'IF2612.CFX']);
    expect(points.map((p) => p.role)).toEqual([null, 'main', 'secondary', null]);
    expect(points[1]).toMatchObject({ daysLeft: 37, price: 3990, basis: 20, date: '2026-07-14' });
    expect(points[1]?.annualisedPct).toBeCloseTo(((20 / 4010) * 365 * 100) / 38, 10);
    // A month without figures still has its point on the axis, without a price.
    expect(points[0]).toMatchObject({ price: null, basis: null, annualisedPct: null, daysLeft: 2 });
  });

  it('takes the newest dated day of a history', () => {
    expect(
      newestDay([day('2026-07-13', 1, 1, 1), day(null, 2, 2, 2), day('2026-07-14', 3, 3, 3)])?.date,
    ).toBe('2026-07-14');
    expect(newestDay([])).toBeUndefined();
    expect(newestDay(undefined)).toBeUndefined();
  });
});
