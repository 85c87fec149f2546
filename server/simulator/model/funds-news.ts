import { DAY_MS } from '../../../src/contract/time';
import { dateOf, dayOfMs, midnightMs, tradingIndexOnOrBefore, weekday } from './calendar';
import { Rng, fnv1a } from './random';
import { THEMES, allFunds, managersOf, type Fund } from './funds';
import { navSeries, windowReturn, windowStart } from './funds-nav';
import { publishedReports, type Report } from './funds-portfolio';
import { dividendRecords } from './funds-dividends';

/**
 * News article metadata of a fund (market news, company views, announcements of its own reports and
 * dividends) and the new funds raising capital. Articles exist at seeded times, so any window of time can
 * be listed without state; an article appears once its publication time has passed.
 */

export interface FundArticle {
  id: string;
  contentType: 'news' | 'announcement' | 'research';
  title: string;
  summary: string;
  source: string;
  url: string;
  imageUrl: string | null;
  author: string | null;
  publishMs: number;
  top: boolean;
}

const HOUR = 3_600_000;
const WEEK = 7 * DAY_MS;
/** Articles older than a year are not listed. */
const HISTORY_MS = 365 * DAY_MS;

const SOURCES = ['中国基金报', '证券时报', '上海证券报', '中国证券报', '财联社', '证券日报'];
const REPORTERS = ['张晓', '李然', '王思远', '陈静', '刘洋', '赵一鸣', '孙悦', '周琪'];

function reportTitle(fund: Fund, r: Report): string {
  if (r.type === 'quarter') return `${fund.name}${r.year}年第${r.quarter}季度报告`;
  return `${fund.name}${r.year}年${r.type === 'semi' ? '中期' : '年度'}报告`;
}

function announcement(fund: Fund, key: string, title: string, publishMs: number): FundArticle {
  const id = String(fnv1a(`${fund.thscode}|${key}`));
  return {
    id,
    contentType: 'announcement',
    title,
    summary: `${fund.company.name}发布${title}，详见公告全文。`,
    source: fund.company.name,
    url: `https://example.com/fund-notice/${id}`,
    imageUrl: null,
    author: null,
    publishMs,
    top: false,
  };
}

function newsAt(fund: Fund, week: number, k: number): FundArticle {
  const rng = Rng.of(fund.thscode, 'news', week, k);
  const publishMs =
    week * WEEK + rng.int(0, 6) * DAY_MS + rng.int(8, 22) * HOUR + rng.int(0, 59) * 60_000 - 8 * HOUR;
  const theme = THEMES[fund.theme].index.replace(/指数$/, '');
  const series = navSeries(fund);
  const at = tradingIndexOnOrBefore(dayOfMs(publishMs) - 1);
  const start = at >= series.first ? windowStart(series, 'month', at) : null;
  const month = start === null ? null : windowReturn(series, start, at);
  const manager = managersOf(fund, dayOfMs(publishMs))[0]?.manager.name ?? '基金经理';
  const templates: readonly (readonly [FundArticle['contentType'], string, string])[] = [
    [
      'news',
      month === null
        ? `${theme}主题基金受关注，${fund.name}获资金流入`
        : `${theme}主题基金表现分化，${fund.name}近一月${month >= 0 ? '上涨' : '下跌'}${Math.abs(month).toFixed(2)}%`,
      `近期${theme}相关板块波动加大，业内人士认为中长期配置价值仍在。`,
    ],
    [
      'research',
      `${fund.company.short}基金${manager}：${theme}板块估值处于合理区间`,
      `${manager}表示，将继续坚持既定投资框架，关注基本面改善的方向。`,
    ],
    [
      'news',
      `${fund.company.short}基金发布下半年投资策略：关注${theme}与红利资产`,
      '多家基金公司认为，权益市场风险偏好有望修复。',
    ],
    [
      'research',
      `${fund.name}季度点评：仓位${rng.chance(0.5) ? '小幅提升' : '保持稳定'}，持仓集中度变化不大`,
      '从最新披露的持仓看，基金维持了原有的行业配置思路。',
    ],
  ];
  const [contentType, title, summary] = rng.pick(templates);
  const id = String(fnv1a(`${fund.thscode}|news|${week}|${k}`));
  return {
    id,
    contentType,
    title,
    summary,
    source: rng.pick(SOURCES),
    url: `https://example.com/fund-news/${id}`,
    imageUrl: rng.chance(0.4) ? `https://example.com/fund-news/${id}.jpg` : null,
    author: `记者 ${rng.pick(REPORTERS)}`,
    publishMs,
    top: false,
  };
}

/** Every article of a fund published in (now − 1 year, now], newest first. */
export function articles(fund: Fund, now: number): FundArticle[] {
  const from = Math.max(now - HISTORY_MS, midnightMs(fund.inceptionDay));
  const out: FundArticle[] = [];
  // Weeks counted from the Unix epoch (a Thursday) in Shanghai time.
  for (let week = Math.floor((from + 8 * HOUR) / WEEK); week <= Math.floor((now + 8 * HOUR) / WEEK); week++) {
    const count = Rng.of(fund.thscode, 'news-count', week).int(0, 3);
    for (let k = 0; k < count; k++) out.push(newsAt(fund, week, k));
  }
  const today = dayOfMs(now);
  for (const type of ['quarter', 'semi', 'annual'] as const) {
    for (const r of publishedReports(fund, type, today, 4)) {
      out.push(
        announcement(
          fund,
          `report|${type}|${r.endDay}`,
          reportTitle(fund, r),
          midnightMs(r.publishDay) + 19 * HOUR,
        ),
      );
    }
  }
  for (const d of dividendRecords(fund, today)) {
    out.push(
      announcement(
        fund,
        `dividend|${d.exDay}`,
        `${fund.name}收益分配公告`,
        midnightMs(d.publishDay) + 19 * HOUR,
      ),
    );
  }
  const listed = out.filter((a) => a.publishMs <= now && a.publishMs > from);
  listed.sort((a, b) => b.publishMs - a.publishMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  // The newest announcement of the last week stays pinned.
  const pinned = listed.find((a) => a.contentType === 'announcement' && now - a.publishMs < WEEK);
  return listed.map((a) => (a === pinned ? { ...a, top: true } : a));
}

// ---------------------------------------------------------------------------------------------------
// New funds raising capital

export interface Offering {
  thscode: string | null;
  ticker: string;
  startMs: number;
  endMs: number;
}

/** Funds whose subscription period overlaps the eight weeks before and four weeks after a day. */
export function offerings(day: number): Offering[] {
  const taken = new Set(allFunds().map((f) => f.ticker));
  const out: Offering[] = [];
  // Launch weeks start on Mondays.
  const monday = day - ((weekday(day) + 6) % 7);
  for (let w = -8; w <= 4; w++) {
    const week = monday + 7 * w;
    const rng = Rng.of('offerings', dateOf(week));
    const count = rng.int(2, 5);
    for (let k = 0; k < count; k++) {
      const ticker = String(rng.int(20000, 26999)).padStart(6, '0');
      const startDay = week + rng.int(0, 4);
      const length = rng.int(5, 25);
      if (taken.has(ticker)) continue;
      taken.add(ticker);
      out.push({
        // A fund still raising is not in the code table yet: no thscode (the vendor's documented case).
        thscode: null,
        ticker,
        startMs: midnightMs(startDay),
        endMs: midnightMs(startDay + length),
      });
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs || (a.ticker < b.ticker ? -1 : 1));
}
