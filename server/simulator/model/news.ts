import { FUTURES_VARIETIES, type FuturesVariety } from './instruments';
import { CONCEPTS } from './names';
import { Rng, fnv1a, mix, mixAll, unit } from './random';
import { allStocks, stockAt, type Stock } from './universe';
import {
  dateOf,
  dayOfMs,
  isTradingDay,
  midnightMs,
  tradingDayAt,
  tradingIndexOnOrBefore,
  weekday,
} from './calendar';
import { disclosedPeriods, findPeriod } from './financials';
import { contractQuote, mainContractOf, specOf } from './futures';
import { indexBarAsOf, indexByCode } from './indices';
import { latestBar } from './prices';
import { marketClock } from './session';
import { SHANGHAI_OFFSET_MS, DAY_MS } from '../../../src/contract/time';
import { FLASH_ALL_COLUMN, FLASH_TAGS, FLASH_TYPE_ANNOUNCEMENT } from '../../../src/contract/operations/news';

/**
 * News flashes and announcement interpretations. A flash exists at a minute when a seeded draw for that
 * minute says so (often during the day, rarely at night), so any window of time can be listed without
 * state. `seq` is the creation second times 10^9 plus a seeded part: decimal digits of an integer
 * beyond 2^53, ordered by time, to be passed around as text only.
 *
 * About one flash in ten is an announcement flash (`FLASH_TYPE_ANNOUNCEMENT`): its title and summary are
 * those of the announcement interpretation that its `seq` opens, and it names that announcement's stock.
 */

/** The company column, where announcement flashes appear. */
const COMPANY_TAG = 5;
const PAGE = 20;
const SALT = 0x3a8f05c5;
const MINUTE = 60_000;
const BILLION = 1_000_000_000n;

/** Varieties a futures flash can name: the commodity and rate futures (index futures follow their index). */
const NEWS_VARIETIES = FUTURES_VARIETIES.filter((v) => specOf(v).index === undefined);

let known: readonly Stock[] | null = null;

/** The well-known stocks (real names). */
function knownStocks(): readonly Stock[] {
  known ??= allStocks().filter((s) => s.known);
  return known;
}

export interface Flash {
  id: string;
  seq: string;
  seqValue: bigint;
  title: string;
  encoded_url: string;
  summary: string | null;
  tags: { id: number; name: string }[];
  type: number;
  create_time_ms: number;
  update_time_ms: number;
  pic_url: string | null;
}

function flashChance(minute: number): number {
  const hour = Math.floor(
    ((((minute * MINUTE + SHANGHAI_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000,
  );
  return hour >= 7 && hour < 23 ? 0.22 : 0.04;
}

// ---------------------------------------------------------------------------------------------------
// Facts behind the flashes: every number a flash states is read from the simulator's own models at the
// flash's creation time (index and stock bars, futures closes, statements), or from one seeded value
// per statistic and release (macro figures, Hong Kong and US sessions), so two flashes never disagree.

/** Hong Kong's session (Asia/Hong_Kong = Asia/Shanghai time): 09:30 to 16:00. */
const HK_OPEN_SECOND = 9 * 3600 + 30 * 60;
const HK_CLOSE_SECOND = 16 * 3600;
/** The US session in Shanghai time (the later, winter-time hours): 22:30 to 05:00 the next day. */
const US_OPEN_SECOND = 22 * 3600 + 30 * 60;
const US_CLOSE_SECOND = 5 * 3600;
/** The central bank's open-market operations are announced at 09:20 on trading days. */
const PBOC_SECOND = 9 * 3600 + 20 * 60;

/** The indices the market flashes name, with their short names. */
const FLASH_INDICES = [
  { thscode: '000001.SH', name: '沪指' },
  { thscode: '399001.SZ', name: '深成指' },
  { thscode: '399006.SZ', name: '创业板指' },
] as const;

/** Seconds since Shanghai midnight. */
const secondOfDayOf = (ms: number) => marketClock(ms).secondOfDay;

/** "涨1.23%" / "跌0.45%" / "平盘" of a change given as a fraction. */
function moveText(change: number): string {
  const text = Math.abs(change * 100).toFixed(2);
  return text === '0.00' ? '平盘' : `${change > 0 ? '涨' : '跌'}${text}%`;
}

/** A seeded change (fraction) of a statistic, the same for every flash that reports it. */
function seededChange(key: string, scale: number): number {
  return scale * Rng.of('flash-fact', key).normal() * 0.5;
}

/** An amount rounded to two significant digits, in 亿元 from 1亿 up and in 万元 below. */
function amountText(x: number): string {
  const nice = Number(x.toPrecision(2));
  return nice >= 1e8 ? `${Number((nice / 1e8).toFixed(2))}亿元` : `${Number((nice / 1e4).toFixed(0))}万元`;
}

/** Market value (price × total shares, as the valuations count it) of a stock at a moment. */
function marketValueAt(stock: Stock, ms: number): number {
  const bar = latestBar(stock, marketClock(ms));
  return (bar?.close ?? stock.refPrice) * stock.totalShares;
}

/** A buyback's range: the upper end 0.3–2 % of the market value, the lower end half of it. */
function buybackRange(stock: Stock, ms: number, rng: Rng): { low: number; high: number } {
  const high = Number((marketValueAt(stock, ms) * rng.range(0.003, 0.02)).toPrecision(2));
  return { low: Number((high / 2).toPrecision(2)), high };
}

function indexFlash(ms: number, which: (typeof FLASH_INDICES)[number], concept: string): string {
  const def = indexByCode(which.thscode);
  const clock = marketClock(ms);
  const bar = def ? indexBarAsOf(def, clock.barIndex, clock) : null;
  if (!bar) return `${concept}板块受关注`;
  const change = bar.close / bar.prevClose - 1;
  // The close is stated only once the session is over (before the opening match the bar is yesterday's).
  const closed = clock.barProgress >= 1;
  const lead =
    change >= 0
      ? which.name === '创业板指'
        ? '方向走强'
        : '板块领涨'
      : which.name === '创业板指'
        ? '方向回调'
        : '板块领跌';
  return `${which.name}${closed ? '收' : ''}${moveText(change)}，${concept}${lead}`;
}

function stockFlash(ms: number, stock: Stock, concept: string): string {
  const clock = marketClock(ms);
  const bar = latestBar(stock, clock);
  if (!bar) return `${concept}概念受关注`;
  const closed = clock.barProgress >= 1;
  const change = bar.close / bar.ref - 1;
  const word =
    bar.close >= bar.limitUp
      ? '涨停'
      : bar.close <= bar.limitDown
        ? '跌停'
        : `${closed ? '收' : ''}${moveText(change)}`;
  return `${stock.name}${word}，${concept}概念${change >= 0 ? '活跃' : '走弱'}`;
}

function futuresFlash(ms: number, variety: FuturesVariety): string {
  const clock = marketClock(ms);
  const t = clock.lastClosedIndex;
  const main = mainContractOf(variety, tradingDayAt(t));
  if (!main) return `${variety.name}期货关注度提升`;
  const close = contractQuote(main, t).close;
  const prev = contractQuote(main, t - 1).close;
  return `${variety.name}主力合约收${moveText(close / prev - 1)}，报${close}${specOf(variety).priceUnit}`;
}

/** Month (1-12) and year of the month before the one of a day. */
function previousMonth(day: number): { year: number; month: number } {
  const [y, m] = dateOf(day).split('-').map(Number);
  const year = y ?? 2000;
  const month = m ?? 1;
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

function macroFlash(ms: number, kind: number): string {
  const day = dayOfMs(ms);
  const { year, month } = previousMonth(day);
  if (kind === 0) {
    const cpi = Rng.of('flash-fact', 'cpi', year, month).range(-0.5, 2.5).toFixed(1);
    return `国家统计局：${year}年${month}月CPI同比${Number(cpi) >= 0 ? '上涨' : '下降'}${Math.abs(Number(cpi)).toFixed(1)}%`;
  }
  if (kind === 1) {
    const revenue = Rng.of('flash-fact', 'fiscal', year, month).range(-3, 8).toFixed(2);
    return `财政部：${year}年1-${month}月全国一般公共预算收入同比${Number(revenue) >= 0 ? '增长' : '下降'}${Math.abs(Number(revenue)).toFixed(2)}%`;
  }
  const today = isTradingDay(day) && secondOfDayOf(ms) >= PBOC_SECOND;
  const opDay = today ? day : tradingDayAt(tradingIndexOnOrBefore(day - 1));
  const amount = Rng.of('flash-fact', 'pboc', opDay).int(20, 400) * 10;
  const [, mm, dd] = dateOf(opDay).split('-').map(Number);
  return `央行${today ? '今日' : `${mm}月${dd}日`}开展${amount}亿元7天期逆回购操作`;
}

function hongKongFlash(ms: number): string {
  const day = dayOfMs(ms);
  const second = secondOfDayOf(ms);
  if (isTradingDay(day) && second >= HK_OPEN_SECOND && second < HK_CLOSE_SECOND) {
    const open = seededChange(`hsi-open|${day}`, 0.012);
    return `恒生指数开盘${moveText(open)}，恒生科技指数开盘${moveText(open * 1.4 + seededChange(`hstech-open|${day}`, 0.004))}`;
  }
  // The close of today once it is past 16:00, else of the previous session.
  const closeDay =
    isTradingDay(day) && second >= HK_CLOSE_SECOND ? day : tradingDayAt(tradingIndexOnOrBefore(day - 1));
  const close = seededChange(`hsi-close|${closeDay}`, 0.025);
  const tech = close * 1.3 + seededChange(`hstech-close|${closeDay}`, 0.01);
  const [, mm, dd] = dateOf(closeDay).split('-').map(Number);
  const when = closeDay === day ? '' : `${mm}月${dd}日`;
  return `恒生指数${when}收${moveText(close)}，恒生科技指数${moveText(tech)}`;
}

function usFlash(ms: number): string {
  const day = dayOfMs(ms);
  const second = secondOfDayOf(ms);
  // The latest US session that has opened: it opened at 22:30 on a weekday (Shanghai date).
  let session = second >= US_OPEN_SECOND ? day : day - 1;
  while (weekday(session) === 0 || weekday(session) === 6) session--;
  const closed = ms >= midnightMs(session + 1) + US_CLOSE_SECOND * 1000;
  const move = closed
    ? seededChange(`dragon-close|${session}`, 0.03)
    : seededChange(`dragon-open|${session}`, 0.015);
  return `纳斯达克中国金龙指数${closed ? '收' : '开盘'}${moveText(move)}`;
}

/** A level that wanders smoothly over hours (dollar index, gold): one value at any moment. */
function wanderingLevel(name: string, base: number, amplitude: number, ms: number): number {
  const rng = Rng.of('flash-fact', name);
  const hours = ms / 3_600_000;
  let l = 0;
  for (const period of [24 * 400, 24 * 60, 24 * 9, 30])
    l +=
      (amplitude * Math.sin((2 * Math.PI * hours) / period + rng.range(0, 2 * Math.PI))) /
      Math.sqrt((24 * 400) / period);
  return base * Math.exp(l);
}

function overseasFlash(ms: number, gold: boolean): string {
  if (!gold) return `美元指数报${wanderingLevel('dxy', 101, 0.05, ms).toFixed(2)}`;
  const now = wanderingLevel('gold', 3300, 0.12, ms);
  // The day's change counts from 06:00 (the international session's new day in Shanghai time).
  const start = midnightMs(dayOfMs(ms - 6 * 3_600_000)) + 6 * 3_600_000;
  const before = wanderingLevel('gold', 3300, 0.12, start);
  return `国际金价报${now.toFixed(2)}美元/盎司，日内${moveText(now / before - 1)}`;
}

/** Latest annual statements disclosed by a moment, with the year before (for the growth). */
function latestAnnual(stock: Stock, ms: number): { year: number; parent: number; last: number } | null {
  const [cur, prev] = disclosedPeriods(stock, ms, true);
  const parent = cur?.income.parent_holder_net_profit ?? null;
  const last = prev?.income.parent_holder_net_profit ?? null;
  if (!cur || !prev || parent === null || last === null || last === 0 || prev.year !== cur.year - 1)
    return null;
  return { year: cur.year, parent, last };
}

function companyFlash(rng: Rng, ms: number, stock: Stock): string {
  const kind = rng.int(0, 3);
  if (kind === 0) {
    const annual = latestAnnual(stock, ms);
    if (annual) {
      const growth = annual.parent / annual.last - 1;
      return `${stock.name}：${annual.year}年归母净利润${yi(annual.parent)}，同比${growth >= 0 ? '增长' : '下降'}${Math.abs(growth * 100).toFixed(2)}%`;
    }
  }
  if (kind === 1 || kind === 0) {
    const { low, high } = buybackRange(stock, ms, rng);
    return `${stock.name}公告：拟以${amountText(low)}至${amountText(high)}回购股份`;
  }
  if (kind === 2) return `${stock.name}：股东拟减持不超过${rng.range(0.5, 3).toFixed(1)}%股份`;
  // A major contract: 2-30 % of the latest annual revenue.
  const revenue = disclosedPeriods(stock, ms, true)[0]?.income.operating_income ?? stock.revenue;
  return `${stock.name}：签订${amountText(revenue * rng.range(0.02, 0.3))}重大合同`;
}

function flashText(
  rng: Rng,
  tag: number,
  stock: Stock,
  ms: number,
): { title: string; summary: string | null } {
  const concept = rng.pick(CONCEPTS);
  const variety = rng.pick(NEWS_VARIETIES);
  const index = rng.pick(FLASH_INDICES);
  const options: Record<number, readonly (() => string)[]> = {
    1: [() => indexFlash(ms, index, concept), () => stockFlash(ms, stock, concept)],
    2: [() => macroFlash(ms, 0), () => macroFlash(ms, 1), () => macroFlash(ms, 2)],
    3: [() => hongKongFlash(ms), () => usFlash(ms)],
    4: [() => futuresFlash(ms, variety)],
    5: [() => companyFlash(rng, ms, stock)],
    6: [
      () => `${concept}产业链迎来政策利好，多家公司加快布局`,
      () => `机构：${concept}景气度有望持续，关注龙头公司`,
    ],
    7: [() => overseasFlash(ms, false), () => overseasFlash(ms, true)],
  };
  const pool = options[tag] ?? options[1] ?? [];
  const make = pool[Math.floor(rng.next() * pool.length)];
  const title = make ? make() : '市场快讯';
  const summary = rng.chance(0.3) ? null : `${title}。以上内容由模拟器生成，仅用于界面演示。`;
  return { title, summary };
}

/** The flash created in a given minute, if there is one. */
export function flashAt(minute: number): Flash | null {
  const h = mix(SALT, minute);
  if (unit(h) >= flashChance(minute)) return null;
  const rng = new Rng(mix(h, 0x51ed27));
  const second = rng.int(0, 59);
  const createMs = minute * MINUTE + second * 1000;
  const first = rng.pick(FLASH_TAGS);
  const tags: { id: number; name: string }[] = [first];
  if (rng.chance(0.3)) {
    const second2 = rng.pick(FLASH_TAGS);
    if (second2.id !== first.id) tags.push(second2);
  }
  // Mostly well-known stocks (as the news names them); a stock not listed yet at the flash's time never.
  const drawn = rng.chance(0.6) ? rng.pick(knownStocks()) : stockAt(rng.int(0, allStocks().length - 1));
  const stock = drawn.listDay <= dayOfMs(createMs) ? drawn : rng.pick(knownStocks());
  const text = flashText(rng, first.id, stock, createMs);
  const seqValue = BigInt(createMs / 1000) * BILLION + BigInt(mixAll(h, 1) % 1_000_000_000);
  const id = 900_000_000_000_000_000n + BigInt(minute) * 1000n + BigInt(second);
  const edited = rng.chance(0.3) ? rng.int(1, 300) * 1000 : 0;
  // Drawn apart from the text, whose draws vary with the facts it states.
  const type = unit(mixAll(h, 2)) < 0.1 ? FLASH_TYPE_ANNOUNCEMENT : 1;
  const { title, summary } = type === FLASH_TYPE_ANNOUNCEMENT ? announcementText(seqValue.toString()) : text;
  if (type === FLASH_TYPE_ANNOUNCEMENT && !tags.some((t) => t.id === COMPANY_TAG)) {
    const company = FLASH_TAGS.find((t) => t.id === COMPANY_TAG);
    if (company) tags.unshift(company);
  }
  return {
    id: id.toString(),
    seq: seqValue.toString(),
    seqValue,
    title,
    encoded_url: `https://news.simulated.invalid/flash/${fnv1a(id.toString()).toString(36)}${h.toString(36)}`,
    summary,
    tags,
    type,
    create_time_ms: createMs,
    update_time_ms: createMs + edited,
    pic_url: rng.chance(0.1) ? null : '',
  };
}

function inColumn(f: Flash, tagId: number): boolean {
  return tagId === FLASH_ALL_COLUMN || f.tags.some((t) => t.id === tagId);
}

/** Flashes visible at `nowMs`: the update time never lies in the future. */
function visible(f: Flash, nowMs: number): Flash {
  const cap = nowMs - (nowMs % 1000);
  return f.update_time_ms > cap ? { ...f, update_time_ms: Math.max(f.create_time_ms, cap) } : f;
}

/** One page, newest first, of flashes older than the cursor (`0` = from now). */
export function flashPage(tagId: number, cursor: bigint, nowMs: number): Flash[] {
  const out: Flash[] = [];
  const startMinute = Math.floor(nowMs / MINUTE);
  // Three days back at most: an unknown column stays empty instead of scanning forever.
  for (let m = startMinute; m > startMinute - 3 * 1440 && out.length < PAGE; m--) {
    const f = flashAt(m);
    if (!f || f.create_time_ms > nowMs || !inColumn(f, tagId)) continue;
    if (cursor !== 0n && f.seqValue >= cursor) continue;
    out.push(visible(f, nowMs));
  }
  return out;
}

/** Flashes newer than the latest known one (by seq and creation time), newest first, at most 50. */
export function flashRefresh(tagId: number, seq: bigint, createTimeMs: number, nowMs: number): Flash[] {
  const out: Flash[] = [];
  const startMinute = Math.floor(nowMs / MINUTE);
  const stopMinute = Math.max(Math.floor(createTimeMs / MINUTE), startMinute - 1440);
  for (let m = startMinute; m >= stopMinute && out.length < 50; m--) {
    const f = flashAt(m);
    if (!f || f.create_time_ms > nowMs || !inColumn(f, tagId)) continue;
    if (f.seqValue <= seq || f.create_time_ms < createTimeMs) continue;
    out.push(visible(f, nowMs));
  }
  return out;
}

/**
 * The one announcement whose interpretation carries hostile markup (script elements, event-handler
 * attributes, `javascript:` links, external and inline-data images, frames, forms, styles), to prove
 * the reader's sanitising: nothing of it may run or reach the page.
 */
export const UNSAFE_NOTICE_SEQ = '202607150000000001';

/** Set on `window` by any of the fixture's scripts that runs. */
export const UNSAFE_NOTICE_MARKER = '__simXss';

const UNSAFE_BLOCK_HTML = [
  `<p>高端产品占比提升<img src=x onerror="window.${UNSAFE_NOTICE_MARKER}='img'">，渠道结构优化。</p>`,
  `<script>window.${UNSAFE_NOTICE_MARKER}='script'</script>`,
  `<p><a href="javascript:window.${UNSAFE_NOTICE_MARKER}='link'">查看原文</a> · `,
  `<a href="https://www.hkexnews.hk/" onclick="window.${UNSAFE_NOTICE_MARKER}='click'">交易所披露易</a> · `,
  '<a href="/news">快讯</a></p>',
  '<p><img src="https://tracker.simulated.invalid/pixel.png" alt="外部图片">',
  '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="内嵌图片">',
  '<img src="/favicon.svg" alt="站内图片" width="16" height="16"></p>',
  `<svg><a href="javascript:window.${UNSAFE_NOTICE_MARKER}='svg'"><text>svg</text></a><animate onbegin="window.${UNSAFE_NOTICE_MARKER}='svg'"/></svg>`,
  '<iframe src="https://evil.simulated.invalid/"></iframe>',
  '<form action="https://evil.simulated.invalid/"><input name="q" value="x"><button>提交</button></form>',
  '<style>body{display:none}</style>',
].join('');

const UNSAFE_SUMMARY_HTML = `<p onmouseover="window.${UNSAFE_NOTICE_MARKER}='hover'"><strong>经营数据</strong>好于去年同期<object data="https://evil.simulated.invalid/x.swf"></object>（模拟数据）。</p>`;

export type NoticeDetail = {
  seq: string;
  guid: string | null;
  title: string;
  report_period: string | null;
  summary: { notice_type: string; items: { title: string; content: string }[] } | null;
  monthly_report_interpretation: {
    notice_type: string;
    has_findings: boolean;
    findings: { title: string; blocks: { sub_title: string; content_html: string }[] }[];
    summary_html: string;
  } | null;
};

function yi(x: number | null): string {
  return x === null ? '未披露' : `${(x / 1e8).toFixed(2)}亿元`;
}

/** The creation time of a flash seq (creation second times 10^9 plus a seeded part), if it is one. */
function flashTimeOfSeq(seq: string): number | null {
  if (!/^\d{19}$/.test(seq)) return null;
  return Number(BigInt(seq) / BILLION) * 1000;
}

/** An announcement flash's title and summary: those of the interpretation its seq opens. */
function announcementText(seq: string): { title: string; summary: string | null } {
  const detail = noticeDetail(seq, 0);
  const items = detail.summary?.items ?? [];
  return {
    title: detail.title,
    summary: items.length === 0 ? null : items.map((i) => `${i.title}：${i.content}`).join('；'),
  };
}

/**
 * The interpretation of an announcement; any seq names one, deterministically. A flash seq's
 * announcement is dated by the flash (so its flash and its reader agree), any other by `nowMs`.
 */
export function noticeDetail(seq: string, nowMs: number): NoticeDetail {
  const h = fnv1a(`notice|${seq}`);
  const rng = new Rng(h);
  const stock = rng.chance(0.6) ? rng.pick(knownStocks()) : stockAt(rng.int(0, allStocks().length - 1));
  const guid = rng.chance(0.9)
    ? [8, 4, 4, 4, 12]
        .map((n, i) => (mixAll(h, i).toString(16) + '00000000').slice(0, n).padEnd(n, '0'))
        .join('-')
    : null;
  const kind = seq === UNSAFE_NOTICE_SEQ ? 'monthly' : rng.pick(['periodic', 'monthly', 'other'] as const);
  if (kind === 'periodic') {
    // One of the last four reports the company had published by the announcement's day.
    const published = disclosedPeriods(stock, flashTimeOfSeq(seq) ?? nowMs, false).slice(0, 4);
    const period = published.length > 0 ? rng.pick(published) : undefined;
    const year = period?.year ?? Number(dateOf(dayOfMs(nowMs)).slice(0, 4)) - 1;
    const quarter = period?.quarter ?? 4;
    const names = { 1: '第一季度报告', 2: '半年度报告', 3: '第三季度报告', 4: '年度报告' } as const;
    const ends = { 1: '03-31', 2: '06-30', 3: '09-30', 4: '12-31' } as const;
    const last = findPeriod(stock, year - 1, quarter);
    const yoy = (a: number | null | undefined, b: number | null | undefined) =>
      a == null || b == null || b === 0 ? '—' : `${(((a - b) / Math.abs(b)) * 100).toFixed(2)}%`;
    return {
      seq,
      guid,
      title: `${stock.name}：${year}年${names[quarter]}`,
      report_period: `${year}-${ends[quarter]}`,
      summary: {
        notice_type: '定期报告',
        items: [
          {
            title: '营业收入',
            content: `${yi(period?.income.operating_income ?? null)}，同比${yoy(period?.income.operating_income, last?.income.operating_income)}`,
          },
          {
            title: '归母净利润',
            content: `${yi(period?.income.parent_holder_net_profit ?? null)}，同比${yoy(period?.income.parent_holder_net_profit, last?.income.parent_holder_net_profit)}`,
          },
          { title: '经营活动现金流净额', content: yi(period?.cashFlow.act_cash_flow_net ?? null) },
        ],
      },
      monthly_report_interpretation: null,
    };
  }
  if (kind === 'monthly') {
    const month = rng.int(1, 12);
    const growth = rng.range(-20, 40).toFixed(2);
    const unsafe = seq === UNSAFE_NOTICE_SEQ;
    return {
      seq,
      guid,
      title: `${stock.name}：${month}月经营数据公告`,
      report_period: null,
      summary: {
        notice_type: '经营数据',
        items: [
          {
            title: '月度销售',
            content: `${month}月销售额同比${Number(growth) >= 0 ? '增长' : '下降'}${Math.abs(Number(growth))}%`,
          },
        ],
      },
      monthly_report_interpretation: {
        notice_type: '月度经营数据',
        has_findings: true,
        findings: [
          {
            title: '销售表现',
            blocks: [
              {
                sub_title: '同比变化',
                content_html: `<p>${month}月销售额同比<b>${growth}%</b>，${Number(growth) >= 0 ? '延续增长' : '有所回落'}。</p>`,
              },
              {
                sub_title: '结构变化',
                content_html: unsafe
                  ? UNSAFE_BLOCK_HTML
                  : `<ul><li>线上渠道占比 ${rng.int(10, 60)}%</li><li>海外收入占比 ${rng.int(1, 30)}%</li></ul>`,
              },
            ],
          },
        ],
        summary_html: unsafe
          ? UNSAFE_SUMMARY_HTML
          : `<p><strong>${stock.name}</strong>${month}月经营数据${Number(growth) >= 0 ? '好于' : '弱于'}去年同期（模拟数据）。</p>`,
      },
    };
  }
  const { low, high } = buybackRange(stock, flashTimeOfSeq(seq) ?? nowMs, rng);
  return {
    seq,
    guid,
    title: `${stock.name}：关于以集中竞价交易方式回购股份的公告`,
    report_period: null,
    summary: {
      notice_type: '股份回购',
      items: [
        { title: '回购金额', content: `不低于${amountText(low)}，不超过${amountText(high)}` },
        { title: '回购用途', content: '用于员工持股计划或股权激励' },
      ],
    },
    monthly_report_interpretation: null,
  };
}
