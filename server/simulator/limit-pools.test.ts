import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { LADDER_TIERS } from '../../src/contract/operations/market-extras';
import { dayOf } from './model/calendar';
import { round } from './model/random';
import { priceLimit, stockByCode } from './model/universe';
import type { simAt } from './testkit';
import { AFTER_CLOSE, TRADING_MORNING, WEEKEND, call, fetchData, simulatorsForFile } from './testkit';

const upPool = catalog['a-share/special-data/limit-up-pool'];
const downPool = catalog['a-share/special-data/limit-down-pool'];
const breakPool = catalog['a-share/special-data/limit-break-pool'];
const ladder = catalog['a-share/special-data/limit-up-ladder'];
const anomalyList = catalog['a-share/special-data/anomaly-analysis-list'];
const anomalyStock = catalog['a-share/special-data/anomaly-analysis-stock'];
const snapshot = catalog['a-share/prices/snapshot'];
const historical = catalog['a-share/prices/historical'];

const sim = simulatorsForFile();

const midnight = (date: string) => Date.parse(`${date}T00:00:00+08:00`);

/** The whole A-share snapshot, paged by the old page bound of 1,000. */
async function wholeSnapshot(app: ReturnType<typeof simAt>) {
  const rows = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await fetchData(app, snapshot, { limit: '1000', offset: String(offset) });
    rows.push(...page.item);
    if (offset + 1000 >= (page.total ?? 0)) break;
  }
  return rows;
}

function limitPrices(thscode: string, prev: number, date: string) {
  const stock = stockByCode(thscode);
  if (!stock) throw new Error(`unknown ${thscode}`);
  const limit = priceLimit(stock, dayOf(date));
  return { up: round(prev * (1 + limit), 2), down: round(prev * (1 - limit), 2) };
}

describe('limit pools', () => {
  it('hold exactly the stocks whose snapshot price stands at the limit, with the same price and change', async () => {
    const app = sim(TRADING_MORNING);
    const quotes = await wholeSnapshot(app);
    const up = await fetchData(app, upPool, { size: '200' });
    const down = await fetchData(app, downPool, { size: '200' });
    const broke = await fetchData(app, breakPool, { size: '200' });
    expect(up.pagination.total).toBeGreaterThan(3);
    const atUp = new Set<string>();
    const atDown = new Set<string>();
    const touched = new Set<string>();
    for (const q of quotes) {
      const { up: u, down: d } = limitPrices(q.thscode, q.prev_price, '2026-07-15');
      if (q.last_price >= u) atUp.add(q.thscode);
      else if (q.high_price >= u) touched.add(q.thscode);
      if (q.last_price <= d) atDown.add(q.thscode);
    }
    // Newly listed stocks have no limit on their first day; none of those today.
    expect(new Set(up.item.map((r) => r.thscode))).toEqual(atUp);
    expect(new Set(down.item.map((r) => r.thscode))).toEqual(atDown);
    expect(new Set(broke.item.map((r) => r.thscode))).toEqual(touched);
    const byCode = new Map(quotes.map((q) => [q.thscode, q]));
    for (const row of [...up.item, ...down.item, ...broke.item]) {
      const q = byCode.get(row.thscode);
      expect(row.last_price).toBe(q?.last_price);
      expect(row.price_change_ratio_pct).toBe(q?.price_change_ratio_pct);
    }
    for (const row of up.item) {
      expect(row.limit_up_time <= '10:10').toBe(true);
      expect(row.max_seal_money).toBeGreaterThanOrEqual(row.seal_money);
      expect(row.continue_day_cnt).toBeGreaterThanOrEqual(1);
    }
    for (const row of broke.item) expect(row.open_times).toBeGreaterThanOrEqual(1);
  });

  it('are counted from one whole-market snapshot call, the same rows as paging through it', async () => {
    const app = sim(TRADING_MORNING);
    const paged = await wholeSnapshot(app);
    const one = await fetchData(app, snapshot, { limit: '10000' });
    expect(one.total).toBe(paged.length);
    expect(one.item).toEqual(paged);
  });

  it('of a past day agree with that day’s unadjusted close', async () => {
    const app = sim(AFTER_CLOSE);
    const up = await fetchData(app, upPool, { date_ms: String(midnight('2026-07-14')), size: '200' });
    const down = await fetchData(app, downPool, { date_ms: String(midnight('2026-07-14')), size: '200' });
    expect(up.pagination.total).toBeGreaterThan(5);
    for (const [rows, side] of [
      [up.item, 'up'],
      [down.item, 'down'],
    ] as const) {
      for (const row of rows) {
        const bars = await fetchData(app, historical, {
          thscode: row.thscode,
          start: String(midnight('2026-07-13')),
          end: String(midnight('2026-07-14')),
          adjust: 'none',
        });
        const [prev, day] = bars.item;
        expect(day?.close_price).toBe(row.last_price);
        // An ex-date would move the reference price; the test day has none for these stocks.
        const limits = limitPrices(row.thscode, prev?.close_price ?? 0, '2026-07-14');
        expect(row.last_price).toBe(side === 'up' ? limits.up : limits.down);
      }
    }
  });

  it('page and sort on the whitelisted field, and count the whole pool', async () => {
    const app = sim(AFTER_CLOSE);
    const all = await fetchData(app, upPool, { size: '200', sort_field: 'last_price', sort_dir: 'asc' });
    const prices = all.item.map((r) => r.last_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const first = await fetchData(app, upPool, { size: '5', sort_field: 'last_price', sort_dir: 'asc' });
    const second = await fetchData(app, upPool, {
      size: '5',
      page: '2',
      sort_field: 'last_price',
      sort_dir: 'asc',
    });
    expect(first.pagination).toEqual({
      total: all.pagination.total,
      pages: Math.ceil(all.pagination.total / 5),
      size: 5,
      page: 1,
    });
    expect([...first.item, ...second.item].map((r) => r.thscode)).toEqual(
      all.item.slice(0, 10).map((r) => r.thscode),
    );
    const times = (await fetchData(app, upPool, { size: '200', sort_field: 'limit_up_time' })).item.map(
      (r) => r.limit_up_time,
    );
    expect(times).toEqual([...times].sort().reverse());
  });

  it('are empty (code 0) on a closed day, the default being the natural day', async () => {
    const data = await fetchData(sim(WEEKEND), upPool);
    expect(data.item).toEqual([]);
    expect(data.pagination.total).toBe(0);
    const friday = await fetchData(sim(WEEKEND), upPool, { date_ms: String(midnight('2026-07-17')) });
    expect(friday.pagination.total).toBeGreaterThan(0);
  });
});

describe('limit-up ladder', () => {
  it('covers 30 trading days newest first, with all six tiers and no next day on the latest', async () => {
    const app = sim(AFTER_CLOSE);
    const data = await fetchData(app, ladder);
    expect(data.item).toHaveLength(30);
    expect(data.item[0]?.date).toBe('2026-07-15');
    expect(data.window?.date_list).toEqual(data.item.map((d) => d.date));
    const dates = data.item.map((d) => d.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const [i, day] of data.item.entries()) {
      expect(Object.keys(day.boards).sort()).toEqual(
        ['five_board', 'four_board', 'seven_over', 'six_board', 'three_board', 'two_board'].sort(),
      );
      for (const entry of LADDER_TIERS.flatMap((tier) => day.boards[tier])) {
        if (i === 0) expect(entry.seal_nextday).toBeNull();
        else expect(typeof entry.seal_nextday).toBe('boolean');
      }
    }
    expect(data.item.reduce((n, d) => n + d.boards.two_board.length, 0)).toBeGreaterThan(20);
  });

  it('holds at most 4 stocks per tier, the highest streaks, as the docs say and its caps echo', async () => {
    const app = sim(AFTER_CLOSE);
    const data = await fetchData(app, ladder);
    expect(data.window?.board_caps).toEqual(Object.fromEntries(LADDER_TIERS.map((tier) => [tier, 4])));
    for (const day of data.item) {
      for (const tier of LADDER_TIERS)
        expect(day.boards[tier].length, `${day.date} ${tier}`).toBeLessThanOrEqual(4);
    }
    // A busy day has more 2-board stocks in its pool than the ladder shows: the cut is real.
    const pool = await fetchData(app, upPool, {
      date_ms: String(midnight(data.item[0]?.date ?? '')),
      size: '200',
    });
    const twoBoards = pool.item.filter((r) => r.continue_day_text === '2连板').length;
    expect(data.item[0]?.boards.two_board).toHaveLength(Math.min(4, twoBoards));
  });

  it('agrees with the limit-up pools of the day and of the next day', async () => {
    const app = sim(AFTER_CLOSE);
    const data = await fetchData(app, ladder);
    const checked = data.item.slice(1, 6);
    for (const [k, day] of checked.entries()) {
      const next = data.item[k];
      const pool = await fetchData(app, upPool, { date_ms: String(midnight(day.date)), size: '200' });
      const nextPool = await fetchData(app, upPool, {
        date_ms: String(midnight(next?.date ?? '')),
        size: '200',
      });
      const rows = new Map(pool.item.map((r) => [r.thscode, r]));
      const nextCodes = new Set(nextPool.item.map((r) => r.thscode));
      for (const tier of LADDER_TIERS) {
        const entries = day.boards[tier];
        for (const entry of entries) {
          const row = rows.get(entry.thscode);
          expect(row, `${day.date} ${entry.thscode}`).toBeDefined();
          expect(row?.continue_day_text).toBe(`${entry.board_num}连板`);
          expect(tier).toBe(
            ['two_board', 'three_board', 'four_board', 'five_board', 'six_board'][entry.board_num - 2] ??
              'seven_over',
          );
          expect(entry.seal_nextday).toBe(nextCodes.has(entry.thscode));
        }
      }
    }
  });
});

describe('dragons (long consecutive-board streaks)', () => {
  it('give the ladder 5, 6 and 7+ boards on some days, each sealed in the pool every day of its streak', async () => {
    const app = sim(AFTER_CLOSE);
    const data = await fetchData(app, ladder);
    const dates = data.item.map((d) => d.date);
    // The first stock found in each high tier, with its day.
    const found = (['five_board', 'six_board', 'seven_over'] as const).map((tier) => {
      const day = data.item.find((d) => d.boards[tier].length > 0);
      const entry = day?.boards[tier][0];
      expect(entry, `no ${tier} in the window ending ${dates[0] ?? ''}`).toBeDefined();
      return { tier, date: day?.date ?? '', entry };
    });
    expect(found.find((f) => f.tier === 'seven_over')?.entry?.board_num).toBeGreaterThanOrEqual(7);
    for (const { date, entry } of found) {
      if (!entry) continue;
      const n = entry.board_num;
      const at = dates.indexOf(date);
      // Sealed on the day and on each of the n − 1 trading days before it (the window is newest first).
      for (let k = 0; k < n; k++) {
        const day = dates[at + k];
        if (day === undefined) break;
        const pool = await fetchData(app, upPool, {
          date_ms: String(midnight(day)),
          size: '200',
          sort_field: 'continue_day_cnt',
        });
        const row = pool.item.find((r) => r.thscode === entry.thscode);
        expect(row?.continue_day_cnt, `${entry.thscode} on ${day}`).toBe(n - k);
      }
    }
  });
});

describe('anomaly analysis', () => {
  it('filters by tag (any case, OR) and lists limit-up stocks of the pool', async () => {
    const app = sim(TRADING_MORNING);
    const all = await fetchData(app, anomalyList);
    const limitUps = await fetchData(app, anomalyList, { tag_codes: 'limit_up' });
    const either = await fetchData(app, anomalyList, { tag_codes: 'LIMIT_UP,rapid_rally,LIMIT_UP' });
    expect(all.item.length).toBeGreaterThan(limitUps.item.length);
    expect(limitUps.item.every((r) => r.tag_name === '涨停')).toBe(true);
    expect(either.item.every((r) => r.tag_name === '涨停' || r.tag_name === '快速拉升')).toBe(true);
    expect(either.item.length).toBeGreaterThanOrEqual(limitUps.item.length);
    const pool = await fetchData(app, upPool, { size: '200' });
    expect(new Set(limitUps.item.map((r) => r.thscode))).toEqual(new Set(pool.item.map((r) => r.thscode)));
    for (const row of all.item) {
      expect(row.stock_name).toBe(stockByCode(row.thscode)?.name);
      expect(row.keyword_list.length).toBeGreaterThanOrEqual(2);
      expect(row.analysis_content).toContain(row.stock_name);
    }
  });

  it('groups a batch in de-duplicated request order and leaves quiet stocks out', async () => {
    const app = sim(TRADING_MORNING);
    const all = await fetchData(app, anomalyList);
    const codes = [...new Set(all.item.map((r) => r.thscode))].slice(0, 3).reverse();
    const quiet = '600519.SH';
    expect(codes).not.toContain(quiet);
    const data = await fetchData(app, anomalyStock, {
      thscodes: [codes[0], quiet, ...codes, codes[1]].map((c) => (c ?? '').toLowerCase()).join(','),
    });
    const order = [...new Set(data.item.map((r) => r.thscode))];
    expect(order).toEqual(codes);
    const none = await fetchData(app, anomalyStock, { thscodes: quiet });
    expect(none.item).toEqual([]);
  });

  it('is not ready (3002) for a batch before the opening match of a trading day', async () => {
    const env = await call(
      sim(Date.parse('2026-07-15T09:00:00+08:00')),
      `${anomalyStock.path}?thscodes=600519.SH`,
    );
    expect(env.code).toBe(3002);
  });
});
