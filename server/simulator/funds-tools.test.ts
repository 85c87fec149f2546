import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import {
  BACKTEST_FREQUENCIES,
  FUND_INDICATOR_IDS,
  INDICATOR_TIME_TYPES,
  QDII_QUOTA_TABS,
} from '../../src/contract/operations/fund-tools';
import { TRADING_MORNING, call, fetchData, simulatorsForFile } from './testkit';

const line = catalog['fund/indicators/line'];
const table = catalog['fund/indicators/table'];
const backtest = catalog['fund/backtest/result'];
const btIndicators = catalog['fund/backtest/indicators'];
const quotaSummary = catalog['fund/quota/summary'];
const quotaList = catalog['fund/quota/list'];
const news = catalog['fund/news/article-list'];
const offerings = catalog['fund/offerings/list'];
const nav = catalog['fund/performance/nav'];
const returns = catalog['fund/performance/returns'];
const drawdowns = catalog['fund/performance/drawdowns'];
const diagnostics = catalog['fund/diagnostics/detail'];
const search = catalog['meta/tickers/search'];

const sim = simulatorsForFile();
const app = sim(TRADING_MORNING);
const ms = (iso: string) => Date.parse(`${iso}T00:00:00+08:00`);
const json = (v: unknown) => JSON.stringify(v);

describe('generic indicators', () => {
  it('draws lines aligned with the time axis that equal the net values', async () => {
    const data = await fetchData(app, line, {
      indexes: json([
        {
          thscodes: ['510300.SH', '005827.OF'],
          index_info: [{ index_id: 'unit_nav' }, { index_id: 'adjNav' }],
        },
        {
          thscodes: ['600519.SH'],
          index_info: [{ index_id: 'close_price' }, { index_id: 'not_an_indicator' }],
        },
      ]),
      time_range: json({ time_type: 'DAY_1', start: ms('2026-06-01'), end: ms('2026-07-14') }),
    });
    expect(data.indexes.map((i) => i.index_id)).toEqual([
      'unit_nav',
      'adjNav',
      'close_price',
      'not_an_indicator',
    ]);
    expect(data.indexes.map((i) => i.value_type)).toEqual(['double', 'double', 'double', null]);
    const navs = (await fetchData(app, nav, { thscode: '005827.OF', range: 'tmonth' })).item;
    const fund = data.data.find((d) => d.thscode === '005827.OF');
    const unit = fund?.values.find((v) => v.idx === 0)?.values ?? [];
    const adj = fund?.values.find((v) => v.idx === 1)?.values ?? [];
    expect(unit).toHaveLength(data.time_range.length);
    data.time_range.forEach((t, k) => {
      const n = navs.find((x) => x.nav_date === t);
      expect(unit[k]).toBe(n?.unit_nav);
      expect(adj[k]).toBe(n?.adj_nav);
    });
    const stock = data.data.find((d) => d.thscode === '600519.SH');
    expect(stock?.values.map((v) => v.idx)).toEqual([2, 3]);
    expect(stock?.values[1]?.values.every((v) => v === null)).toBe(true);
    const weekly = await fetchData(app, line, {
      indexes: json([{ thscodes: ['510300.SH'], index_info: [{ index_id: 'unit_nav' }] }]),
      time_range: json({ time_type: 'WEEK_1', start: ms('2026-06-01'), end: ms('2026-07-14') }),
    });
    expect(weekly.time_range.length).toBeGreaterThan(5);
    expect(weekly.time_range.length).toBeLessThan(9);
  });

  it('tabulates, sorts and pages codes with the values of the dedicated operations', async () => {
    const codes = ['000001.OF', '510300.SH', '005827.OF', '161725.SZ', '260108.OF'];
    const data = await fetchData(app, table, {
      code_selectors: json({ include: [{ type: 'fund_code', thscodes: codes }] }),
      indexes: json([{ index_id: 'maxDrawDownNow' }, { index_id: 'return_year' }, { index_id: 'fund_name' }]),
      sort: json([{ idx: 1, type: 'desc' }]),
      page_info: json({ page_begin: 0, page_size: 3 }),
    });
    expect(data.total).toBe(5);
    expect(data.data).toHaveLength(3);
    expect(data.part_order_thscodes).toEqual(data.data.map((d) => d.thscode));
    const years = data.data.map((d) => Number(d.values[1]?.value));
    expect([...years].sort((a, b) => b - a)).toEqual(years);
    for (const row of data.data) {
      const d = (await fetchData(app, drawdowns, { thscode: row.thscode })).item[0];
      const r = (await fetchData(app, returns, { thscode: row.thscode })).item[0];
      const hit = (await fetchData(app, search, { q: row.thscode })).item[0];
      // Values come back as decimal text, as the service sends them.
      expect(row.values[0]?.value).toBe(String(d?.now));
      expect(row.values[1]?.value).toBe(String(r?.return_year));
      expect(row.values[2]?.value).toBe(hit?.name);
    }
  });

  it('selects by entity values and gives every fund without selectors', async () => {
    const etfs = await fetchData(app, table, {
      code_selectors: json({ include: [{ type: 'fund_type', values: ['reits'] }] }),
      indexes: json([{ index_id: 'unit_nav', timestamp: -5 }]),
    });
    expect(etfs.total).toBe(7);
    expect(etfs.data.every((d) => d.thscode.startsWith('508') || d.thscode.startsWith('180'))).toBe(true);
    const all = await fetchData(app, table, {});
    expect(all.total).toBeGreaterThan(80);
    expect(all.data.every((d) => d.values.length === 0)).toBe(true);
  });
});

describe('back-test', () => {
  const base = {
    thscode: '510300.SH',
    buy_conditions: json({ indicator_code: 'rsi_pct', operator: '<', value: 50 }),
    sell_conditions: json([{ indicator_code: 'rsi_pct', operator: '>', value: 75 }]),
    buy_frequency_type: 'WEEKLY',
    max_buy_times: '12',
    per_buy_amount: '1000',
  };

  it('trades at the unit net value on check days, within the buy limit, over the last three years', async () => {
    const r = await fetchData(app, backtest, base);
    const buys = r.trades.filter((t) => t.type === 'BUY');
    expect(buys.length).toBeGreaterThan(0);
    expect(buys.length).toBeLessThanOrEqual(12);
    expect(r.trade_count).toBe(r.trades.length);
    const navs = (await fetchData(app, nav, { thscode: '510300.SH', range: 'tyear', nav_type: 'unit' })).item;
    const unitOn = new Map(
      navs.map((n) => [new Date(n.nav_date + 8 * 3600_000).toISOString().slice(0, 10), n.unit_nav]),
    );
    for (const t of r.trades) {
      expect(t.price).toBe(unitOn.get(t.trade_date));
      if (t.type === 'BUY') expect(t.amount).toBe(1000);
    }
    // The window is the three-year one of the net-value operation.
    expect(r.start_date).toBe(new Date((navs[0]?.nav_date ?? 0) + 8 * 3600_000).toISOString().slice(0, 10));
    const ret = (await fetchData(app, returns, { thscode: '510300.SH' })).item[0];
    // The fund's own return over the window is its three-year return.
    expect(r.metrics.fund_return).toBe(ret?.return_tyear);
    expect(r.metrics.excess_return).toBeCloseTo(
      (r.metrics.strategy_return ?? 0) - (r.metrics.fund_return ?? 0),
      2,
    );
    const keys = Object.keys(Array.isArray(r.curve_points) ? {} : r.curve_points);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.every((k) => k >= r.start_date && k <= r.end_date)).toBe(true);
  });

  it('buys nothing when a condition can never hold, and names its indicators in the catalogue', async () => {
    const none = await fetchData(app, backtest, {
      ...base,
      buy_conditions: json({ indicator_code: 'rsi_pct', operator: '>', value: 100 }),
    });
    expect(none.trades).toEqual([]);
    expect(none.metrics.strategy_return).toBe(0);
    const list = await fetchData(app, btIndicators);
    expect(list.map((i) => i.indicator_code)).toContain('rsi_pct');
    for (const i of list) expect(i.support_operation.split(',')).toEqual(['>', '>=', '<', '<=']);
    const bad = await call(
      app,
      `${backtest.path}?${new URLSearchParams({ ...base, buy_frequency_type: 'HOURLY' })}`,
    );
    expect(bad.code).toBe(1002);
  });
});

describe('QDII quotas', () => {
  it('gives an empty result for an unknown category', async () => {
    expect(await fetchData(app, quotaSummary, { tab: json(['nowhere']) })).toEqual([]);
    expect(await fetchData(app, quotaList, { tab: json(['nowhere']) })).toEqual([]);
  });

  it('summarises what the list shows, and the list names funds as search does with their one-year return', async () => {
    const tabs = ['remen', 'nazhi100', 'biaopu500', 'zhonggai', 'hengsheng'];
    const summary = await fetchData(app, quotaSummary, { tab: json(tabs) });
    const list = await fetchData(app, quotaList, { tab: json(tabs) });
    const buyable = await fetchData(app, quotaList, { tab: json(tabs), buy: 'true' });
    expect(summary.map((s) => s.name)).toEqual(tabs);
    for (const s of summary) {
      const funds = list.find((l) => l.name === s.name)?.sub_tab.flatMap((t) => t.fund_list) ?? [];
      const open = buyable.find((l) => l.name === s.name)?.sub_tab.flatMap((t) => t.fund_list) ?? [];
      expect(s.total).toBe(String(funds.length));
      expect(s.buy).toBe(String(open.length));
      expect(s.unlimited).toBe(String(funds.filter((f) => f.quota === null).length));
      const limit = funds.reduce((a, f) => a + (f.quota === null ? 0 : Number(f.quota)), 0);
      expect(s.total_limit).toBe(limit.toFixed(2));
      for (const f of open) expect(f.quota === null || Number(f.quota) > 0).toBe(true);
    }
    const funds = list.flatMap((l) => l.sub_tab.flatMap((t) => t.fund_list));
    for (const f of funds.slice(0, 8)) {
      const hit = (await fetchData(app, search, { q: f.thscode })).item.find((i) => i.thscode === f.thscode);
      expect(f.fund_name).toBe(hit?.name);
      const r = (await fetchData(app, returns, { thscode: f.thscode })).item[0];
      expect(f.year).toBe(r?.return_year?.toFixed(2) ?? null);
    }
  });
});

describe('fund news, offerings and diagnosis', () => {
  it('pages with the returned cursor until has_more is false, newest first, without repeats', async () => {
    const q = { fund_type: 'exchange', thscode: '510300.SH', limit: '15' };
    const seen: string[] = [];
    let times: number[] = [];
    let offset: string | null | undefined;
    for (let page = 0; page < 50; page++) {
      const data = await fetchData(app, news, offset ? { ...q, offset } : q);
      expect(data.limit).toBe(15);
      seen.push(...data.item.map((a) => a.id));
      times = [...times, ...data.item.map((a) => a.publish_time_ms ?? 0)];
      if (!data.has_more) {
        expect(data.offset ?? null).toBeNull();
        break;
      }
      expect(data.item).toHaveLength(15);
      offset = data.offset;
    }
    expect(seen.length).toBeGreaterThan(40);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((t) => t <= TRADING_MORNING)).toBe(true);
    const all = await fetchData(app, news, { ...q, limit: '100' });
    expect(all.item.map((a) => a.id)).toEqual(seen.slice(0, 100));
  });

  it('lists funds raising now or soon with windows around today', async () => {
    const today = ms('2026-07-15');
    const active = await fetchData(app, offerings, { subscribe: 'active' });
    const upcoming = await fetchData(app, offerings, { subscribe: 'upcoming' });
    expect(active.item.length).toBeGreaterThan(0);
    for (const o of active.item) {
      expect(o.subscription_start_ms ?? 0).toBeLessThanOrEqual(today);
      expect(o.subscription_end_ms ?? 0).toBeGreaterThanOrEqual(today);
    }
    for (const o of upcoming.item) expect(o.subscription_start_ms ?? 0).toBeGreaterThan(today);
  });

  it('diagnoses a fund from its own history', async () => {
    const d = (await fetchData(app, diagnostics, { fund_type: 'otc', thscode: '005827.OF' })).item[0];
    expect(d?.fund_type).toBe('otc');
    const dd = (await fetchData(app, drawdowns, { thscode: '005827.OF' })).item[0];
    expect(JSON.stringify(d?.resilience)).toContain(`"max_drawdown_pct":${String(dd?.now)}`);
  });
});

describe('the values the dashboard offers where the spec lists none', () => {
  it('answers every offered indicator id on every offered time type, with numbers for an old fund', async () => {
    for (const timeType of INDICATOR_TIME_TYPES) {
      const data = await fetchData(app, line, {
        indexes: json([
          { thscodes: ['510300.SH'], index_info: FUND_INDICATOR_IDS.map((id) => ({ index_id: id })) },
        ]),
        time_range: json({ time_type: timeType, start: ms('2026-01-05'), end: ms('2026-07-14') }),
      });
      expect(data.indexes.map((i) => i.value_type)).toEqual(FUND_INDICATOR_IDS.map(() => 'double'));
      const rows = data.data[0]?.values ?? [];
      expect(rows).toHaveLength(FUND_INDICATOR_IDS.length);
      for (const row of rows) expect(row.values.at(-1), `${timeType} ${row.idx}`).toEqual(expect.any(Number));
    }
  });

  it('runs a back-test at every offered frequency and lists funds in every offered quota category', async () => {
    for (const frequency of BACKTEST_FREQUENCIES) {
      const res = await call(
        app,
        `${backtest.path}?${new URLSearchParams({
          thscode: '000001.OF',
          buy_conditions: json({ indicator_code: 'rsi_pct', operator: '<', value: 50 }),
          sell_conditions: json({ indicator_code: 'rsi_pct', operator: '>', value: 70 }),
          buy_frequency_type: frequency,
          max_buy_times: '10',
          per_buy_amount: '1000',
        })}`,
      );
      expect(res.code, `${frequency}: ${res.message}`).toBe(0);
    }
    const summary = await fetchData(app, quotaSummary, { tab: json(QDII_QUOTA_TABS) });
    expect(summary.map((s) => s.name)).toEqual([...QDII_QUOTA_TABS]);
    for (const row of summary) expect(Number(row.total), row.name).toBeGreaterThan(0);
  });
});
