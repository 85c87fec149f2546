import type { BusinessDay, Time, UTCTimestamp } from 'lightweight-charts';
import { SHANGHAI_OFFSET_MS, shanghaiMidnight } from '../contract/time';
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

/**
 * `negative` keeps a value that rounds to zero from showing as "-0.00"; `exceptZero` adds the plus sign
 * of a gain (and none to a zero change).
 */
function numberFormat(lang: Language, digits: number, sign = false): Intl.NumberFormat {
  const key = `${lang}|${digits}|${sign ? '+' : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: sign ? 'exceptZero' : 'negative',
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Makes the number format a page uses most. The first Intl format a page makes loads the locale data,
 * some 30 ms: called while the page waits for its data, that is not added to the task that renders it.
 */
export function prepareNumberFormats(lang: Language): void {
  numberFormat(lang, 2);
}

export function formatNumber(value: Num, lang: Language, digits = 2, opts: { sign?: boolean } = {}): string {
  return isNum(value) ? numberFormat(lang, digits, opts.sign).format(value) : DASH;
}

/** `*_pct` fields are percent values already: 8.88 means 8.88 %. */
export function formatPercent(
  value: Num,
  lang: Language,
  opts: { digits?: number; sign?: boolean } = {},
): string {
  return isNum(value) ? `${numberFormat(lang, opts.digits ?? 2, opts.sign).format(value)}%` : DASH;
}

/**
 * What a price belongs to: A-shares and indices quote to 0.01, exchange-traded and off-exchange funds to
 * 0.001 (their NAVs and prices sit near 1), options to 0.0001.
 */
export type PriceKind = 'stock' | 'index' | 'fund' | 'option' | 'auto';

const PRICE_DIGITS: Record<Exclude<PriceKind, 'auto'>, number> = { stock: 2, index: 2, fund: 3, option: 4 };

/** The price kind of a service `asset_type` (search results). */
export function priceKindOf(assetType: string): PriceKind {
  if (assetType === 'a-share') return 'stock';
  if (assetType.startsWith('fund')) return 'fund';
  if (assetType === 'options') return 'option';
  if (assetType.endsWith('index')) return 'index';
  return 'auto';
}

/** Decimals for a price: by kind, or by magnitude when the kind is unknown (small prices need more). */
export function priceDigits(value: Num, kind: PriceKind = 'auto'): number {
  if (kind !== 'auto') return PRICE_DIGITS[kind];
  const abs = isNum(value) ? Math.abs(value) : 0;
  if (abs === 0 || abs >= 10) return 2;
  return abs >= 1 ? 3 : 4;
}

export function formatPrice(
  value: Num,
  lang: Language,
  kind: PriceKind = 'stock',
  opts: { sign?: boolean } = {},
) {
  return formatNumber(value, lang, priceDigits(value, kind), opts);
}

/**
 * Decimals a price needs to show a tick (minimum price step) exactly: 0.2 → 1, 0.005 → 3, 1 → 0, at most
 * 4; 2 when the step is unknown.
 */
export function tickDigits(tick: number | null | undefined): number {
  if (tick === null || tick === undefined || !Number.isFinite(tick) || tick <= 0) return 2;
  const text = String(tick);
  const dot = text.indexOf('.');
  return Math.min(4, dot < 0 ? 0 : text.length - dot - 1);
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
export function formatAmount(value: Num, lang: Language, digits = 2, opts: { sign?: boolean } = {}): string {
  if (!isNum(value)) return DASH;
  const units = lang === 'zh-CN' ? CN_UNITS : EN_UNITS;
  const abs = Math.abs(value);
  for (const unit of units) {
    if (abs >= unit.size)
      return `${numberFormat(lang, digits, opts.sign).format(value / unit.size)}${unit.suffix}`;
  }
  return numberFormat(lang, abs >= 100 || Number.isInteger(value) ? 0 : digits, opts.sign).format(value);
}

/** The service counts volume in shares; screens may show lots (手, 100 shares) as Chinese terminals do. */
export type VolumeUnit = 'shares' | 'lots';

export const SHARES_PER_LOT = 100;

const VOLUME_LABELS: Record<Language, Record<VolumeUnit, string>> = {
  'zh-CN': { shares: '股', lots: '手' },
  en: { shares: 'sh', lots: 'lots' },
};

export function volumeUnitLabel(unit: VolumeUnit, lang: Language): string {
  return VOLUME_LABELS[lang][unit];
}

/** A volume given in shares, shown in `unit` with 万/亿 or K/M/B and the unit's label. */
export function formatVolume(shares: Num, lang: Language, unit: VolumeUnit = 'shares'): string {
  if (!isNum(shares)) return DASH;
  const value = unit === 'lots' ? shares / SHARES_PER_LOT : shares;
  const amount = formatAmount(value, lang);
  return lang === 'zh-CN'
    ? `${amount}${volumeUnitLabel(unit, lang)}`
    : `${amount} ${volumeUnitLabel(unit, lang)}`;
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

/** `yyyy-MM-dd HH:mm` in Asia/Shanghai. */
export function formatShanghaiMinute(ms: Num): string {
  return isNum(ms) ? shanghaiParts(ms).slice(0, 16).replace('T', ' ') : DASH;
}

const weekdayFormats = new Map<Language, Intl.DateTimeFormat>();

/** The weekday of a `yyyy-MM-dd` calendar day, short (`周五`, `Fri`). */
export function formatWeekday(day: string, lang: Language): string {
  let format = weekdayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
    weekdayFormats.set(lang, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

function isChartTimestamp(value: number): value is UTCTimestamp {
  return Number.isFinite(value);
}

/**
 * lightweight-charts reads every time as UTC. Shifting by +8 h makes its axis and crosshair read the
 * Asia/Shanghai wall clock: a daily bar at Shanghai midnight shows as that date, not the day before.
 * The result is in seconds, as the library expects.
 */
export function toChartTime(ms: number): UTCTimestamp {
  const seconds = Math.floor((ms + SHANGHAI_OFFSET_MS) / 1000);
  if (!isChartTimestamp(seconds)) throw new RangeError(`Not a time: ${String(ms)}`);
  return seconds;
}

function isBusinessDay(time: Time): time is BusinessDay {
  return typeof time === 'object';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The inverse of `toChartTime` (Unix ms); a business day or `yyyy-MM-dd` string is Shanghai midnight. */
export function fromChartTime(time: Time): number {
  if (typeof time === 'number') return time * 1000 - SHANGHAI_OFFSET_MS;
  if (isBusinessDay(time)) return shanghaiMidnight(`${time.year}-${pad2(time.month)}-${pad2(time.day)}`);
  return shanghaiMidnight(time.slice(0, 10));
}

/**
 * What a figure is, so that the same kind reads with the same precision on every screen (the service
 * sends indicators with mixed decimals, such as 93.121 next to -3.1317):
 * - `percent`: a percent value (8.88 is 8.88 %), two decimals;
 * - `ratio`: a plain ratio (current ratio 1.85, volume ratio 0.93), two decimals;
 * - `times`: a multiple (interest coverage 12.50 倍 / 12.50×), two decimals;
 * - `turnover`: turns per period (inventory turnover 3.20 次 / 3.20 times), two decimals;
 * - `amount`: yuan or shares, 万/亿 or K/M/B with two decimals;
 * - `price`: an A-share or index price, two decimals (see `formatPrice` for other markets);
 * - `count`: a whole number (ranks, holders).
 */
export type FigureKind = 'percent' | 'ratio' | 'times' | 'turnover' | 'amount' | 'price' | 'count';

export const FIGURE_DIGITS: Readonly<Record<FigureKind, number>> = {
  percent: 2,
  ratio: 2,
  times: 2,
  turnover: 2,
  amount: 2,
  price: 2,
  count: 0,
};

const FIGURE_SUFFIX: Readonly<Record<'times' | 'turnover', Record<Language, string>>> = {
  times: { 'zh-CN': ' 倍', en: '×' },
  turnover: { 'zh-CN': ' 次', en: ' times' },
};

/** A figure with its kind's precision and unit; null, missing and non-finite values are a dash. */
export function formatFigure(
  value: Num,
  kind: FigureKind,
  lang: Language,
  opts: { sign?: boolean } = {},
): string {
  if (!isNum(value)) return DASH;
  const digits = FIGURE_DIGITS[kind];
  switch (kind) {
    case 'percent':
      return formatPercent(value, lang, { digits, sign: opts.sign });
    case 'amount':
      return formatAmount(value, lang, digits, opts);
    case 'times':
    case 'turnover':
      return `${formatNumber(value, lang, digits, opts)}${FIGURE_SUFFIX[kind][lang]}`;
    default:
      return formatNumber(value, lang, digits, opts);
  }
}

/** A decimal number the service sends as text ("93.121", "-3.1317"), or null when it is not one. */
export function parseDecimal(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export type Direction = 'up' | 'down' | 'flat';

/** Direction of a change; the stylesheet maps it to red-up/green-down (or the reverse when chosen). */
export function direction(value: Num): Direction {
  if (!isNum(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}
