import { formatNumber, formatPercent } from '../../lib/format';
import type { Language } from '../../lib/i18n';

/** Decimals a futures price needs: those of the variety's tick size (0.2 → 1, 0.005 → 3), else 2. */
export function tickDigits(tick: number | null | undefined): number {
  if (tick === null || tick === undefined || !Number.isFinite(tick) || tick <= 0) return 2;
  const text = String(tick);
  const dot = text.indexOf('.');
  return Math.min(4, dot < 0 ? 0 : text.length - dot - 1);
}

/** A futures price to the variety's tick. */
export function formatFuturesPrice(value: number | null | undefined, lang: Language, digits: number): string {
  return formatNumber(value, lang, digits);
}

/** Spot and basis: the tick's decimals, at least two (spot quotes carry cents). */
export function formatBasis(
  value: number | null | undefined,
  lang: Language,
  digits: number,
  opts: { sign?: boolean } = {},
): string {
  return formatNumber(value, lang, Math.max(2, digits), opts);
}

/** Basis rates are percent values; small ones need the second decimal. */
export function formatRate(value: number | null | undefined, lang: Language): string {
  return formatPercent(value, lang, { digits: 2, sign: true });
}
