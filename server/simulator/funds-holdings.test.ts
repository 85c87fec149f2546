import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { TRADING_MORNING, call, fetchData, simAt } from './testkit';

const holdings = catalog['fund/portfolio/holdings'];
const assets = catalog['fund/portfolio/asset-allocation'];
const industries = catalog['fund/portfolio/industry-allocation'];
const stockDates = catalog['fund/portfolio/stock-report-dates'];
const stockHistory = catalog['fund/portfolio/stock-history'];
const bondDates = catalog['fund/portfolio/bond-report-dates'];
const bondHistory = catalog['fund/portfolio/bond-history'];
const holdersDetail = catalog['fund/holders/detail'];
const holdersTop = catalog['fund/holders/top'];
const fIndicators = catalog['fund/financials/indicators'];
const fIncome = catalog['fund/financials/income-statements'];
const fBalance = catalog['fund/financials/balance-sheets'];
const nav = catalog['fund/performance/nav'];
const search = catalog['meta/tickers/search'];
const history = catalog['a-share/prices/historical'];

const app = simAt(TRADING_MORNING);
afterAll(async () => {
  await app.close();
});

const ms = (iso: string) => Date.parse(`${iso}T00:00:00+08:00`);

describe('portfolio holdings', () => {
  it('holds simulated A-shares and funds whose names and codes are those of the instrument search', async () => {
    let checked = 0;
    for (const code of ['005827.OF', '510300.SH', '161725.SZ', '026492.OF', '003095.OF']) {
      const data = await fetchData(app, holdings, { thscode: code });
      expect(data.item.length, code).toBeGreaterThan(0);
      for (const h of data.item) {
        if (h.asset_type !== 'stock' && h.asset_type !== 'fund') continue;
        const hit = (await fetchData(app, search, { q: h.thscode })).item.find(
          (i) => i.thscode === h.thscode,
        );
        expect(hit, `${code} holds ${h.thscode}`).toBeDefined();
        expect(h.stock_name).toBe(hit?.name);
        expect(h.ticker).toBe(hit?.ticker);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('values a stock position at that stock’s close on the report date', async () => {
    const data = await fetchData(app, holdings, { thscode: '510300.SH' });
    const top = data.item[0];
    expect(top?.asset_type).toBe('stock');
    const end = top?.end_date_ms ?? 0;
    const bars = await fetchData(app, history, {
      thscode: top?.thscode ?? '',
      start: String(end - 10 * 86_400_000),
      end: String(end),
      adjust: 'none',
    });
    const close = bars.item[bars.item.length - 1]?.close_price ?? 0;
    expect((top?.position_capital ?? 0) / (top?.position_count ?? 1)).toBeCloseTo(close, 1);
  });

  it('discloses the top ten stocks of the latest quarter with summary figures that add up', async () => {
    const data = await fetchData(app, holdings, { thscode: '005827.OF' });
    const stocks = data.item.filter((h) => h.asset_type === 'stock');
    expect(stocks.length).toBe(10);
    // The latest report visible in mid-July is the first quarter's, published in April.
    expect(stocks[0]?.end_date_ms).toBe(ms('2026-03-31'));
    expect(stocks[0]?.publish_date_ms ?? 0).toBeLessThan(TRADING_MORNING);
    expect(stocks.map((s) => s.investment_rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const ratios = stocks.map((s) => s.hold_ratio ?? 0);
    expect([...ratios].sort((a, b) => b - a)).toEqual(ratios);
    const listed = ratios.reduce((a, b) => a + b, 0);
    expect(listed).toBeLessThanOrEqual(data.total_stock_ratio_pct ?? 0);
    const allocation = (await fetchData(app, assets, { fund_type: 'otc', thscode: '005827.OF' })).item[0];
    expect(allocation?.report_date_ms).toBe(ms('2026-03-31'));
    expect(allocation?.stock_ratio_pct).toBe(data.total_stock_ratio_pct);
    const sectors = (
      await fetchData(app, industries, { fund_type: 'otc', thscode: '005827.OF' })
    ).item.filter((i) => i.report_period === '2026-03-31');
    const sum = sectors.reduce((a, b) => a + (b.ratio_pct ?? 0), 0);
    expect(sum).toBeCloseTo(data.total_stock_ratio_pct ?? 0, 0);
    expect(data.concentration_ratio ?? 0).toBeGreaterThan(0);
    expect(data.concentration_ratio ?? 1).toBeLessThan(1);
  });

  it('gives 3002 for funds that disclose no holdings', async () => {
    for (const code of ['005008.OF', '508000.SH']) {
      expect((await call(app, `${holdings.path}?thscode=${code}`)).code, code).toBe(3002);
    }
  });

  it('lists report dates whose histories can be fetched, stocks and bonds apart', async () => {
    const dates = await fetchData(app, stockDates, { fund_type: 'otc', thscode: '003095.OF' });
    expect(dates.item.length).toBeGreaterThan(8);
    const types = new Set(dates.item.map((d) => d.report_type));
    expect(types).toEqual(new Set(['quarter', 'semi', 'annual']));
    for (const d of dates.item.slice(0, 6)) {
      const end = new Date((d.end_date_ms ?? 0) + 8 * 3600_000).toISOString().slice(0, 10);
      const rows = await fetchData(app, stockHistory, {
        fund_type: 'otc',
        thscode: '003095.OF',
        report_type: String(d.report_type),
        end_date: end,
      });
      // Quarterly reports name ten stocks, the half-year and annual reports the whole book.
      expect(rows.item.length, `${String(d.report_type)} ${end}`).toBe(d.report_type === 'quarter' ? 10 : 30);
      expect(rows.item.every((r) => r.end_date_ms === d.end_date_ms)).toBe(true);
    }
    const quarterOnly = await fetchData(app, stockDates, {
      fund_type: 'otc',
      thscode: '003095.OF',
      report_type: 'quarter',
    });
    expect(quarterOnly.item.every((d) => d.report_type === 'quarter')).toBe(true);
    const bonds = await fetchData(app, bondDates, { fund_type: 'otc', thscode: '260108.OF' });
    const first = bonds.item[0];
    const end = new Date((first?.end_date_ms ?? 0) + 8 * 3600_000).toISOString().slice(0, 10);
    const rows = await fetchData(app, bondHistory, {
      fund_type: 'otc',
      thscode: '260108.OF',
      report_type: String(first?.report_type),
      end_date: end,
    });
    expect(rows.item.length).toBeGreaterThan(0);
    expect(rows.item.every((r) => r.asset_type === 'bond')).toBe(true);
    // A report that was never published: no data for that scope.
    const missing = await call(
      app,
      `${stockHistory.path}?fund_type=otc&thscode=003095.OF&report_type=quarter&end_date=2026-06-30`,
    );
    expect(missing.code).toBe(3002);
  });
});

describe('holders', () => {
  it('gives at most one record per basis, shares that add up to 100, 3002 for a basis not disclosed', async () => {
    let both = 0;
    for (const code of ['005827.OF', '003095.OF', '001938.OF', '012076.OF', '021260.OF', '510300.SH']) {
      const all = await fetchData(app, holdersDetail, { thscode: code });
      expect(all.item.length).toBeGreaterThanOrEqual(1);
      expect(all.item.length).toBeLessThanOrEqual(2);
      expect(new Set(all.item.map((i) => i.merge_scope)).size).toBe(all.item.length);
      if (all.item.length === 2) both++;
      for (const h of all.item) {
        expect((h.ins_position ?? 0) + (h.psnl_rate ?? 0)).toBeCloseTo(100, 6);
        expect(h.report_date_ms).toBe(ms('2025-12-31'));
        expect(all.timestamp).toBe(h.report_date_ms);
        const one = await fetchData(app, holdersDetail, { thscode: code, merge_scope: h.merge_scope });
        expect(one.item).toEqual([h]);
      }
      for (const scope of ['merged', 'separate']) {
        if (all.item.some((i) => i.merge_scope === scope)) continue;
        const env = await call(app, `${holdersDetail.path}?thscode=${code}&merge_scope=${scope}`);
        expect(env.code, `${code} ${scope}`).toBe(3002);
      }
    }
    expect(both).toBeGreaterThan(0);
  });

  it('lists the top holders of listed funds, limited and echoed; none for off-exchange funds', async () => {
    const top = await fetchData(app, holdersTop, { thscode: '510300.SH' });
    expect(top.limit).toBe(10);
    expect(top.item).toHaveLength(10);
    expect(top.item.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const shares = top.item.map((h) => h.hold_share ?? 0);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    const three = await fetchData(app, holdersTop, { thscode: '510300.SH', limit: '3' });
    expect(three.limit).toBe(3);
    expect(three.item).toEqual(top.item.slice(0, 3));
    const otc = await fetchData(app, holdersTop, { thscode: '005827.OF' });
    expect(otc.item).toEqual([]);
  });
});

describe('fund financial statements', () => {
  it('come with the half-year and annual reports, and their unit value is the net value of the period end', async () => {
    const ind = await fetchData(app, fIndicators, { thscode: '005827.OF' });
    expect(ind.item.map((i) => i.end_date_ms).slice(0, 3)).toEqual([
      ms('2025-12-31'),
      ms('2025-06-30'),
      ms('2024-12-31'),
    ]);
    const navs = (await fetchData(app, nav, { thscode: '005827.OF', range: 'twoyear' })).item;
    for (const row of ind.item.slice(0, 3)) {
      const atEnd = navs.filter((n) => n.nav_date <= row.end_date_ms).pop();
      expect(row.share_nav).toBe(atEnd?.unit_nav);
      expect(row.publish_date_ms).toBeGreaterThan(row.end_date_ms);
    }
    // A loss-making half year shows a negative profit and a negative growth rate together.
    for (const row of ind.item)
      expect(Math.sign(row.current_profit ?? 0)).toBe(Math.sign(row.nav_rate ?? 0) || 0);
  });

  it('balance: assets are liabilities plus equity; income: profit is income less fees', async () => {
    for (const code of ['510300.SH', '260108.OF', '005827.OF']) {
      const bal = await fetchData(app, fBalance, { thscode: code });
      const inc = await fetchData(app, fIncome, { thscode: code });
      const ind = await fetchData(app, fIndicators, { thscode: code });
      for (const b of bal.item) {
        expect(b.total_assets ?? 0).toBeCloseTo((b.total_liability ?? 0) + (b.owner_total_equity ?? 0), -1);
        expect(b.liability_and_owner_equity).toBe(b.total_assets);
        const parts =
          (b.bank_deposit ?? 0) +
          (b.stock_investment ?? 0) +
          (b.bond_investment ?? 0) +
          (b.fund_investment ?? 0) +
          (b.other_assets ?? 0);
        expect(parts).toBeCloseTo(b.total_assets ?? 0, -1);
      }
      for (const i of inc.item) {
        expect(i.net_profit ?? 0).toBeCloseTo((i.total_income ?? 0) - (i.total_fee ?? 0), -1);
        const sum =
          (i.investment_income ?? 0) +
          (i.interest_income ?? 0) +
          (i.fair_value_income ?? 0) +
          (i.exchange_income ?? 0) +
          (i.other_income ?? 0);
        expect(sum).toBeCloseTo(i.total_income ?? 0, -1);
        expect(i.manager_reward ?? 0).toBeGreaterThan(0);
      }
      // The three statements describe the same periods, and equity is the net asset value.
      expect(inc.item.map((i) => i.end_date_ms)).toEqual(bal.item.map((b) => b.end_date_ms));
      ind.item.forEach((row, k) => {
        expect(bal.item[k]?.owner_total_equity).toBe(row.asset_nav);
        expect(inc.item[k]?.net_profit).toBe(row.current_profit);
      });
    }
  });
});
