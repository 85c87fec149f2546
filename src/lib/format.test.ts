import { describe, expect, it } from 'vitest';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatShanghaiDate,
  formatShanghaiDateTime,
  formatShanghaiTime,
} from './format';
import { translate } from './i18n';

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
    expect(formatPercent(1.5, 'en', { sign: true })).toBe('+1.50%');
    expect(formatPercent(-1.5, 'en', { sign: true })).toBe('-1.50%');
  });

  it('uses 万/亿 in Chinese and K/M/B in English', () => {
    expect(formatAmount(123_456_789, 'zh-CN')).toBe('1.23亿');
    expect(formatAmount(56_700, 'zh-CN')).toBe('5.67万');
    expect(formatAmount(-2.5e12, 'zh-CN')).toBe('-2.50万亿');
    expect(formatAmount(123_456_789, 'en')).toBe('123.46M');
    expect(formatAmount(4_200_000_000, 'en')).toBe('4.20B');
    expect(formatAmount(950, 'en')).toBe('950');
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
  });
});

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'stock.notFound', { code: '600000.SH' })).toBe(
      'No A-share with the code 600000.SH',
    );
    expect(translate('zh-CN', 'stock.notFound')).toBe('未找到代码为 {code} 的 A 股');
  });

  it('has the required empty-state text in both languages', () => {
    expect(translate('zh-CN', 'search.empty')).toBe('无匹配');
    expect(translate('en', 'search.empty')).toBe('No match');
  });
});
