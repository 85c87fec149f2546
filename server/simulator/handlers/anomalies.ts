import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { ANOMALY_TAGS } from '../../../src/contract/operations/market-extras';
import { midnightMs, tradingDayAt } from '../model/calendar';
import {
  changePct,
  clockText,
  scanDay,
  topicsOf,
  turnoverRatioPct,
  type LimitScan,
} from '../model/limit-pools';
import type { MarketClock } from '../model/session';
import { SimError, defineHandler } from '../route';
import { clockOf } from './common';

/**
 * Today's anomaly reasons, derived from the same day scan as the limit pools: a stock at a limit gets
 * LIMIT_UP / LIMIT_DOWN, a change of 7% or more that is not at a limit SHARP_RISE / SHARP_FALL, and a
 * 2% move within five minutes RAPID_RALLY / RAPID_DECLINE. "Today" is the latest session: on a closed day
 * the last trading day's; on a trading day before the 09:25 match nothing is ready yet.
 */

type Tag = (typeof ANOMALY_TAGS)[number];

const TAG_NAMES: Record<Tag, string> = {
  LIMIT_UP: '涨停',
  LIMIT_DOWN: '跌停',
  SHARP_RISE: '大幅上涨',
  SHARP_FALL: '大幅下跌',
  RAPID_RALLY: '快速拉升',
  RAPID_DECLINE: '快速下跌',
};

const TAG_ORDER: readonly Tag[] = ANOMALY_TAGS;

interface Anomaly {
  tag: Tag;
  second: number;
  scan: LimitScan;
}

function anomaliesOf(scan: LimitScan): Anomaly[] {
  const out: Anomaly[] = [];
  const add = (tag: Tag, second: number | null) => {
    if (second !== null) out.push({ tag, second, scan });
  };
  if (scan.sealedUp) add('LIMIT_UP', scan.firstUp);
  else if (scan.sealedDown) add('LIMIT_DOWN', scan.firstDown);
  else {
    add('SHARP_RISE', scan.sharpRise);
    add('SHARP_FALL', scan.sharpFall);
  }
  add('RAPID_RALLY', scan.rapidRally);
  add('RAPID_DECLINE', scan.rapidDecline);
  return out;
}

function content(a: Anomaly, t: number): { text: string; keywords: string[] } {
  const { stock, bar } = a.scan;
  const topics = topicsOf(stock, t);
  const when = clockText(a.second);
  const move: Record<Tag, string> = {
    LIMIT_UP: `${when}封涨停`,
    LIMIT_DOWN: `${when}封跌停`,
    SHARP_RISE: `${when}起涨幅超过7%`,
    SHARP_FALL: `${when}起跌幅超过7%`,
    RAPID_RALLY: `${when}五分钟内快速拉升超过2%`,
    RAPID_DECLINE: `${when}五分钟内快速下跌超过2%`,
  };
  const up = a.tag === 'LIMIT_UP' || a.tag === 'SHARP_RISE' || a.tag === 'RAPID_RALLY';
  const text =
    `${stock.name}${move[a.tag]}，现报${bar.close.toFixed(2)}元，涨跌幅${changePct(bar).toFixed(2)}%，` +
    `换手率${turnoverRatioPct(bar).toFixed(2)}%。` +
    `${up ? '资金关注' : '资金流出'}${topics.join('、')}方向；公司所属行业为${stock.sector}。`;
  return { text, keywords: topics };
}

function row(a: Anomaly, t: number) {
  const { text, keywords } = content(a, t);
  return {
    stock_name: a.scan.stock.name,
    analysis_content: text,
    keyword_list: keywords,
    thscode: a.scan.stock.thscode,
    tag_name: TAG_NAMES[a.tag],
  };
}

/** The latest session's anomalies, newest event first; null before today's match. */
function today(clock: MarketClock): { t: number; anomalies: Anomaly[] } | null {
  if (clock.todayIndex >= 0 && clock.barIndex !== clock.todayIndex) return null;
  const t = clock.barIndex;
  const anomalies = scanDay(t, clock)
    .flatMap(anomaliesOf)
    .sort(
      (a, b) =>
        b.second - a.second ||
        (a.scan.stock.thscode < b.scan.stock.thscode
          ? -1
          : a.scan.stock.thscode > b.scan.stock.thscode
            ? 1
            : 0) ||
        TAG_ORDER.indexOf(a.tag) - TAG_ORDER.indexOf(b.tag),
    );
  return { t, anomalies };
}

/** Newest record time of the snapshot, or the refresh moment when there is none. */
function stamp(anomalies: readonly Anomaly[], t: number, clock: MarketClock): number {
  const newest = anomalies.reduce((m, a) => Math.max(m, a.second), -1);
  return newest < 0 ? clock.nowMs - (clock.nowMs % 60000) : midnightMs(tradingDayAt(t)) + newest * 1000;
}

export const anomalyRoutes = [
  defineHandler(catalog['a-share/special-data/anomaly-analysis-list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const snapshot = today(clock);
    if (!snapshot) return { timestamp: clock.nowMs - (clock.nowMs % 60000), item: [] };
    const tags = params.tag_codes;
    const picked = snapshot.anomalies.filter((a) => tags === undefined || tags.includes(a.tag));
    return { timestamp: stamp(picked, snapshot.t, clock), item: picked.map((a) => row(a, snapshot.t)) };
  }),

  defineHandler(catalog['a-share/special-data/anomaly-analysis-stock'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const snapshot = today(clock);
    if (!snapshot) {
      throw new SimError(ErrorCode.DATA_NOT_READY, "Today's anomaly snapshot is ready after the 09:25 match");
    }
    // Grouped in the de-duplicated request order; a stock without an anomaly has no row.
    const codes = [...new Set(params.thscodes)];
    const picked = codes.flatMap((code) =>
      snapshot.anomalies
        .filter((a) => a.scan.stock.thscode === code)
        .sort((a, b) => TAG_ORDER.indexOf(a.tag) - TAG_ORDER.indexOf(b.tag)),
    );
    return { timestamp: stamp(picked, snapshot.t, clock), item: picked.map((a) => row(a, snapshot.t)) };
  }),
];
