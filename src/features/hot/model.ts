import { formatAmount, parseDecimal, DASH } from '../../lib/format';
import type { Language } from '../../lib/i18n';

/**
 * Values of the hot lists as the service sends them. `heat` is a numeric string, sometimes in Java
 * float notation ("1.4874021E7"), or a number (the docs table's type); the monitor's label follows its type (1 and 2 are the severe
 * abnormal-fluctuation list, the rest key monitoring).
 */

/** A heat as received: the service's numeric string, or a number as the docs table types it. */
export type Heat = string | number | null | undefined;

/** The heat as a number, or null when it is not a finite number nor a plain decimal string. */
export function parseHeat(heat: Heat): number | null {
  if (typeof heat === 'number') return Number.isFinite(heat) ? heat : null;
  return parseDecimal(heat);
}

/** Compact heat: 万/亿 in Chinese, K/M/B in English; an unreadable value is a dash. */
export function formatHeat(heat: Heat, lang: Language): string {
  const value = parseHeat(heat);
  return value === null ? DASH : formatAmount(value, lang, 1);
}

export type RankTrend = 'up' | 'down' | 'flat' | 'unknown';

/** The service's `rank_trend`, or the direction of `rank_change` when the text is not one it names. */
export function trendOf(trend: string, change: number | null): RankTrend {
  if (trend === 'up' || trend === 'down' || trend === 'flat') return trend;
  if (change === null) return 'unknown';
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}

export const TREND_ARROWS: Record<RankTrend, string> = { up: '▲', down: '▼', flat: '■', unknown: '?' };

export type MonitorKind = 'severe' | 'key';

export function monitorKind(type: number): MonitorKind {
  return type === 1 || type === 2 ? 'severe' : 'key';
}
