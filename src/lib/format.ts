import { SHANGHAI_OFFSET_MS } from '../contract/time';
import type { Language } from './i18n';

/**
 * Number and time formatting shared by every screen. `null` means "not disclosed" in the contract and
 * shows as a dash, never as 0. Times are always Asia/Shanghai, whatever the browser's zone.
 */

export const DASH = '—';

type Num = number | null | undefined;

function isNum(value: Num): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Language, digits: number): Intl.NumberFormat {
  const key = `${lang}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: Num, lang: Language, digits = 2): string {
  return isNum(value) ? numberFormat(lang, digits).format(value) : DASH;
}

/** `*_pct` fields are percent values already: 8.88 means 8.88 %. */
export function formatPercent(
  value: Num,
  lang: Language,
  opts: { digits?: number; sign?: boolean } = {},
): string {
  if (!isNum(value)) return DASH;
  const text = `${numberFormat(lang, opts.digits ?? 2).format(value)}%`;
  return opts.sign && value > 0 ? `+${text}` : text;
}

const CN_UNITS = [
  { size: 1e12, suffix: '万亿' },
  { size: 1e8, suffix: '亿' },
  { size: 1e4, suffix: '万' },
] as const;

const EN_UNITS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** Large amounts (yuan, shares): 万/亿 in Chinese, K/M/B in English. */
export function formatAmount(value: Num, lang: Language, digits = 2): string {
  if (!isNum(value)) return DASH;
  const units = lang === 'zh-CN' ? CN_UNITS : EN_UNITS;
  const abs = Math.abs(value);
  for (const unit of units) {
    if (abs >= unit.size) return `${numberFormat(lang, digits).format(value / unit.size)}${unit.suffix}`;
  }
  return numberFormat(lang, abs >= 100 || Number.isInteger(value) ? 0 : digits).format(value);
}

function shanghaiParts(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString();
}

/** `yyyy-MM-dd` in Asia/Shanghai. */
export function formatShanghaiDate(ms: Num): string {
  return isNum(ms) ? shanghaiParts(ms).slice(0, 10) : DASH;
}

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai. */
export function formatShanghaiDateTime(ms: Num): string {
  return isNum(ms) ? shanghaiParts(ms).slice(0, 19).replace('T', ' ') : DASH;
}

/** `HH:mm:ss` in Asia/Shanghai. */
export function formatShanghaiTime(ms: Num): string {
  return isNum(ms) ? shanghaiParts(ms).slice(11, 19) : DASH;
}

export type Direction = 'up' | 'down' | 'flat';

/** Direction of a change; the stylesheet maps it to red-up/green-down (or the reverse when chosen). */
export function direction(value: Num): Direction {
  if (!isNum(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}
