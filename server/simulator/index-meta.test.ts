import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { stockByCode } from './model/universe';
import { AFTER_CLOSE, TRADING_MORNING, WEEKEND, fetchData, simulatorsForFile } from './testkit';

const tickerList = catalog['meta/tickers/list'];
const search = catalog['meta/tickers/search'];
const valuations = catalog['a-share/valuations/snapshot'];
const snapshot = catalog['a-share/prices/snapshot'];
const income = catalog['a-share/financials/income-statements'];
const balance = catalog['a-share/financials/balance-sheets'];
const thsList = catalog['a-share-index/catalog/ths-index-list'];
const members = catalog['a-share-index/constituents/ths-stock-list'];
const indexSnapshot = catalog['a-share-index/prices/snapshot'];
const indexHistory = catalog['a-share-index/prices/historical'];

const sim = simulatorsForFile();

const midnight = (date: string) => String(Date.parse(`${date}T00:00:00+08:00`));

describe('code table list', () => {
  it('defaults to Shanghai and Shenzhen, pages by offset without gaps, and filters by type', async () => {
    const app = sim(TRADING_MORNING);
    const whole = await fetchData(app, tickerList, { asset_type: 'a-share', limit: '6000' });
    expect(whole.item.length).toBeGreaterThan(5000);
    expect(whole.item.every((i) => i.exchange === 'SH' || i.exchange === 'SZ')).toBe(true);
    const a = await fetchData(app, tickerList, { asset_type: 'a-share', limit: '700', offset: '0' });
    const b = await fetchData(app, tickerList, { asset_type: 'a-share', limit: '700', offset: '700' });
    expect([...a.item, ...b.item].map((i) => i.thscode)).toEqual(
      whole.item.slice(0, 1400).map((i) => i.thscode),
    );
    const bj = await fetchData(app, tickerList, { exchange: 'bj', asset_type: 'a-share', limit: '1000' });
    expect(bj.item.length).toBeGreaterThan(300);
    expect(bj.item.every((i) => i.thscode.endsWith('.BJ'))).toBe(true);
    const funds = await fetchData(app, tickerList, { asset_type: 'fund-etf,fund-lof' });
    expect(new Set(funds.item.map((i) => i.asset_type))).toEqual(new Set(['fund-etf', 'fund-lof']));
    const otc = await fetchData(app, tickerList, { asset_type: 'fund-otc' });
    expect(otc.item.length).toBeGreaterThan(0);
    expect(otc.item.every((i) => i.exchange === null && i.thscode.endsWith('.OF'))).toBe(true);
  });

  it('names every row as the instrument search does', async () => {
    const app = sim(TRADING_MORNING);
    const rows = await fetchData(app, tickerList, { asset_type: 'a-share-index,fund-etf', limit: '40' });
    for (const row of rows.item.slice(0, 15)) {
      const hit = (await fetchData(app, search, { q: row.thscode })).item[0];
      expect(hit).toMatchObject({ thscode: row.thscode, name: row.name, asset_type: row.asset_type });
    }
  });
});

describe('valuation snapshot', () => {
  it('returns the five ratios in de-duplicated request order, negative for losses, null for a bank PCF', async () => {
    const app = sim(TRADING_MORNING);
    const data = await fetchData(app, valuations, {
      thscodes: '601012.sh,600519.SH,000001.SZ,600519.SH,699999.SH',
    });
    expect(data.item.map((i) => i.thscode)).toEqual(['601012.SH', '600519.SH', '000001.SZ']);
    expect(data.total).toBe(3);
    const [loss, moutai, bank] = data.item;
    expect(loss?.pe_ttm).toBeLessThan(0);
    expect(moutai?.name).toBe('贵州茅台');
    for (const key of ['pe_ttm', 'pe_mrq', 'pb_mrq', 'ps_ttm', 'pcf_ttm'] as const) {
      expect(moutai?.[key]).toBeGreaterThan(0);
    }
    expect(bank?.pcf_ttm).toBeNull();
    expect(bank?.pb_mrq).toBeGreaterThan(0);
  });

  it('divides the market value at the snapshot price by the disclosed statements', async () => {
    const app = sim(TRADING_MORNING);
    const code = '600519.SH';
    const shares = stockByCode(code)?.totalShares ?? 0;
    const [value] = (await fetchData(app, valuations, { thscodes: code })).item;
    const [quote] = (await fetchData(app, snapshot, { thscodes: code })).item;
    const [sheet] = (await fetchData(app, balance, { thscode: code, period: 'quarterly', limit: '1' })).item;
    const statements = (await fetchData(app, income, { thscode: code, period: 'quarterly', limit: '8' }))
      .item;
    const cap = (quote?.last_price ?? 0) * shares;
    expect(value?.pb_mrq).toBeCloseTo(cap / (sheet?.holder_equity_total ?? 1), 2);
    // Trailing twelve months from cumulative quarters: latest + last annual − same quarter last year.
    const [latest] = statements;
    const annual = statements.find(
      (p) => p.fiscal_year === (latest?.fiscal_year ?? 0) - 1 && p.fiscal_period === 'Q4',
    );
    const same = statements.find(
      (p) => p.fiscal_year === (latest?.fiscal_year ?? 0) - 1 && p.fiscal_period === latest?.fiscal_period,
    );
    const revenue =
      (latest?.operating_income ?? 0) + (annual?.operating_income ?? 0) - (same?.operating_income ?? 0);
    expect(value?.ps_ttm).toBeCloseTo(cap / revenue, 2);
    // Ratios move with the price while the statements stay.
    const later = sim(TRADING_MORNING + 90 * 60 * 1000);
    const [value2] = (await fetchData(later, valuations, { thscodes: code })).item;
    const [quote2] = (await fetchData(later, snapshot, { thscodes: code })).item;
    expect((value2?.pe_ttm ?? 0) / (quote2?.last_price ?? 1)).toBeCloseTo(
      (value?.pe_ttm ?? 0) / (quote?.last_price ?? 1),
      6,
    );
  });
});

describe('index group', () => {
  it('lists THS indices by tag (any case), each named as in the search', async () => {
    const app = sim(TRADING_MORNING);
    const industries = await fetchData(app, thsList, { tag: 'INDUSTRY' });
    expect(industries.item).toContainEqual({ thscode: '881155.TI', name: '银行' });
    const concepts = await fetchData(app, thsList);
    expect(concepts.item).toContainEqual({ thscode: '885517.TI', name: '机器人概念' });
    for (const tag of ['region', 'tszs']) {
      expect((await fetchData(app, thsList, { tag })).item.length).toBeGreaterThan(3);
    }
    for (const index of [...industries.item.slice(0, 5), ...concepts.item.slice(0, 5)]) {
      const hit = (await fetchData(app, search, { q: index.thscode })).item[0];
      expect(hit).toMatchObject({ thscode: index.thscode, name: index.name, asset_type: 'a-share-index' });
    }
  });

  it('has real simulated A-shares as constituents, by the index rule', async () => {
    const app = sim(TRADING_MORNING);
    const banks = await fetchData(app, members, { thscode: '881155.ti' });
    expect(banks.item).toContainEqual({ thscode: '000001.SZ', ticker: '000001', name: '平安银行' });
    for (const m of banks.item) expect(stockByCode(m.thscode)?.sector).toBe('银行');
    const robots = await fetchData(app, members, { thscode: '885517.TI' });
    expect(robots.item.length).toBeGreaterThan(200);
    for (const m of robots.item.slice(0, 40)) {
      const stock = stockByCode(m.thscode);
      expect(stock?.name).toBe(m.name);
      expect(stock?.concepts).toContain('机器人概念');
    }
    expect((await fetchData(app, members, { thscode: '000300.SH' })).item).toHaveLength(300);
    expect(
      (await fetchData(app, members, { thscode: '000016.SH' })).item.every((m) => m.thscode.endsWith('.SH')),
    ).toBe(true);
  });

  it('quotes an index with its latest daily bar, without adjustment', async () => {
    for (const now of [AFTER_CLOSE, WEEKEND, TRADING_MORNING]) {
      const app = sim(now);
      const quotes = await fetchData(app, indexSnapshot, {
        thscodes: '000300.SH,885517.TI,000300.SH,881155.TI',
      });
      expect(quotes.item.map((q) => q.thscode)).toEqual(['000300.SH', '885517.TI', '881155.TI']);
      expect(quotes.timestamp).toBeNull();
      for (const q of quotes.item) {
        const bars = await fetchData(app, indexHistory, {
          thscode: q.thscode,
          start: midnight('2026-06-01'),
          end: String(now),
        });
        expect(bars.adjust).toBeNull();
        const last = bars.item[bars.item.length - 1];
        const prev = bars.item[bars.item.length - 2];
        expect(last?.close_price).toBe(q.last_price);
        expect(last?.high_price).toBe(q.high_price);
        expect(prev?.close_price).toBe(q.prev_price);
        expect(bars.timestamp).toBe(last?.date_ms);
      }
    }
  });

  it('keeps the CSI 300 near its level and its turnover in the hundreds of billions', async () => {
    const bars = await fetchData(sim(AFTER_CLOSE), indexHistory, {
      thscode: '000300.SH',
      start: midnight('2025-07-15'),
      end: midnight('2026-07-15'),
    });
    expect(bars.item.length).toBeGreaterThan(230);
    for (const b of bars.item) {
      expect(b.close_price).toBeGreaterThan(2500);
      expect(b.close_price).toBeLessThan(6000);
      expect(b.high_price).toBeGreaterThanOrEqual(Math.max(b.open_price, b.close_price));
      expect(b.low_price).toBeLessThanOrEqual(Math.min(b.open_price, b.close_price));
      expect(b.turnover).toBeGreaterThan(5e10);
    }
  });
});
