import { formatAmount, parseDecimal, DASH } from '../../lib/format';
import type { Language } from '../../lib/i18n';

/**
 * Values of the hot lists as the service sends them. `heat` is a numeric string, sometimes in Java
 * float notation ("1.4874021E7"); the monitor's label follows its type (1 and 2 are the severe
 * abnormal-fluctuation list, the rest key monitoring).
 */

/** The heat as a number, or null when the string is not a plain decimal number. */
export function parseHeat(text: string | null | undefined): number | null {
  return parseDecimal(text);
}

/** Compact heat: 万/亿 in Chinese, K/M/B in English; an unreadable value is a dash. */
export function formatHeat(text: string | null | undefined, lang: Language): string {
  const value = parseHeat(text);
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
