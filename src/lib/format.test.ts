import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASH,
  direction,
  formatAmount,
  formatFigure,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShanghaiDate,
  formatShanghaiDateTime,
  formatShanghaiMinute,
  formatShanghaiTime,
  formatVolume,
  fromChartTime,
  parseDecimal,
  priceDigits,
  priceKindOf,
  tickDigits,
  toChartTime,
} from './format';
import { translate } from './i18n';

// Run as if in New York: Shanghai output must not depend on the zone of the machine or the browser.
const originalTz = process.env['TZ'];
beforeAll(() => {
  process.env['TZ'] = 'America/New_York';
});
afterAll(() => {
  if (originalTz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = originalTz;
});

it('runs in New York time (so the Shanghai tests below mean something)', () => {
  // 2026-07-15T02:10Z is 22:10 the day before in New York (EDT, UTC-4).
  const local = new Date(Date.parse('2026-07-15T02:10:00Z'));
  expect([local.getDate(), local.getHours()]).toEqual([14, 22]);
});

describe('numbers', () => {
  it('shows null and missing as a dash, never 0', () => {
    expect(formatNumber(null, 'zh-CN')).toBe(DASH);
    expect(formatNumber(undefined, 'en')).toBe(DASH);
    expect(formatPercent(null, 'en')).toBe(DASH);
    expect(formatAmount(Number.NaN, 'zh-CN')).toBe(DASH);
    expect(formatNumber(0, 'en')).toBe('0.00');
  });

  it('groups thousands and fixes decimals', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatNumber(1500, 'zh-CN', 1)).toBe('1,500.0');
  });

  it('treats *_pct values as percent values and signs gains on request', () => {
    expect(formatPercent(8.88, 'en')).toBe('8.88%');
    expect(formatPercent(8.88, 'zh-CN')).toBe('8.88%');
    expect(formatPercent(1.5, 'en', { sign: true })).toBe('+1.50%');
    expect(formatPercent(-1.5, 'en', { sign: true })).toBe('-1.50%');
    expect(formatPercent(0, 'en', { sign: true })).toBe('0.00%');
    expect(formatPercent(0.1234, 'en', { digits: 3 })).toBe('0.123%');
  });

  it('never shows "-0.00" for a change that rounds to zero', () => {
    expect(formatPercent(-0.001, 'en', { sign: true })).toBe('0.00%');
    expect(formatNumber(-0.004, 'zh-CN')).toBe('0.00');
    expect(formatNumber(-0.5, 'en', 2, { sign: true })).toBe('-0.50');
    expect(formatNumber(0.5, 'en', 2, { sign: true })).toBe('+0.50');
  });

  it('uses 万/亿 in Chinese and K/M/B in English', () => {
    expect(formatAmount(123_456_789, 'zh-CN')).toBe('1.23亿');
    expect(formatAmount(56_700, 'zh-CN')).toBe('5.67万');
    expect(formatAmount(-2.5e12, 'zh-CN')).toBe('-2.50万亿');
    expect(formatAmount(123_456_789, 'en')).toBe('123.46M');
    expect(formatAmount(4_200_000_000, 'en')).toBe('4.20B');
    expect(formatAmount(950, 'en')).toBe('950');
    expect(formatAmount(0, 'zh-CN')).toBe('0');
    expect(formatAmount(null, 'en')).toBe(DASH);
    expect(formatAmount(1_500_000, 'en', 2, { sign: true })).toBe('+1.50M');
  });

  it('gives prices the decimals of their market', () => {
    expect(formatPrice(1688.5, 'en')).toBe('1,688.50');
    expect(formatPrice(2.5, 'en', 'fund')).toBe('2.500');
    expect(formatPrice(0.0123, 'en', 'option')).toBe('0.0123');
    expect(formatPrice(null, 'en')).toBe(DASH);
    expect(formatPrice(1.25, 'en', 'stock', { sign: true })).toBe('+1.25');
    // Unknown kinds adapt to magnitude.
    expect([priceDigits(3500), priceDigits(4.321), priceDigits(0.0567), priceDigits(null)]).toEqual([
      2, 3, 4, 2,
    ]);
    expect(
      ['a-share', 'fund-etf', 'fund-otc', 'options', 'a-share-index', 'futures'].map(priceKindOf),
    ).toEqual(['stock', 'fund', 'fund', 'option', 'index', 'auto']);
  });

  it('labels volume in shares or lots', () => {
    expect(formatVolume(1_234_500, 'zh-CN')).toBe('123.45万股');
    expect(formatVolume(1_234_500, 'zh-CN', 'lots')).toBe('1.23万手');
    expect(formatVolume(1_234_500, 'en')).toBe('1.23M sh');
    expect(formatVolume(1_234_500, 'en', 'lots')).toBe('12.35K lots');
    expect(formatVolume(null, 'en', 'lots')).toBe(DASH);
  });

  it('gives every figure of one kind the same precision, whatever decimals the service sent', () => {
    // The service's 93.121 and -3.1317 read as two-decimal percentages side by side.
    expect(formatFigure(parseDecimal('93.121'), 'percent', 'zh-CN')).toBe('93.12%');
    expect(formatFigure(parseDecimal('-3.1317'), 'percent', 'zh-CN')).toBe('-3.13%');
    expect(formatFigure(2.5, 'percent', 'en', { sign: true })).toBe('+2.50%');
    expect(formatFigure(1.8, 'ratio', 'en')).toBe('1.80');
    expect(formatFigure(12.5, 'times', 'zh-CN')).toBe('12.50 倍');
    expect(formatFigure(12.5, 'times', 'en')).toBe('12.50×');
    expect(formatFigure(3.2, 'turnover', 'zh-CN')).toBe('3.20 次');
    expect(formatFigure(3.2, 'turnover', 'en')).toBe('3.20 times');
    expect(formatFigure(123_456_789, 'amount', 'zh-CN')).toBe('1.23亿');
    expect(formatFigure(1363.406, 'price', 'en')).toBe('1,363.41');
    expect(formatFigure(7, 'count', 'en')).toBe('7');
    expect(formatFigure(null, 'percent', 'en')).toBe(DASH);
    expect(formatFigure(Number.POSITIVE_INFINITY, 'ratio', 'en')).toBe(DASH);
  });

  it('reads decimal text, including exponents, and nothing else', () => {
    expect(parseDecimal(' 93.121 ')).toBe(93.121);
    expect(parseDecimal('1.4874021E7')).toBe(14_874_021);
    expect(parseDecimal('-.5')).toBe(-0.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('12%')).toBeNull();
    expect(parseDecimal('0x10')).toBeNull();
    expect(parseDecimal(null)).toBeNull();
  });

  it('tells the direction of a change', () => {
    expect([direction(1), direction(-0.1), direction(0), direction(null)]).toEqual([
      'up',
      'down',
      'flat',
      'flat',
    ]);
  });
});

describe('Asia/Shanghai time', () => {
  // 2026-07-15T02:10:00Z is 10:10 in Shanghai; 2026-07-14T16:30:00Z is already the 15th there.
  it('formats in Shanghai whatever the runtime zone', () => {
    expect(formatShanghaiDateTime(Date.parse('2026-07-15T02:10:00Z'))).toBe('2026-07-15 10:10:00');
    expect(formatShanghaiDate(Date.parse('2026-07-14T16:30:00Z'))).toBe('2026-07-15');
    expect(formatShanghaiTime(Date.parse('2026-07-14T16:30:05Z'))).toBe('00:30:05');
    expect(formatShanghaiDate(null)).toBe(DASH);
    expect(formatShanghaiMinute(Date.parse('2026-07-15T02:10:59Z'))).toBe('2026-07-15 10:10');
    expect(formatShanghaiDateTime(undefined)).toBe(DASH);
  });

  it('shifts chart times so a UTC-only chart reads the Shanghai wall clock', () => {
    // A daily bar stamped at Shanghai midnight of 2026-07-15 (16:00 UTC the day before).
    const bar = Date.parse('2026-07-15T00:00:00+08:00');
    const chart = toChartTime(bar);
    expect(new Date(chart * 1000).toISOString()).toBe('2026-07-15T00:00:00.000Z');
    expect(fromChartTime(chart)).toBe(bar);
    // Minutes survive the round trip; the business-day and string forms mean Shanghai midnight.
    const tick = Date.parse('2026-07-15T10:10:00+08:00');
    expect(formatShanghaiDateTime(fromChartTime(toChartTime(tick)))).toBe('2026-07-15 10:10:00');
    expect(fromChartTime({ year: 2026, month: 7, day: 15 })).toBe(bar);
    expect(fromChartTime('2026-07-15')).toBe(bar);
  });
});

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'session.next', { time: '13:00' })).toBe('Next change: 13:00 (Beijing time)');
    expect(translate('zh-CN', 'session.next')).toBe('下一次变化：{time}（北京时间）');
  });

  it('has the required empty-state text in both languages', () => {
    expect(translate('zh-CN', 'search.empty')).toBe('无匹配');
    expect(translate('en', 'search.empty')).toBe('No match');
  });
});

describe('tickDigits', () => {
  it('gives the decimals of a tick size, 2 when unknown', () => {
    expect(tickDigits(0.2)).toBe(1);
    expect(tickDigits(0.005)).toBe(3);
    expect(tickDigits(0.0001)).toBe(4);
    expect(tickDigits(10)).toBe(0);
    expect(tickDigits(null)).toBe(2);
    expect(tickDigits(0)).toBe(2);
  });
});
