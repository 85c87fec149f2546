import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { HOT_MONEY_ROW_FIELDS } from '../../src/contract/operations/special-data';
import {
  AFTER_CLOSE,
  HOLIDAY,
  TRADING_MORNING,
  WEEKEND,
  call,
  fetchData,
  simulatorsForFile,
} from './testkit';
import { dayOf } from './model/calendar';
import { allStocks } from './model/universe';

const dtList = catalog['a-share/special-data/dragon-tiger-list'];
const dtStock = catalog['a-share/special-data/dragon-tiger-stock-institution'];
const historical = catalog['a-share/prices/historical'];
const hot = catalog['a-share/special-data/hot-stock-list'];
const skyrocket = catalog['a-share/special-data/skyrocket-list'];
const history = catalog['a-share/special-data/hot-stock-list-history'];
const trend = catalog['a-share/special-data/hot-stock-rank-trend'];
const search = catalog['meta/tickers/search'];
const monitor = catalog['a-share/special-data/abnormal-monitor-list'];
const auction = catalog['a-share/auction/snapshot'];
const benchmark = catalog['a-share/auction/short-term-benchmark'];

const sim = simulatorsForFile();

const at = (iso: string) => Date.parse(iso);
const midnight = (date: string) => at(`${date}T00:00:00+08:00`);

describe('dragon-tiger list', () => {
  it('defaults to the latest trading day before today', async () => {
    for (const [now, expected] of [
      [TRADING_MORNING, '2026-07-14'],
      [AFTER_CLOSE, '2026-07-14'],
      [WEEKEND, '2026-07-17'],
      [HOLIDAY, '2026-09-30'],
    ] as const) {
      const data = await fetchData(sim(now), dtList);
      expect(data.trade_date).toBe(expected);
      expect(data.timestamp).toBe(midnight(expected));
    }
  });

  it('lists about as many records as a real day, each stock qualifying on that day', async () => {
    const app = sim(AFTER_CLOSE);
    const data = await fetchData(app, dtList, { date: '2026-07-14' });
    expect(data.count).toBe(data.stock_items.length);
    expect(data.count).toBeGreaterThanOrEqual(40);
    expect(data.count).toBeLessThanOrEqual(120);
    expect(data.stock_count).toBe(new Set(data.stock_items.map((i) => i.thscode)).size);
    for (const row of data.stock_items) {
      expect(row.net_value).toBeCloseTo((row.buy_value ?? 0) - (row.sell_value ?? 0), 1);
      // Forward-adjusted bars: the change is ex-rights aware, like the list's.
      const bars = (
        await fetchData(app, historical, {
          thscode: row.thscode,
          start: String(midnight('2026-07-01')),
          end: String(midnight('2026-07-14')),
          adjust: 'forward',
        })
      ).item;
      const last = bars[bars.length - 1];
      expect(last?.date_ms).toBe(midnight('2026-07-14'));
      if (!last) continue;
      const change = row.change ?? 0;
      if (row.range_days === 1) {
        const prev = bars[bars.length - 2]?.close_price ?? 0;
        expect(change).toBeCloseTo(last.close_price / prev - 1, 3);
        const amplitude = (last.high_price - last.low_price) / prev;
        const qualifies =
          Math.abs(change) >= 0.07 || amplitude >= 0.1499 || (row.limit_reason ?? '').includes('换手率');
        expect(qualifies, `${row.thscode} ${change} ${amplitude} ${row.limit_reason}`).toBe(true);
      } else {
        expect(row.range_days).toBe(3);
        const before = bars[bars.length - 4]?.close_price ?? 0;
        expect(change).toBeCloseTo(last.close_price / before - 1, 3);
        expect(Math.abs(change)).toBeGreaterThanOrEqual(0.2);
      }
    }
  });

  it('filters institution and hot-money rows and sums seats from their rows', async () => {
    const app = sim(AFTER_CLOSE);
    const all = await fetchData(app, dtList, { date: '2026-07-14' });
    const org = await fetchData(app, dtList, { date: '2026-07-14', board_type: 'org' });
    const hotMoney = await fetchData(app, dtList, { date: '2026-07-14', board_type: 'hot_money' });
    expect(org.count).toBeLessThan(all.count);
    expect(org.count).toBeGreaterThan(0);
    for (const row of org.stock_items) {
      expect(row.org_buy_num).toBeTypeOf('number');
      expect(row.org_sell_num).toBeTypeOf('number');
      expect(row.org_net_rate).toBeTypeOf('number');
      expect((row.org_buy_num ?? 0) + (row.org_sell_num ?? 0)).toBeGreaterThan(0);
    }
    expect(hotMoney.hot_money_items.length).toBeGreaterThan(3);
    for (const seat of hotMoney.hot_money_items) {
      const sum = seat.rows.reduce((a, r) => a + (r.hot_money_item_net_value ?? 0), 0);
      expect(seat.buying).toBeCloseTo(sum, 1);
    }
    for (const row of hotMoney.stock_items) expect(row.hot_money_net_value).toBeTypeOf('number');
  });

  it("gives a seat's rows the documented fields, agreeing with the stock's own row", async () => {
    const hotMoney = await fetchData(sim(AFTER_CLOSE), dtList, {
      date: '2026-07-14',
      board_type: 'hot_money',
    });
    const rows = hotMoney.hot_money_items.flatMap((seat) => seat.rows);
    // Absent values are left out (org_net_value without institutions, hot_rank off the list), so every
    // documented field is asked of the rows together, and the ones always known of each row.
    const seen = new Set(rows.flatMap((row) => Object.keys(row)));
    for (const field of HOT_MONEY_ROW_FIELDS) expect(seen, field).toContain(field);
    const stockRow = (code: string | null | undefined, days: number | null | undefined) =>
      hotMoney.stock_items.find((s) => s.thscode === code && s.range_days === days);
    for (const row of rows) {
      const own = stockRow(row.thscode, row.range_days);
      expect(own, `${row.thscode} ${row.range_days}`).toBeDefined();
      expect(row).toMatchObject({
        ticker: own?.ticker,
        name: own?.name,
        change: own?.change,
        net_value: own?.net_value,
        buy_value: own?.buy_value,
        sell_value: own?.sell_value,
        hot_money_net_value: own?.hot_money_net_value,
      });
      // The day's traded amount holds the top seats' buying.
      expect(row.amount).toBeGreaterThanOrEqual(row.buy_value ?? Number.POSITIVE_INFINITY);
      expect(Array.isArray(row.concept_list)).toBe(true);
    }
  });

  it('agrees with the institution detail of each listed stock', async () => {
    const app = sim(AFTER_CLOSE);
    const list = await fetchData(app, dtList, { date: '2026-07-14' });
    for (const row of list.stock_items.slice(0, 15)) {
      const detail = await fetchData(app, dtStock, { thscode: row.thscode, date: '2026-07-14' });
      const record = detail.item.find((i) => i.range_days === row.range_days);
      expect(record).toBeDefined();
      if (!record) continue;
      expect(record.end_date).toBe('2026-07-14');
      expect(record.buy_departments).toHaveLength(5);
      expect(record.sell_departments).toHaveLength(5);
      if (row.org_net_value !== undefined)
        expect(record.org_net_value).toBeCloseTo(row.org_net_value ?? 0, 1);
      else expect(record.org_buy_num ?? 0).toBe(0);
      const orgSeats = record.buy_departments.filter((d) => d.name === '机构专用').length;
      expect(record.org_buy_num).toBe(orgSeats);
      const only3 = await fetchData(app, dtStock, {
        thscode: row.thscode,
        date: '2026-07-14',
        range_days: '3',
      });
      expect(only3.item.every((i) => i.range_days === 3)).toBe(true);
    }
  });

  it('answers a stock that is not on the list with code 0 and no records', async () => {
    const app = sim(AFTER_CLOSE);
    const list = await fetchData(app, dtList, { date: '2026-07-14' });
    const listed = new Set(list.stock_items.map((i) => i.thscode));
    const quiet = ['600519.SH', '601398.SH', '000001.SZ', '600036.SH'].find((c) => !listed.has(c)) ?? '';
    const detail = await fetchData(app, dtStock, { thscode: quiet, date: '2026-07-14' });
    expect(detail.item).toEqual([]);
    expect(detail.trade_date).toBe('2026-07-14');
  });
});

describe('hot lists', () => {
  it('rank stocks with heat strings and trends consistent with the rank change', async () => {
    const app = sim(TRADING_MORNING);
    for (const op of [hot, skyrocket]) {
      for (const period of ['day', 'hour']) {
        const data = await fetchData(app, op, { period, limit: '50' });
        expect(data.item).toHaveLength(50);
        data.item.forEach((row, i) => {
          expect(row.rank).toBe(i + 1);
          expect(row.heat).toMatch(/^\d+(\.\d+)?(E\d+)?$/);
          const expected =
            row.rank_change === null
              ? 'unknown'
              : row.rank_change > 0
                ? 'up'
                : row.rank_change < 0
                  ? 'down'
                  : 'flat';
          expect(row.rank_trend).toBe(expected);
        });
        const heats = data.item.map((r) => Number(r.heat));
        expect([...heats].sort((a, b) => b - a)).toEqual(heats);
      }
    }
    const hourly = await fetchData(app, hot, { period: 'hour' });
    // The simulator sends heat as the service does: strings, some in Java float notation.
    const texts = hourly.item.map((r) => (typeof r.heat === 'string' ? r.heat : ''));
    expect(texts.some((heat) => heat.includes('E') || heat.endsWith('.0'))).toBe(true);
  });

  it('uses the same names as the instrument search', async () => {
    const app = sim(TRADING_MORNING);
    const data = await fetchData(app, hot, { limit: '20' });
    for (const row of data.item) {
      const found = await fetchData(app, search, { q: row.thscode, limit: '1' });
      expect(found.item[0]?.thscode).toBe(row.thscode);
      expect(found.item[0]?.name).toBe(row.name);
    }
  });

  it('keeps a top 30 per day that the rank trend confirms', async () => {
    const app = sim(TRADING_MORNING);
    const top = await fetchData(app, history, { date: '2026-07-10' });
    expect(top.item).toHaveLength(30);
    expect(top.date_ms).toBe(midnight('2026-07-10'));
    for (const row of top.item.slice(0, 5)) {
      const points = await fetchData(app, trend, {
        thscode: row.thscode,
        start_date: '2026-07-10',
        end_date: '2026-07-10',
      });
      expect(points.item[0]?.rank).toBe(row.rank);
    }
  });

  it('gives one rank point per calendar day, weekends included', async () => {
    const data = await fetchData(sim(TRADING_MORNING), trend, {
      thscode: '300033.SZ',
      start_date: '2026-06-15',
      end_date: '2026-07-15',
    });
    expect(data.item).toHaveLength(31);
    expect(data.timestamp).toBe(midnight('2026-06-15'));
    expect(data.item.map((p) => p.date)).toContain('2026-07-11');
    for (const p of data.item) expect(p.date_ms).toBe(midnight(p.date));
  });
});

describe('abnormal monitor', () => {
  it('labels types, pages without overlap and keeps end dates for history only', async () => {
    const app = sim(TRADING_MORNING);
    for (const state of ['current', 'history'] as const) {
      const first = await fetchData(app, monitor, { state, size: '5', page: '1' });
      const second = await fetchData(app, monitor, { state, size: '5', page: '2' });
      expect(first.pagination.total ?? 0).toBeGreaterThan(5);
      expect(first.pagination.has_next).toBe(true);
      const codes = new Set(first.item.map((i) => `${i.thscode}${i.start_date_ms}`));
      for (const i of second.item) expect(codes.has(`${i.thscode}${i.start_date_ms}`)).toBe(false);
      for (const i of [...first.item, ...second.item]) {
        expect(i.monitor_label).toBe(
          i.monitor_type === 1 || i.monitor_type === 2 ? '严重异常波动' : '重点监控',
        );
        if (state === 'current') expect(i.end_date_ms).toBeNull();
        else expect(i.end_date_ms ?? 0).toBeGreaterThanOrEqual(i.start_date_ms);
      }
      const total = first.pagination.total ?? 0;
      const last = await fetchData(app, monitor, { state, size: '30', page: String(Math.ceil(total / 30)) });
      expect(last.pagination.has_next).toBe(false);
    }
  });
});

describe('auction', () => {
  const codes = { thscodes: '300033.SZ,600519.SH,300033.SZ,000001.SZ,699999.SH' };

  it('follows the clock: not ready before 09:15, live during the auction, final after', async () => {
    const early = await fetchData(sim(at('2026-07-15T09:00:00+08:00')), auction, codes);
    expect(early.data_status).toBe('not_ready');
    expect(early.item).toEqual([]);
    const during = sim(at('2026-07-15T09:20:00+08:00'));
    const live = await fetchData(during, auction, { ...codes, stage: 'live' });
    expect(live.auction_phase).toBe('live');
    expect(live.data_status).toBe('ready');
    expect(live.item.length).toBeGreaterThan(0);
    const notFinal = await fetchData(during, auction, { ...codes, stage: 'final' });
    expect(notFinal.data_status).toBe('not_ready');
    const final = await fetchData(sim(TRADING_MORNING), auction, codes);
    expect(final.auction_phase).toBe('final');
    expect(final.data_status).toBe('ready');
    expect(final.timestamp).toBe(TRADING_MORNING);
  });

  it('de-duplicates in request order, with amounts that match price and lots', async () => {
    const app = sim(TRADING_MORNING);
    const data = await fetchData(app, auction, codes);
    expect(data.item.map((i) => i.thscode)).toEqual(['300033.SZ', '600519.SH', '000001.SZ']);
    expect(data.total).toBe(3);
    const snapshot = await fetchData(app, catalog['a-share/prices/snapshot'], {
      thscodes: '300033.SZ,600519.SH,000001.SZ',
    });
    data.item.forEach((row, i) => {
      // Null is allowed by the contract (not ready, suspended); these stocks traded in the auction.
      const price = row.auction_price ?? Number.NaN;
      expect(row.auction_amount).toBeCloseTo(price * (row.auction_volume ?? Number.NaN) * 100, 0);
      expect(row.auction_pct).toBeCloseTo((price / (row.pre_close_price ?? Number.NaN) - 1) * 100, 1);
      expect(row.open_price).toBe(snapshot.item[i]?.open_price);
      expect(row.last_price).toBe(snapshot.item[i]?.last_price);
    });
  });

  it('keeps an explicit closed day as asked, with no items', async () => {
    const data = await fetchData(sim(TRADING_MORNING), benchmark, { date: '2026-07-12' });
    expect(data.date).toBe('2026-07-12');
    expect(data.date_ms).toBe(midnight('2026-07-12'));
    expect(data.item).toEqual([]);
  });

  it("tags yesterday's limit-up stocks on a trading day", async () => {
    const data = await fetchData(sim(TRADING_MORNING), benchmark);
    expect(data.date).toBe('2026-07-15');
    expect(data.item.length).toBeGreaterThan(3);
    for (const row of data.item) expect(row.tags.some((t) => t === '首板' || t.endsWith('连板'))).toBe(true);
  });

  it('a few stocks whose orders have not crossed yet have null figures (never 0) early in the auction; all by 09:25', async () => {
    const listed = allStocks().filter((s) => s.listDay < dayOf('2026-07-15'));
    const rows = async (iso: string, stage: 'live' | 'final') => {
      const app = sim(at(iso));
      const out = [];
      for (let i = 0; i < listed.length; i += 100) {
        const thscodes = listed
          .slice(i, i + 100)
          .map((s) => s.thscode)
          .join(',');
        out.push(...(await fetchData(app, auction, { thscodes, stage })).item);
      }
      return out;
    };
    const early = await rows('2026-07-15T09:15:40+08:00', 'live');
    expect(early).toHaveLength(listed.length);
    const open = early.filter((r) => r.auction_price === null);
    // Rare: about 3 % of stocks a day.
    expect(open.length).toBeGreaterThan(0);
    expect(open.length / early.length).toBeLessThan(0.05);
    for (const row of open) {
      const { thscode, ticker, name, pre_close_price, ...figures } = row;
      expect([thscode, ticker, name].every((t) => t.length > 0)).toBe(true);
      expect(pre_close_price, thscode).toBeGreaterThan(0);
      expect(
        Object.values(figures).every((v) => v === null),
        thscode,
      ).toBe(true);
    }
    for (const row of early.filter((r) => r.auction_price !== null)) {
      expect(row.auction_price, row.thscode).toBeGreaterThan(0);
      expect(row.auction_volume, row.thscode).toBeGreaterThan(0);
    }
    for (const [iso, stage] of [
      ['2026-07-15T09:24:00+08:00', 'live'],
      ['2026-07-15T10:10:00+08:00', 'final'],
    ] as const) {
      const late = await rows(iso, stage);
      expect(late.filter((r) => r.auction_price === null).map((r) => r.thscode)).toEqual([]);
    }
  }, 60_000);

  it('refuses index and fund codes with a parameter error', async () => {
    const env = await call(sim(TRADING_MORNING), '/api/a-share/auction/snapshot?thscodes=510300.SH');
    expect(env.code).toBe(1002);
  });
});
