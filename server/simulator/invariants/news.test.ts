import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHANGHAI_OFFSET_MS } from '../../../src/contract/time';
import { dateOf, dayOfMs, tradingDayAt } from '../model/calendar';
import { contractQuote, mainContractOf } from '../model/futures';
import { indexBarAsOf, indexByCode } from '../model/indices';
import { FUTURES_VARIETIES } from '../model/instruments';
import { flashAt, noticeDetail, type Flash } from '../model/news';
import { latestBar } from '../model/prices';
import { marketClock } from '../model/session';
import { allStocks, type Stock } from '../model/universe';

/**
 * Invariants of the news flashes: every number a flash states about a market the simulator quotes is
 * that market's value at the flash's creation time; nothing reports a close before that market closes;
 * one statistic has one value in every flash that reports it; company sizes bound buybacks.
 *
 * Cases are random minutes between 2026-10-27 and the pinned clock of issue 29 (2026-11-27 10:30); from
 * each, the first flash of the kind under test at or after that minute.
 */

const RUNS = { numRuns: 1000 };
const MINUTE = 60_000;
const FIRST = Date.parse('2026-10-27T00:00:00+08:00') / MINUTE;
const LAST = Date.parse('2026-11-27T10:30:00+08:00') / MINUTE;
/** Hong Kong closes at 16:00 (the same clock time as Shanghai). */
const HK_CLOSE_SECOND = 16 * 3600;

const secondOfDay = (ms: number) => Math.floor(((ms + SHANGHAI_OFFSET_MS) % 86_400_000) / 1000);

/** Flashes by minute, computed once for all the properties (they scan overlapping windows). */
const flashes = new Map<number, Flash | null>();
function flashOf(minute: number): Flash | null {
  let f = flashes.get(minute);
  if (f === undefined) {
    f = flashAt(minute);
    flashes.set(minute, f);
  }
  return f;
}

/** The first flash at or after `minute` whose title matches, within a week. */
function nextFlash(minute: number, pattern: RegExp): Flash | null {
  for (let m = minute; m < minute + 7 * 1440; m++) {
    const f = flashOf(m);
    if (f && pattern.test(f.title)) return f;
  }
  return null;
}

/** The parts of a title in the form a property reads (a title of its kind in another form fails). */
function parts(f: Flash, pattern: RegExp): (string | undefined)[] {
  const m = pattern.exec(f.title);
  expect(m, `${f.title}: not in the form ${String(pattern)}`).not.toBeNull();
  return m ? [...m] : [];
}

const minute = fc.integer({ min: FIRST, max: LAST });

/** A signed percent from "涨1.23%", "跌0.45%" or "平盘". */
function signedPercent(text: string): number {
  if (text === '平盘') return 0;
  const m = /^(涨|跌)(\d+\.\d{2})%$/.exec(text);
  if (!m) throw new Error(`not a move: ${text}`);
  return (m[1] === '跌' ? -1 : 1) * Number(m[2]);
}

/** 1.5亿元 / 3600万元 in CNY. */
function amount(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(亿|万)元$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  return Number(m[1]) * (m[2] === '亿' ? 1e8 : 1e4);
}

const INDEX_CODES: Record<string, string> = { 沪指: '000001.SH', 深成指: '399001.SZ', 创业板指: '399006.SZ' };
const byName = new Map<string, Stock>(allStocks().map((s) => [s.name, s]));

describe('news invariants (1,000 random cases each)', () => {
  it('an index move in a flash is the index change at the flash time, "收" only once the session is over', () => {
    const pattern = /^(沪指|深成指|创业板指)(收)?(涨\d+\.\d{2}%|跌\d+\.\d{2}%|平盘)/;
    fc.assert(
      fc.property(minute, (m) => {
        const f = nextFlash(m, /^(沪指|深成指|创业板指)/);
        if (!f) return;
        const [, name = '', closed, move = ''] = parts(f, pattern);
        const def = indexByCode(INDEX_CODES[name] ?? '');
        const clock = marketClock(f.create_time_ms);
        const bar = def ? indexBarAsOf(def, clock.barIndex, clock) : null;
        expect(bar, f.title).not.toBeNull();
        if (!bar) return;
        const change = (bar.close / bar.prevClose - 1) * 100;
        expect(
          Math.abs(signedPercent(move) - change),
          `${f.title} at ${new Date(f.create_time_ms).toISOString()}`,
        ).toBeLessThanOrEqual(0.0051);
        expect(closed === '收', f.title).toBe(clock.barProgress >= 1);
      }),
      RUNS,
    );
  }, 60_000);

  it("a futures flash gives the main contract's close and change of the latest closed session", () => {
    const pattern = /^(.+)主力合约收(涨\d+\.\d{2}%|跌\d+\.\d{2}%|平盘)，报(\d+(?:\.\d+)?)/;
    fc.assert(
      fc.property(minute, (m) => {
        const f = nextFlash(m, /期货|主力合约/);
        if (!f) return;
        const [, name, move = '', price] = parts(f, pattern);
        const variety = FUTURES_VARIETIES.find((v) => v.name === name);
        expect(variety, f.title).toBeDefined();
        if (!variety) return;
        const t = marketClock(f.create_time_ms).lastClosedIndex;
        const main = mainContractOf(variety, tradingDayAt(t));
        if (!main) throw new Error(`no main contract of ${variety.code}`);
        const close = contractQuote(main, t).close;
        expect(Number(price), f.title).toBeCloseTo(close, 6);
        const change = (close / contractQuote(main, t - 1).close - 1) * 100;
        expect(Math.abs(signedPercent(move) - change), f.title).toBeLessThanOrEqual(0.0051);
      }),
      RUNS,
    );
  }, 60_000);

  it('no Hong Kong close before 16:00 of its day, and one close per day in every flash', () => {
    const pattern = /^恒生指数(?:(\d+)月(\d+)日)?收(涨\d+\.\d{2}%|跌\d+\.\d{2}%|平盘)/;
    const seen = new Map<string, string>();
    fc.assert(
      fc.property(minute, (m) => {
        const f = nextFlash(m, /^恒生指数.*收/);
        if (!f) return;
        const [, month, day, move = ''] = parts(f, pattern);
        const today = dateOf(dayOfMs(f.create_time_ms));
        let closeDate = today;
        if (month === undefined || day === undefined) {
          expect(secondOfDay(f.create_time_ms), f.title).toBeGreaterThanOrEqual(HK_CLOSE_SECOND);
        } else {
          closeDate = `${today.slice(0, 4)}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
          expect(closeDate < today, `${f.title} on ${today}`).toBe(true);
        }
        const before = seen.get(closeDate);
        if (before !== undefined) expect(move, `HSI close of ${closeDate}`).toBe(before);
        seen.set(closeDate, move);
      }),
      RUNS,
    );
  }, 60_000);

  it('one value per statistic and release (CPI, fiscal revenue), always of a month already over', () => {
    const pattern = /^(国家统计局|财政部)：(\d{4})年(?:1-)?(\d+)月.*?(\d+\.\d+)%$/;
    const seen = new Map<string, string>();
    fc.assert(
      fc.property(minute, (m) => {
        const f = nextFlash(m, /^(国家统计局|财政部)/);
        if (!f) return;
        const [, source, year = '', month = '', value = ''] = parts(f, pattern);
        const statMonth = `${year}-${month.padStart(2, '0')}`;
        expect(statMonth < dateOf(dayOfMs(f.create_time_ms)).slice(0, 7), f.title).toBe(true);
        const key = `${source}|${statMonth}`;
        const text = f.title.slice(f.title.indexOf('同比'));
        const before = seen.get(key);
        if (before !== undefined) expect(text, key).toBe(before);
        seen.set(key, text);
        expect(Number(value)).toBeLessThan(50);
      }),
      RUNS,
    );
  }, 60_000);

  it("a buyback's upper end is at most 3 % of the company's market value at the time", () => {
    const pattern = /^(.+)公告：拟以(.+?)至(.+?)回购股份$/;
    fc.assert(
      fc.property(minute, (m) => {
        const f = nextFlash(m, /回购股份$/);
        if (!f) return;
        const [, name = '', low = '', high = ''] = parts(f, pattern);
        const stock = byName.get(name);
        expect(stock, f.title).toBeDefined();
        if (!stock) return;
        const bar = latestBar(stock, marketClock(f.create_time_ms));
        const cap = (bar?.close ?? stock.refPrice) * stock.totalShares;
        expect(amount(low), f.title).toBeLessThanOrEqual(amount(high));
        expect(
          amount(high) / cap,
          `${f.title}: market value ${(cap / 1e8).toFixed(2)}亿`,
        ).toBeLessThanOrEqual(0.03);
      }),
      RUNS,
    );
  }, 60_000);

  it("an announced buyback's range (the announcement reader) is at most 3 % of the market value", () => {
    const NOW = LAST * MINUTE;
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 17n, max: 10n ** 18n - 1n }), (seq) => {
        const detail = noticeDetail(seq.toString(), NOW);
        const item = detail.summary?.items.find((i) => i.title === '回购金额');
        if (!item) return;
        const [, low = '', high = ''] = /^不低于(.+?)，不超过(.+)$/.exec(item.content) ?? [];
        const stock = byName.get(detail.title.slice(0, detail.title.indexOf('：')));
        expect(stock, detail.title).toBeDefined();
        if (!stock) return;
        const bar = latestBar(stock, marketClock(NOW));
        const cap = (bar?.close ?? stock.refPrice) * stock.totalShares;
        expect(amount(low)).toBeLessThanOrEqual(amount(high));
        expect(
          amount(high) / cap,
          `${detail.title} ${item.content}: market value ${(cap / 1e8).toFixed(2)}亿`,
        ).toBeLessThanOrEqual(0.03);
      }),
      RUNS,
    );
  }, 60_000);
});
