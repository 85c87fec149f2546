import { formatNumber, formatPercent } from '../../lib/format';
import type { Language } from '../../lib/i18n';

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
