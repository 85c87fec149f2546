import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { AFTER_CLOSE, TRADING_MORNING, WEEKEND, call, fetchData, simulatorsForFile } from './testkit';

const snapshot = catalog['fund/market/snapshot'];
const historical = catalog['fund/market/historical'];
const nav = catalog['fund/performance/nav'];
const dividends = catalog['fund/corporate-actions/dividends'];

const sim = simulatorsForFile();

const ms = (iso: string) => Date.parse(`${iso}T00:00:00+08:00`);
const YEAR = { start: String(ms('2025-07-01')), end: String(ms('2026-07-31')) };

describe('ETF market data', () => {
  it('ends the forward-adjusted bars at the snapshot, during the session and after the close', async () => {
    for (const now of [TRADING_MORNING, AFTER_CLOSE, WEEKEND]) {
      const app = sim(now);
      for (const code of ['510300.SH', '510880.SH', '159915.SZ', '518880.SH']) {
        const snap = (await fetchData(app, snapshot, { thscode: code })).item[0];
        const bars = await fetchData(app, historical, { thscode: code, ...YEAR });
        const last = bars.item[bars.item.length - 1];
        expect(last?.close_price, `${code} at ${new Date(now).toISOString()}`).toBe(snap?.last_price);
        expect(last?.open_price).toBe(snap?.open_price);
        expect(last?.high_price).toBe(snap?.high_price);
        expect(last?.low_price).toBe(snap?.low_price);
        expect(last?.volume).toBe(snap?.volume);
        expect(bars.timestamp).toBe(last?.date_ms);
        // The docs say fund bars carry no `adjust` key.
        expect(Object.keys(bars)).not.toContain('adjust');
        expect(bars.interval).toBe('1d');
      }
    }
  });

  it('trades close to the net value, with a consistent quote', async () => {
    const app = sim(AFTER_CLOSE);
    const snap = (await fetchData(app, snapshot, { thscode: '510300.SH' })).item[0];
    const evening = (
      await fetchData(sim(Date.parse('2026-07-15T20:00:00+08:00')), nav, { thscode: '510300.SH' })
    ).item[0];
    const last = snap?.last_price ?? 0;
    // Premium or discount within half a percent of the day's unit net value.
    expect(Math.abs(last / (evening?.unit_nav ?? 1) - 1)).toBeLessThan(0.005);
    const prev = snap?.prev_price ?? 1;
    expect(snap?.price_change).toBeCloseTo(last - prev, 3);
    expect(snap?.price_change_ratio_pct).toBeCloseTo((last / prev - 1) * 100, 2);
    expect(snap?.price_amplitude_ratio_pct).toBeCloseTo(
      (((snap?.high_price ?? 0) - (snap?.low_price ?? 0)) / prev) * 100,
      2,
    );
    expect(snap?.high_price ?? 0).toBeGreaterThanOrEqual(Math.max(last, snap?.open_price ?? 0));
    expect(snap?.low_price ?? Infinity).toBeLessThanOrEqual(Math.min(last, snap?.open_price ?? 0));
    // CSI 300 ETFs turn over billions of yuan a day.
    expect(snap?.turnover ?? 0).toBeGreaterThan(3e8);
    expect(snap?.turnover_ratio_pct ?? 0).toBeGreaterThan(0);
  });

  it('adjusts the bars before an ex-date so that the dividend leaves no gap', async () => {
    const app = sim(AFTER_CLOSE);
    const divs = await fetchData(app, dividends, { fund_type: 'exchange', thscode: '510880.SH' });
    const ex = divs.item.find(
      (d) => (d.ex_dividend_date_ms ?? 0) > ms('2025-08-01') && (d.ex_dividend_date_ms ?? 0) < AFTER_CLOSE,
    );
    expect(ex).toBeDefined();
    const exMs = ex?.ex_dividend_date_ms ?? 0;
    const cash = (ex?.per_ten_cash_before_tax ?? 0) / 10;
    const bars = (await fetchData(app, historical, { thscode: '510880.SH', ...YEAR })).item;
    const i = bars.findIndex((b) => b.date_ms === exMs);
    const before = bars[i - 1];
    const on = bars[i];
    const navs = (await fetchData(app, nav, { thscode: '510880.SH', range: 'year' })).item;
    const j = navs.findIndex((n) => n.nav_date === exMs);
    expect(i).toBeGreaterThan(0);
    expect(j).toBeGreaterThan(0);
    const adjMove = (navs[j]?.adj_nav ?? 0) / (navs[j - 1]?.adj_nav ?? 1);
    // Adjusted prices move like the adjusted net value across the ex-date (within the premium noise)...
    expect((on?.close_price ?? 0) / (before?.close_price ?? 1)).toBeCloseTo(adjMove, 2);
    // ...while the raw unit value drops by the cash paid.
    const unitDrop = (navs[j - 1]?.unit_nav ?? 0) * adjMove - (navs[j]?.unit_nav ?? 0);
    expect(unitDrop).toBeCloseTo(cash, 3);
    expect(cash).toBeGreaterThan(0.02);
  });

  it('leaves the latest year unadjusted when no dividend followed, and scales earlier years down', async () => {
    const app = sim(AFTER_CLOSE);
    const recent = (await fetchData(app, historical, { thscode: '510880.SH', ...YEAR })).item;
    const older = (
      await fetchData(app, historical, {
        thscode: '510880.SH',
        start: String(ms('2022-01-01')),
        end: String(ms('2022-12-31')),
      })
    ).item;
    expect(recent.length).toBeGreaterThan(240);
    expect(older.length).toBeGreaterThan(240);
    // Every bar is a trading day inside the window, ascending.
    for (const list of [recent, older]) {
      for (let k = 1; k < list.length; k++)
        expect(list[k]?.date_ms ?? 0).toBeGreaterThan(list[k - 1]?.date_ms ?? 0);
    }
    expect(older[0]?.date_ms).toBeGreaterThanOrEqual(ms('2022-01-01'));
  });

  it('answers 3004 for anything but an ETF and 3001 for an unknown code', async () => {
    const app = sim(TRADING_MORNING);
    for (const code of ['161725.SZ', '005827.OF', '508000.SH']) {
      expect((await call(app, `${snapshot.path}?thscode=${code}`)).code, code).toBe(3004);
    }
    expect((await call(app, `${snapshot.path}?thscode=599999.SH`)).code).toBe(3001);
  });
});
