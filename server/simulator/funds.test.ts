import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import {
  managerAwards,
  managerHeavyAssets,
  managerIndustryPreferences,
  managerInvestmentHistory,
  managerRadarScores,
} from '../../src/contract/operations/fund-managers-shapes';
import { AFTER_CLOSE, TRADING_MORNING, call, fetchData, simulatorsForFile } from './testkit';

const nav = catalog['fund/performance/nav'];
const returns = catalog['fund/performance/returns'];
const drawdowns = catalog['fund/performance/drawdowns'];
const indicators = catalog['fund/performance/indicators-historical'];
const profile = catalog['fund/profile/detail'];
const dividends = catalog['fund/corporate-actions/dividends'];
const managerDetail = catalog['fund/managers/detail'];
const managerStyle = catalog['fund/managers/investment-style'];
const managerPerformance = catalog['fund/managers/performance'];
const managerExperience = catalog['fund/managers/experience'];
const company = catalog['fund/companies/detail'];
const search = catalog['meta/tickers/search'];

const sim = simulatorsForFile();

const app = sim(TRADING_MORNING);
const ms = (iso: string) => Date.parse(`${iso}T00:00:00+08:00`);

/** One fund of each kind: ETF, LOF index, active hybrid, bond, money market, REIT, QDII feeder. */
const FUNDS = [
  ['510300.SH', 'exchange'],
  ['161725.SZ', 'exchange'],
  ['005827.OF', 'otc'],
  ['260108.OF', 'otc'],
  ['005008.OF', 'otc'],
  ['508000.SH', 'reits'],
  ['040046.OF', 'otc'],
] as const;

const PERIODS = ['week', 'month', 'tmonth', 'hyear', 'year', 'twoyear', 'tyear', 'fyear'] as const;

function maxDrawdownPct(values: readonly number[]): number {
  let peak = 0;
  let worst = 0;
  for (const v of values) {
    peak = Math.max(peak, v);
    worst = Math.max(worst, 1 - v / peak);
  }
  return worst * 100;
}

describe('fund net values', () => {
  it('gives only the newest value without a range, and one or both kinds as asked', async () => {
    const both = await fetchData(app, nav, { thscode: '510300.SH' });
    expect(both.item).toHaveLength(1);
    // Published in the evening: at 10:10 the newest value is yesterday's.
    expect(both.item[0]?.nav_date).toBe(ms('2026-07-14'));
    expect(both.timestamp).toBe(ms('2026-07-14'));
    const unitOnly = await fetchData(app, nav, { thscode: '510300.SH', nav_type: 'unit' });
    expect(Object.keys(unitOnly.item[0] ?? {})).toEqual(['nav_date', 'unit_nav']);
    const adjOnly = await fetchData(app, nav, { thscode: '510300.SH', nav_type: 'adj' });
    expect(Object.keys(adjOnly.item[0] ?? {})).toEqual(['nav_date', 'adj_nav']);
    const evening = await fetchData(sim(Date.parse('2026-07-15T19:00:00+08:00')), nav, {
      thscode: '510300.SH',
    });
    expect(evening.item[0]?.nav_date).toBe(ms('2026-07-15'));
  });

  it('keeps unit values in a realistic band, money funds at 1, adjusted values never below unit ones', async () => {
    for (const [code] of FUNDS) {
      const data = await fetchData(app, nav, { thscode: code, range: 'fyear' });
      for (const p of data.item) {
        const unit = p.unit_nav ?? 0;
        const adj = p.adj_nav ?? 0;
        expect(unit, code).toBeGreaterThan(0.2);
        expect(unit, code).toBeLessThan(12);
        expect(adj + 1e-9, code).toBeGreaterThanOrEqual(unit);
        if (code === '005008.OF') expect(unit).toBe(1);
      }
    }
  });

  it('agrees with the interval returns computed from the adjusted values over each window', async () => {
    for (const [code] of FUNDS) {
      const r = (await fetchData(app, returns, { thscode: code })).item[0];
      expect(r, code).toBeDefined();
      if (!r) continue;
      for (const period of PERIODS) {
        const series = (await fetchData(app, nav, { thscode: code, range: period, nav_type: 'adj' })).item;
        const first = series[0]?.adj_nav ?? Number.NaN;
        const last = series[series.length - 1]?.adj_nav ?? Number.NaN;
        const reported = r[`return_${period}`];
        if (reported === null) continue;
        expect(reported, `${code} ${period}`).toBeCloseTo((last / first - 1) * 100, 1);
      }
      const all = (await fetchData(app, nav, { thscode: code, range: 'fyear', nav_type: 'adj' })).item;
      const ytd = all.filter((p) => p.nav_date <= ms('2025-12-31')).pop()?.adj_nav;
      const last = all[all.length - 1]?.adj_nav ?? Number.NaN;
      if (ytd !== undefined && ytd !== null && r.return_nowyear !== null) {
        expect(r.return_nowyear, `${code} year to date`).toBeCloseTo((last / ytd - 1) * 100, 1);
      }
    }
  });

  it('agrees with the maximum drawdowns of the same windows, longer windows never smaller', async () => {
    for (const [code] of FUNDS) {
      const d = (await fetchData(app, drawdowns, { thscode: code })).item[0];
      expect(d?.thscode).toBe(code);
      if (!d) continue;
      let previous = 0;
      for (const period of PERIODS) {
        const reported = d[period];
        if (reported === null) continue;
        const series = (await fetchData(app, nav, { thscode: code, range: period, nav_type: 'adj' })).item;
        expect(reported, `${code} ${period}`).toBeCloseTo(
          maxDrawdownPct(series.map((p) => p.adj_nav ?? 0)),
          1,
        );
        expect(reported).toBeGreaterThanOrEqual(previous);
        previous = reported;
      }
      expect(d.now ?? 0).toBeGreaterThanOrEqual(previous);
    }
  });

  it('gives null for windows longer than the fund has existed', async () => {
    // 014886.OF was set up on 2022-03-29: no five-year figures.
    const r = (await fetchData(app, returns, { thscode: '014886.OF' })).item[0];
    expect(r?.return_fyear).toBeNull();
    expect(r?.rank_fyear).toBeNull();
    expect(r?.return_tyear).not.toBeNull();
    const d = (await fetchData(app, drawdowns, { thscode: '014886.OF' })).item[0];
    expect(d?.fyear).toBeNull();
  });

  it('ranks a better return higher among the same peers', async () => {
    const hybrids = ['005827.OF', '003095.OF', '001938.OF', '025480.OF', '021260.OF', '012076.OF'];
    const rows = [];
    for (const code of hybrids) {
      const r = (await fetchData(app, returns, { thscode: code })).item[0];
      if (r?.return_year !== null && r?.return_year !== undefined && r.rank_year !== null) {
        rows.push({
          ret: r.return_year,
          rank: r.rank_year,
          total: r.rank_total_year,
          peer: r.peer_average_year,
        });
      }
    }
    expect(rows.length).toBeGreaterThan(3);
    // Same peer group, same day: one average and one count.
    expect(new Set(rows.map((x) => x.peer)).size).toBe(1);
    expect(new Set(rows.map((x) => x.total)).size).toBe(1);
    const byReturn = [...rows].sort((a, b) => b.ret - a.ret);
    for (let i = 1; i < byReturn.length; i++) {
      expect(byReturn[i]?.rank ?? 0).toBeGreaterThanOrEqual(byReturn[i - 1]?.rank ?? 0);
    }
  });
});

describe('fund historical indicators', () => {
  it('lists trading days of the window with bounded values; the PE percentile only for index funds', async () => {
    const start = ms('2026-06-01');
    const end = ms('2026-07-10');
    const etf = await fetchData(app, indicators, {
      thscode: '510300.SH',
      start: String(start),
      end: String(end),
    });
    expect(etf.item.length).toBeGreaterThan(25);
    for (const p of etf.item) {
      expect(p.date_ms).toBeGreaterThanOrEqual(start);
      expect(p.date_ms).toBeLessThanOrEqual(end);
      for (const v of [p.rsi_pct, p.donchian_channel, p.track_index_pe_ttm_five_year_percentile]) {
        expect(v).not.toBeNull();
        expect(v ?? -1).toBeGreaterThanOrEqual(0);
        expect(v ?? 101).toBeLessThanOrEqual(100);
      }
    }
    const dates = etf.item.map((p) => p.date_ms);
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    const active = await fetchData(app, indicators, {
      thscode: '005827.OF',
      start: String(start),
      end: String(end),
    });
    expect(active.item.every((p) => p.track_index_pe_ttm_five_year_percentile === null)).toBe(true);
  });

  it('accepts a fund_type that matches and refuses one that does not (1004)', async () => {
    const q = { thscode: '510300.SH', start: String(ms('2026-07-01')), end: String(ms('2026-07-10')) };
    expect(
      (await call(app, `${indicators.path}?${new URLSearchParams({ ...q, fund_type: 'exchange' })}`)).code,
    ).toBe(0);
    expect(
      (await call(app, `${indicators.path}?${new URLSearchParams({ ...q, fund_type: 'reits' })}`)).code,
    ).toBe(1004);
  });
});

describe('dividends', () => {
  it('lower the unit value by the cash per unit on the ex-date but not the adjusted value', async () => {
    const data = await fetchData(app, dividends, { fund_type: 'exchange', thscode: '510880.SH' });
    expect(data.dividend_count).toBe(data.item.length);
    expect(data.item.length).toBeGreaterThan(10);
    const series = (await fetchData(app, nav, { thscode: '510880.SH', range: 'twoyear' })).item;
    let checked = 0;
    for (const d of data.item) {
      const i = series.findIndex((p) => p.nav_date === d.ex_dividend_date_ms);
      const before = series[i - 1];
      const on = series[i];
      if (i < 1 || !before || !on) continue;
      const cash = (d.per_ten_cash_before_tax ?? 0) / 10;
      const unitMove = (on.unit_nav ?? 0) / (before.unit_nav ?? 1);
      const adjMove = (on.adj_nav ?? 0) / (before.adj_nav ?? 1);
      // Without the payout the unit value would have moved like the adjusted one.
      expect((on.unit_nav ?? 0) + cash).toBeCloseTo((before.unit_nav ?? 0) * adjMove, 2);
      expect(unitMove).toBeLessThan(adjMove);
      expect(d.registration_date_ms).toBeLessThan(d.ex_dividend_date_ms ?? 0);
      expect(d.publish_date_ms).toBeLessThan(d.ex_dividend_date_ms ?? 0);
      expect(d.payment_date_ms).toBeGreaterThan(d.ex_dividend_date_ms ?? 0);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });

  it('shows none for a money-market fund and no record before its announcement', async () => {
    const money = await fetchData(app, dividends, { fund_type: 'otc', thscode: '005008.OF' });
    expect(money.item).toEqual([]);
    const data = await fetchData(app, dividends, { fund_type: 'exchange', thscode: '510880.SH' });
    for (const d of data.item) expect(d.publish_date_ms).toBeLessThanOrEqual(TRADING_MORNING);
  });
});

describe('profile, managers and company', () => {
  it('resolves every manager id and the company id of the profile, with the same names', async () => {
    for (const [code, type] of FUNDS) {
      const p = (await fetchData(app, profile, { fund_type: type, thscode: code })).item[0];
      expect(p?.fund_name).toBeDefined();
      const infos = p?.manager_info ?? [];
      expect(infos.length, code).toBeGreaterThan(0);
      expect(p?.manager_name).toBe(infos[0]?.manager_name);
      for (const m of infos) {
        const detail = (await fetchData(app, managerDetail, { manager_id: m.manager_id })).item[0];
        expect(detail?.manager_name).toBe(m.manager_name);
        expect(detail?.company_id).toBe(p?.company_id);
        expect(detail?.company_name).toBe(p?.mgmt_name);
        const history = (await fetchData(app, managerExperience, { manager_id: m.manager_id })).item[0];
        expect(JSON.stringify(history?.investment_history)).toContain(code);
      }
      const c = (await fetchData(app, company, { company_id: p?.company_id ?? '' })).item[0];
      expect(c?.company_name).toBe(p?.mgmt_name);
    }
  });

  it('answers the pass-through fields in the shapes the fund page reads them (contract/fund-managers-shapes)', async () => {
    const p = (await fetchData(app, profile, { fund_type: 'otc', thscode: '005827.OF' })).item[0];
    const id = p?.manager_info?.[0]?.manager_id ?? '';
    const style = (await fetchData(app, managerStyle, { manager_id: id })).item[0];
    expect(managerIndustryPreferences.safeParse(style?.industry_preferences).success).toBe(true);
    const e = (await fetchData(app, managerExperience, { manager_id: id })).item[0];
    expect(managerInvestmentHistory.parse(e?.investment_history).funds.length).toBeGreaterThan(0);
    expect(managerHeavyAssets.safeParse(e?.heavy_assets).success).toBe(true);
    expect(managerAwards.safeParse(e?.awards ?? []).success).toBe(true);
    const detail = (await fetchData(app, managerDetail, { manager_id: id })).item[0];
    for (const node of detail?.radar_comparison ?? []) {
      expect(managerRadarScores.safeParse(node.manager_scores).success).toBe(true);
      expect(managerRadarScores.safeParse(node.peer_average_scores).success).toBe(true);
    }
  });

  it("compares a manager on the documented radar nodes: category and horizon, scores beside the peers'", async () => {
    const p = (await fetchData(app, profile, { fund_type: 'otc', thscode: '005827.OF' })).item[0];
    const id = p?.manager_info?.[0]?.manager_id ?? '';
    const detail = (await fetchData(app, managerDetail, { manager_id: id })).item[0];
    const nodes = detail?.radar_comparison ?? [];
    expect(nodes.length).toBeGreaterThan(0);
    expect(new Set(nodes.map((n) => `${n.fund_category ?? ''}/${n.horizon ?? ''}`)).size).toBe(nodes.length);
    for (const node of nodes) {
      expect(Object.keys(node).sort()).toEqual(
        ['fund_category', 'horizon', 'manager_metrics', 'manager_scores', 'peer_average_scores'].sort(),
      );
      const own = node.manager_scores;
      const peer = node.peer_average_scores;
      if (typeof own !== 'object' || own === null || typeof peer !== 'object' || peer === null) {
        throw new Error('scores are not objects');
      }
      expect(Object.keys(peer)).toEqual(Object.keys(own));
      for (const v of [...Object.values(own), ...Object.values(peer)]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(100);
      }
    }
  });

  it('names funds as the instrument search does', async () => {
    for (const [code, type] of FUNDS) {
      const p = (await fetchData(app, profile, { fund_type: type, thscode: code })).item[0];
      const hit = (await fetchData(app, search, { q: code })).item.find((i) => i.thscode === code);
      expect(p?.fund_name, code).toBe(hit?.name);
    }
  });

  it("states the profile's unit value and tenure return from the net values", async () => {
    const p = (await fetchData(app, profile, { fund_type: 'otc', thscode: '005827.OF' })).item[0];
    const latest = (await fetchData(app, nav, { thscode: '005827.OF' })).item[0];
    expect(p?.unit_nav).toBe(latest?.unit_nav);
    const m = p?.manager_info?.[0];
    const start = m?.start_date_ms ?? 0;
    const series = (await fetchData(app, nav, { thscode: '005827.OF', range: 'fyear', nav_type: 'adj' }))
      .item;
    const from = series.filter((x) => x.nav_date <= start).pop();
    if (from) {
      const last = series[series.length - 1]?.adj_nav ?? 0;
      expect(m?.tenure_return_pct).toBeCloseTo((last / (from.adj_nav ?? 1) - 1) * 100, 1);
    }
  });

  it("reports a manager's style from the funds run, and a performance series over the range", async () => {
    const p = (await fetchData(app, profile, { fund_type: 'exchange', thscode: '510300.SH' })).item[0];
    const id = p?.manager_info?.[0]?.manager_id ?? '';
    const style = (await fetchData(app, managerStyle, { manager_id: id })).item[0];
    const searched = (await fetchData(app, search, { q: style?.representative_fund_thscode ?? '' })).item[0];
    expect(style?.representative_fund_name).toBe(searched?.name);
    expect(style?.total_fund_scale ?? 0).toBeGreaterThanOrEqual(p?.fund_scale ?? 0);
    const perf = await fetchData(app, managerPerformance, { manager_id: id, range: 'year' });
    expect(perf.item.length).toBeGreaterThan(200);
    expect(perf.item[0]?.manager_return_pct).toBe(0);
    expect(perf.item[perf.item.length - 1]?.date_ms).toBe(ms('2026-07-14'));
    const after = await fetchData(sim(AFTER_CLOSE), managerPerformance, { manager_id: id, range: 'month' });
    expect(after.item.length).toBeGreaterThan(15);
    expect(after.item.length).toBeLessThan(25);
  });
});
