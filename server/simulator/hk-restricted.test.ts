import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { AFTER_CLOSE, TRADING_MORNING, WEEKEND, call, fetchData, simulatorsForFile } from './testkit';

const applications = catalog['hk-share/ipo/application-list'];
const calendar = catalog['hk-share/ipo/calendar-list'];
const detail = catalog['hk-share/ipo/issue-detail'];
const hfHistorical = catalog['a-share/high-frequency/historical'];
const hfIntraday = catalog['a-share/high-frequency/intraday'];
const flowSnapshot = catalog['a-share/capital-flow/snapshot'];
const flowHistorical = catalog['a-share/capital-flow/historical'];
const snapshot = catalog['a-share/prices/snapshot'];

const sim = simulatorsForFile();

const at = (iso: string) => Date.parse(iso);
const midnight = (date: string) => at(`${date}T00:00:00+08:00`);

describe('Hong Kong IPO', () => {
  it('pages applications by 50, newest first, until has_next is false (total unknown)', async () => {
    const app = sim(TRADING_MORNING);
    const rows = [];
    let page = 1;
    for (;;) {
      const data = await fetchData(app, applications, { page: String(page) });
      expect(data.pagination).toMatchObject({ page, size: 50, total: null });
      rows.push(...data.item);
      if (!data.pagination.has_next) {
        expect(data.item.length).toBeLessThanOrEqual(50);
        break;
      }
      expect(data.item).toHaveLength(50);
      page++;
    }
    expect(rows.length).toBeGreaterThan(150);
    const dates = rows.map((r) => r.application_date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect((dates[dates.length - 1] ?? '') >= '2025-07-15').toBe(true);
    // A company that files again after its application lapsed appears twice.
    const names = rows.map((r) => r.company_name);
    expect(new Set(names).size).toBeLessThan(names.length);
    const beyond = await fetchData(app, applications, { page: String(page + 1) });
    expect(beyond.item).toEqual([]);
    expect(beyond.pagination.has_next).toBe(false);
  });

  it('separates offers open for subscription from those awaiting listing', async () => {
    for (const now of [TRADING_MORNING, AFTER_CLOSE, WEEKEND, at('2026-06-10T12:00:00+08:00')]) {
      const app = sim(now);
      const today = new Date(now + 8 * 3600000).toISOString().slice(0, 10);
      const open = await fetchData(app, calendar, { status: 'subscribable' });
      const waiting = await fetchData(app, calendar, { status: 'awaiting_listing' });
      expect(open.status).toBe('subscribable');
      for (const x of open.item) expect((x.subscription_end_date ?? '') >= today).toBe(true);
      for (const x of waiting.item) {
        expect((x.subscription_end_date ?? '') < today).toBe(true);
        expect((x.listing_date ?? '') > today).toBe(true);
      }
    }
  });

  it('shows a price only once fixed, and an entry fee from the top of the range, the lot and 1.010085', async () => {
    const app = sim(TRADING_MORNING);
    const issues = [];
    for (const now of [TRADING_MORNING, at('2026-06-10T12:00:00+08:00'), at('2026-05-06T12:00:00+08:00')]) {
      for (const status of ['subscribable', 'awaiting_listing']) {
        issues.push(...(await fetchData(sim(now), calendar, { status })).item);
      }
    }
    expect(issues.length).toBeGreaterThan(3);
    let ranged = 0;
    for (const issue of issues) {
      const d = await fetchData(app, detail, { issue_code: issue.issue_code });
      const { lower, upper } = d.issue_price_range ?? { lower: null, upper: null };
      expect(d.currency).toBe('HKD');
      expect(d.entry_fee).toBe(Math.round((upper ?? 0) * (d.lot_size ?? 0) * 1.010085 * 100) / 100);
      expect(issue.entry_fee).toBe(d.entry_fee);
      if (issue.issue_price === null) {
        ranged++;
        expect(issue.issue_price_text).toBe(`HK$${(lower ?? 0).toFixed(2)}-${(upper ?? 0).toFixed(2)}`);
      } else {
        expect(issue.issue_price).toBeGreaterThanOrEqual(lower ?? 0);
        expect(issue.issue_price).toBeLessThanOrEqual(upper ?? 0);
      }
    }
    expect(ranged).toBeGreaterThan(0);
  });

  it('has no detail for an offer that has not launched yet (3001)', async () => {
    const later = await fetchData(sim(at('2026-08-20T12:00:00+08:00')), calendar, { status: 'subscribable' });
    const code = later.item[0]?.issue_code ?? '';
    expect(code).not.toBe('');
    expect((await call(sim(TRADING_MORNING), `${detail.path}?issue_code=${code}`)).code).toBe(3001);
  });
});

describe('restricted operations', () => {
  it('answer 2003 while closed, whatever the parameters', async () => {
    const app = sim(TRADING_MORNING);
    for (const op of [hfHistorical, hfIntraday, flowSnapshot, flowHistorical]) {
      expect((await call(app, `${op.path}?thscode=600519.SH`)).code).toBe(2003);
    }
  });

  it('give daily high-frequency points for the trading days of the window, participation null for an index', async () => {
    const app = sim(AFTER_CLOSE, 'open');
    const query = { start: String(midnight('2026-07-01')), end: String(midnight('2026-07-15')) };
    const stock = await fetchData(app, hfHistorical, { thscode: '300033.SZ', ...query });
    expect(stock.interval).toBe('1d');
    expect(stock.item.map((p) => p.date_ms)).toEqual(
      ['01', '02', '03', '06', '07', '08', '09', '10', '13', '14', '15'].map((d) => midnight(`2026-07-${d}`)),
    );
    for (const p of stock.item) {
      expect(Math.abs(p.hf_direction ?? 2)).toBeLessThanOrEqual(1);
      expect(p.hf_participation).toBeGreaterThan(0);
    }
    const index = await fetchData(app, hfHistorical, { thscode: '000300.SH', ...query });
    expect(index.item.every((p) => p.hf_participation === null)).toBe(true);
    expect(index.timestamp).toBe(midnight('2026-07-15'));
  });

  it('give every minute produced so far, without participation, and nothing for a closed day', async () => {
    const app = sim(TRADING_MORNING, 'open');
    const minutes = await fetchData(app, hfHistorical, {
      thscode: '600519.SH',
      interval: '1m',
      start: String(at('2026-07-15T09:30:00+08:00')),
      end: String(at('2026-07-15T09:40:00+08:00')),
    });
    expect(minutes.item).toHaveLength(40);
    expect(minutes.item.every((p) => !('hf_participation' in p))).toBe(true);
    expect(minutes.timestamp).toBe(TRADING_MORNING);
    const trend = await fetchData(app, hfIntraday, { thscode: '600519.SH' });
    expect(trend.interval).toBe('trend');
    expect(trend.item.map((p) => p.hf_direction)).toEqual(minutes.item.map((p) => p.hf_direction));
    const full = await fetchData(app, hfIntraday, { thscode: '885517.TI', date: '2026-07-14' });
    expect(full.item).toHaveLength(240);
    // A closed day inside the window is a legal range without data.
    const sunday = await fetchData(app, hfIntraday, { thscode: '600519.SH', date: '2026-07-12' });
    expect(sunday).toMatchObject({ timestamp: null, item: [] });
  });

  it('split today’s flow into four buckets whose sums are the minutes so far, with net = in − out', async () => {
    const app = sim(TRADING_MORNING, 'open');
    const snap = await fetchData(app, flowSnapshot, { thscode: '300033.SZ' });
    const minutes = await fetchData(app, flowHistorical, {
      thscode: '300033.SZ',
      interval: '1m',
      start: String(midnight('2026-07-15')),
      end: String(TRADING_MORNING),
    });
    expect(snap.timestamp).toBe(TRADING_MORNING);
    let total = 0;
    for (const b of ['super_large', 'large', 'medium', 'small'] as const) {
      const bucket = snap[b];
      const inflow = minutes.item.reduce((a, m) => a + (m[b].inflow_amount ?? 0), 0);
      const outflow = minutes.item.reduce((a, m) => a + (m[b].outflow_amount ?? 0), 0);
      expect(bucket.inflow_amount).toBeCloseTo(inflow, 0);
      expect(bucket.outflow_amount).toBeCloseTo(outflow, 0);
      expect(bucket.net_amount).toBeCloseTo((bucket.inflow_amount ?? 0) - (bucket.outflow_amount ?? 0), 1);
      total += inflow + outflow;
    }
    // All buckets together are about the day's traded amount so far.
    const [quote] = (await fetchData(app, snapshot, { thscodes: '300033.SZ' })).item;
    expect(total / (quote?.turnover ?? 1)).toBeGreaterThan(0.9);
    expect(total / (quote?.turnover ?? 1)).toBeLessThan(1.1);
  });

  it('make each day the sum of its minutes, and leave values null (never 0) where there are none', async () => {
    const app = sim(AFTER_CLOSE, 'open');
    const days = await fetchData(app, flowHistorical, {
      thscode: '600519.SH',
      interval: '1d',
      start: String(midnight('2026-07-13')),
      end: String(midnight('2026-07-14')),
    });
    expect(days.item.map((d) => d.date_ms)).toEqual([midnight('2026-07-13'), midnight('2026-07-14')]);
    const minutes = await fetchData(app, flowHistorical, {
      thscode: '600519.SH',
      interval: '1m',
      start: String(midnight('2026-07-14')),
      end: String(midnight('2026-07-15') - 1),
    });
    expect(minutes.item).toHaveLength(240);
    const day = days.item[1];
    for (const b of ['super_large', 'large', 'medium', 'small'] as const) {
      const sum = minutes.item.reduce((a, m) => a + (m[b].inflow_amount ?? 0), 0);
      expect(day?.[b].inflow_amount).toBeCloseTo(sum, 0);
      expect(day?.[b]).not.toHaveProperty('net_amount');
    }
    for (const m of minutes.item) {
      for (const b of ['super_large', 'large', 'medium', 'small'] as const) {
        expect(m[b].inflow_amount).toBeGreaterThan(0);
      }
    }
    // Beijing stocks have no order-size split at the source.
    const [first] = (
      await fetchData(app, catalog['meta/tickers/list'], {
        exchange: 'BJ',
        asset_type: 'a-share',
        limit: '1',
      })
    ).item;
    const bj = await fetchData(app, flowSnapshot, { thscode: first?.thscode ?? '' });
    expect(bj.timestamp).toBeNull();
    expect(bj.small).toEqual({ inflow_amount: null, outflow_amount: null, net_amount: null });
    const empty = await fetchData(app, flowHistorical, {
      thscode: '600519.SH',
      interval: '1d',
      start: String(midnight('2026-07-18')),
      end: String(midnight('2026-07-19')),
    });
    expect(empty).toMatchObject({ timestamp: null, item: [] });
  });
});
