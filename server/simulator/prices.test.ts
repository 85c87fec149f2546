import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { boardOf } from '../../src/contract/price-limits';
import { corporateEvents, dailyBar, firstBarIndex, forEachDailyBar } from './model/prices';
import { dateOf, dayOf, dayOfMs, midnightMs, tradingIndexOf } from './model/calendar';
import { allStocks, priceLimit, stockByCode } from './model/universe';
import type { simAt } from './testkit';
import { AFTER_CLOSE, TRADING_MORNING, WEEKEND, fetchData, simulatorsForFile } from './testkit';

const snapshotOp = catalog['a-share/prices/snapshot'];
const historicalOp = catalog['a-share/prices/historical'];
const eventsOp = catalog['a-share/corporate-actions/adjustment-factors'];
const calendarOp = catalog['a-share/calendar/trading-days'];

const sim = simulatorsForFile();

const at = (iso: string) => Date.parse(iso);
const day = (date: string) => String(at(`${date}T00:00:00+08:00`));

async function bars(
  app: ReturnType<typeof simAt>,
  thscode: string,
  start: string,
  end: string,
  adjust: string,
) {
  return (await fetchData(app, historicalOp, { thscode, start: day(start), end: day(end), adjust })).item;
}

describe('trading calendar', () => {
  it('lists the trading days of the last year ascending, without weekends and exchange holidays', async () => {
    const data = await fetchData(sim(TRADING_MORNING), calendarOp);
    const dates = data.item.map((d) => d.date);
    expect(dates[0]).toBe('20250715');
    expect(dates[dates.length - 1]).toBe('20260715');
    expect([...dates].sort()).toEqual(dates);
    for (const closed of ['20260619', '20261001', '20260217', '20260101', '20260712', '20251001']) {
      expect(dates).not.toContain(closed);
    }
    expect(dates).toContain('20260618');
    // About 243 trading days a year.
    expect(dates.length).toBeGreaterThan(235);
    expect(dates.length).toBeLessThan(250);
    for (const d of data.item) {
      expect(d.date_ms).toBe(
        at(`${d.date.slice(0, 4)}-${d.date.slice(4, 6)}-${d.date.slice(6)}T00:00:00+08:00`),
      );
    }
  });
});

describe('universe', () => {
  it('has board-correct codes, unique names and the real names of well-known stocks', () => {
    const stocks = allStocks();
    expect(stocks.length).toBe(5515);
    expect(new Set(stocks.map((s) => s.name)).size).toBe(stocks.length);
    for (const s of stocks) {
      expect(s.thscode).toMatch(
        /^(60[0135]\d{3}\.SH|68[89]\d{3}\.SH|00[0-3]\d{3}\.SZ|30[01]\d{3}\.SZ|920\d{3}\.BJ)$/,
      );
    }
    expect(stockByCode('600519.SH')?.name).toBe('贵州茅台');
    expect(stockByCode('000001.SZ')?.name).toBe('平安银行');
    expect(stockByCode('300033.SZ')?.name).toBe('同花顺');
    expect(stocks.filter((s) => s.st).length).toBeGreaterThan(10);
  });

  it("puts every stock on the board the contract reads from its code (the app's limit counts rely on it)", () => {
    const wrong = allStocks().filter((s) => boardOf(s.thscode) !== s.board);
    expect(wrong.map((s) => `${s.thscode} ${s.board}`)).toEqual([]);
  });
});

describe('prices', () => {
  it('keeps every day inside the price limit with coherent OHLC', () => {
    const t0 = tradingIndexOf(dayOf('2026-07-15'));
    const problems: string[] = [];
    let limitDays = 0;
    for (const s of allStocks().filter((_, i) => i % 23 === 0)) {
      for (let t = Math.max(firstBarIndex(s) + 1, t0 - 300); t <= t0; t++) {
        const b = dailyBar(s, t);
        if (!b) continue;
        const move = Math.abs(b.close / b.ref - 1);
        if (move > priceLimit(s, b.day) + 0.005 / b.ref + 1e-9)
          problems.push(`${s.thscode}@${t} moved ${move}`);
        if (b.high < Math.max(b.open, b.close) || b.low > Math.min(b.open, b.close) || b.low <= 0) {
          problems.push(`${s.thscode}@${t} OHLC ${b.open}/${b.high}/${b.low}/${b.close}`);
        }
        if (b.volume <= 0) problems.push(`${s.thscode}@${t} volume ${b.volume}`);
        if (b.close === b.limitUp || b.close === b.limitDown) limitDays++;
      }
    }
    expect(problems).toEqual([]);
    // Limit days exist (jump events), but are rare.
    expect(limitDays).toBeGreaterThan(50);
    expect(limitDays).toBeLessThan(2000);
  });

  it('walks whole histories with the same bars as day-by-day access (forEachDailyBar = dailyBar)', () => {
    const last = tradingIndexOf(dayOf('2026-07-15'));
    const stocks = allStocks().filter((_, i) => i % 400 === 0);
    for (const code of ['600519.SH', '300013.SZ', '001201.SZ', '920050.BJ']) {
      const stock = stockByCode(code);
      if (stock) stocks.push(stock);
    }
    for (const s of stocks) {
      const walked: ReturnType<typeof dailyBar>[] = [];
      forEachDailyBar(s, 0, last, (bar) => walked.push(bar));
      const direct = [];
      for (let t = firstBarIndex(s); t <= last; t++) direct.push(dailyBar(s, t));
      expect(walked.length, s.thscode).toBeGreaterThan(0);
      expect(walked, s.thscode).toEqual(direct);
    }
    // A window inside the history starts where asked.
    const moutai = stockByCode('600519.SH');
    if (!moutai) throw new Error('600519.SH');
    const window: number[] = [];
    forEachDailyBar(moutai, last - 9, last, (bar) => window.push(bar.index));
    expect(window).toEqual(Array.from({ length: 10 }, (_, i) => last - 9 + i));
  });

  it('has realistic magnitudes for the calibration stocks', async () => {
    const data = await fetchData(sim(AFTER_CLOSE), snapshotOp, { thscodes: '600519.SH,000001.SZ,300033.SZ' });
    const [moutai, pingan, ths] = data.item;
    expect(moutai?.last_price).toBeCloseTo(1239.46, 1);
    expect(pingan?.last_price).toBeCloseTo(10.82, 1);
    expect(ths?.last_price).toBeCloseTo(222.89, 1);
    expect(moutai?.volume).toBeGreaterThan(1e6);
    expect(moutai?.volume).toBeLessThan(5e6);
  });

  it('has a median daily turnover of the order of 100-200 million CNY', async () => {
    const data = await fetchData(sim(AFTER_CLOSE), snapshotOp, { limit: '1000', offset: '2000' });
    const turnovers = data.item.map((i) => i.turnover).sort((a, b) => a - b);
    const median = turnovers[Math.floor(turnovers.length / 2)] ?? 0;
    expect(median).toBeGreaterThan(8e7);
    expect(median).toBeLessThan(2.5e8);
  });
});

describe('snapshot', () => {
  it('pages the whole table ascending by code, with the size of the table as total', async () => {
    const app = sim(TRADING_MORNING);
    const first = await fetchData(app, snapshotOp, { limit: '1000', offset: '0' });
    const last = await fetchData(app, snapshotOp, { limit: '1000', offset: '5000' });
    expect(first.total).toBe(5515);
    expect(first.item).toHaveLength(1000);
    expect(last.item).toHaveLength(515);
    const codes = first.item.map((i) => i.thscode);
    expect([...codes].sort()).toEqual(codes);
    expect((last.item[0]?.thscode ?? '') > (codes[codes.length - 1] ?? '')).toBe(true);
  });

  it('answers given codes in request order and leaves unknown codes out', async () => {
    const data = await fetchData(sim(TRADING_MORNING), snapshotOp, {
      thscodes: '300033.SZ,600000.SH,600519.SH,000001.SZ',
    });
    const known = ['300033.SZ', '600000.SH', '600519.SH', '000001.SZ'].filter((c) => stockByCode(c));
    expect(data.item.map((i) => i.thscode)).toEqual(known);
    // The documented thscodes mode: no time, and `total` counts the rows returned, not the table.
    expect(data.timestamp).toBeNull();
    expect(data.total).toBe(known.length);
    const none = await fetchData(sim(TRADING_MORNING), snapshotOp, { thscodes: '699999.SH' });
    expect(none.item).toEqual([]);
    expect(none.timestamp).toBeNull();
    expect(none.total).toBe(0);
  });

  it('has consistent change fields', async () => {
    const data = await fetchData(sim(TRADING_MORNING), snapshotOp, { limit: '300' });
    for (const i of data.item) {
      expect(i.price_change).toBeCloseTo(i.last_price - i.prev_price, 2);
      expect(i.price_change_ratio_pct).toBeCloseTo(((i.last_price - i.prev_price) / i.prev_price) * 100, 3);
      expect(i.high_price).toBeGreaterThanOrEqual(Math.max(i.open_price, i.last_price));
      expect(i.low_price).toBeLessThanOrEqual(Math.min(i.open_price, i.last_price));
    }
  });

  for (const [label, now, barDate] of [
    ['during the session', TRADING_MORNING, '2026-07-15'],
    ['after the close', AFTER_CLOSE, '2026-07-15'],
    ['on a weekend', WEEKEND, '2026-07-17'],
    ['before the auction', at('2026-07-15T08:00:00+08:00'), '2026-07-14'],
  ] as const) {
    it(`equals the last daily bar ${label}`, async () => {
      const app = sim(now);
      const snap = await fetchData(app, snapshotOp, { limit: '40', offset: '1200' });
      for (const q of snap.item) {
        const history = await bars(app, q.thscode, '2026-07-01', '2026-07-20', 'none');
        const last = history[history.length - 1];
        const prev = history[history.length - 2];
        expect(last?.date_ms).toBe(at(`${barDate}T00:00:00+08:00`));
        expect(last?.close_price).toBe(q.last_price);
        expect(last?.open_price).toBe(q.open_price);
        expect(last?.high_price).toBe(q.high_price);
        expect(last?.low_price).toBe(q.low_price);
        expect(last?.volume).toBe(q.volume);
        expect(last?.turnover).toBe(q.turnover);
        const stock = stockByCode(q.thscode);
        const exDate = stock && corporateEvents(stock).some((e) => midnightMs(e.day) === last?.date_ms);
        if (!exDate) expect(prev?.close_price).toBe(q.prev_price);
      }
    });
  }

  it('freezes over lunch and shows the auction match before 09:30', async () => {
    const codes = { thscodes: '600519.SH,300033.SZ,000001.SZ' };
    const lunchA = await fetchData(sim(at('2026-07-15T11:45:00+08:00')), snapshotOp, codes);
    const lunchB = await fetchData(sim(at('2026-07-15T12:50:00+08:00')), snapshotOp, codes);
    expect(lunchB.item).toEqual(lunchA.item);
    const matched = await fetchData(sim(at('2026-07-15T09:27:00+08:00')), snapshotOp, codes);
    for (const q of matched.item) {
      expect(q.high_price).toBe(q.open_price);
      expect(q.low_price).toBe(q.open_price);
      expect(q.last_price).toBe(q.open_price);
    }
  });
});

describe('adjusted series', () => {
  /** Stocks with the richest corporate actions: bonus shares and cash dividends. */
  function eventful(): string[] {
    const withBonus = allStocks().find(
      (s) => corporateEvents(s).filter((e) => e.bonus > 0 && e.dividend > 0).length >= 2,
    );
    return ['600519.SH', '000001.SZ', '688981.SH', withBonus?.thscode ?? '600036.SH'];
  }

  for (const thscode of eventful()) {
    it(`${thscode}: adjusted/raw changes only on ex-dates, by the event's factor`, async () => {
      const app = sim(AFTER_CLOSE);
      const [raw, forward, backward, events] = await Promise.all([
        bars(app, thscode, '2016-07-20', '2026-07-15', 'none'),
        bars(app, thscode, '2016-07-20', '2026-07-15', 'forward'),
        bars(app, thscode, '2016-07-20', '2026-07-15', 'backward'),
        fetchData(app, eventsOp, { thscode }),
      ]);
      expect(forward).toHaveLength(raw.length);
      expect(backward).toHaveLength(raw.length);
      const byDate = new Map(events.item.map((e) => [e.ex_date_ms, e]));
      let exDates = 0;
      for (let i = 1; i < raw.length; i++) {
        const r0 = raw[i - 1];
        const r1 = raw[i];
        if (!r0 || !r1) continue;
        const event = byDate.get(r1.date_ms);
        const expected = event
          ? (r0.close_price * (1 + event.per_share_bonus)) / (r0.close_price - event.dividend_per_share)
          : 1;
        if (event) exDates++;
        for (const series of [forward, backward]) {
          const a0 = series[i - 1];
          const a1 = series[i];
          if (!a0 || !a1) continue;
          const step = a1.close_price / r1.close_price / (a0.close_price / r0.close_price);
          // Adjusted prices are unadjusted × factor at full precision: only float error remains.
          expect(
            Math.abs(step / expected - 1),
            `${thscode} ${dateOf(dayOfMs(r1.date_ms))}`,
          ).toBeLessThanOrEqual(1e-12);
        }
      }
      expect(exDates).toBeGreaterThanOrEqual(5);
      // Forward adjustment leaves the latest bar as traded.
      expect(forward[forward.length - 1]?.close_price).toBeCloseTo(raw[raw.length - 1]?.close_price ?? 0, 2);
      // Events come newest first and drop the price on their ex-date.
      const dates = events.item.map((e) => e.ex_date_ms);
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    });
  }

  it('anchors backward adjustment at the first bar of the history (2016-01-04) for an older stock', async () => {
    const app = sim(AFTER_CLOSE);
    const raw = await bars(app, '600519.SH', '2015-12-01', '2016-01-31', 'none');
    const backward = await bars(app, '600519.SH', '2015-12-01', '2016-01-31', 'backward');
    // The published history starts there: nothing before it, and the first bar is as traded.
    expect(raw[0]?.date_ms).toBe(at('2016-01-04T00:00:00+08:00'));
    expect(backward[0]?.close_price).toBe(raw[0]?.close_price);
    const events = await fetchData(app, eventsOp, { thscode: '600519.SH' });
    expect(Math.min(...events.item.map((e) => e.ex_date_ms))).toBeGreaterThan(
      at('2016-01-04T00:00:00+08:00'),
    );
  });

  it('anchors backward adjustment at the first bar of a listing', async () => {
    const app = sim(AFTER_CLOSE);
    const raw = await bars(app, '688981.SH', '2020-07-01', '2020-08-31', 'none');
    const backward = await bars(app, '688981.SH', '2020-07-01', '2020-08-31', 'backward');
    expect(raw[0]?.date_ms).toBe(at('2020-07-16T00:00:00+08:00'));
    expect(backward[0]?.close_price).toBeCloseTo(raw[0]?.close_price ?? 0, 2);
  });

  it('excludes a start day that begins after its midnight and includes both window ends', async () => {
    const app = sim(AFTER_CLOSE);
    const inclusive = await fetchData(app, historicalOp, {
      thscode: '600519.SH',
      start: day('2026-07-13'),
      end: day('2026-07-15'),
      adjust: 'none',
    });
    expect(inclusive.item.map((b) => b.date_ms)).toEqual(
      ['2026-07-13', '2026-07-14', '2026-07-15'].map((d) => at(`${d}T00:00:00+08:00`)),
    );
    expect(inclusive.timestamp).toBe(at('2026-07-15T00:00:00+08:00'));
    const later = await fetchData(app, historicalOp, {
      thscode: '600519.SH',
      start: String(at('2026-07-13T09:00:00+08:00')),
      end: day('2026-07-15'),
    });
    expect(later.item).toHaveLength(2);
  });

  it('takes the documented offset: that many of the oldest bars are skipped', async () => {
    const app = sim(AFTER_CLOSE);
    const window = { thscode: '600519.SH', start: day('2026-06-01'), end: day('2026-07-15') };
    const all = await fetchData(app, historicalOp, window);
    const skipped = await fetchData(app, historicalOp, { ...window, offset: '5' });
    expect(all.item.length).toBeGreaterThan(20);
    expect(skipped.item).toEqual(all.item.slice(5));
    expect(skipped.timestamp).toBe(all.timestamp);
    const past = await fetchData(app, historicalOp, { ...window, offset: String(all.item.length) });
    expect(past.item).toEqual([]);
  });
});
