import { describe, expect, it } from 'vitest';
import { formatHeat, monitorKind, parseHeat, trendOf } from './model';

describe('hot-list values', () => {
  it('reads heat strings, Java float notation included', () => {
    expect(parseHeat('75616216')).toBe(75616216);
    expect(parseHeat('1.4874021E7')).toBe(14874021);
    expect(parseHeat(' 215937.5 ')).toBe(215937.5);
    expect(parseHeat('')).toBeNull();
    expect(parseHeat('n/a')).toBeNull();
    expect(parseHeat('12abc')).toBeNull();
    expect(parseHeat(null)).toBeNull();
    // The docs table types heat as a number: taken as it is.
    expect(parseHeat(75616216)).toBe(75616216);
    expect(parseHeat(Number.NaN)).toBeNull();
  });

  it('shows heat compactly in either language, and a dash when unreadable', () => {
    expect(formatHeat('75616216', 'zh-CN')).toBe('7,561.6万');
    expect(formatHeat('1.4874021E7', 'en')).toBe('14.9M');
    expect(formatHeat(14874021, 'en')).toBe('14.9M');
    expect(formatHeat(75616216, 'zh-CN')).toBe('7,561.6万');
    expect(formatHeat('?', 'en')).toBe('—');
  });

  it('takes the trend the service names, else the sign of the change', () => {
    expect(trendOf('up', -3)).toBe('up');
    expect(trendOf('flat', null)).toBe('flat');
    expect(trendOf('', 2)).toBe('up');
    expect(trendOf('unknown', -1)).toBe('down');
    expect(trendOf('unknown', null)).toBe('unknown');
  });

  it('types 1 and 2 are severe abnormal fluctuation, the rest key monitoring', () => {
    expect([1, 2, 3, 4, 5, 6, 99].map(monitorKind)).toEqual([
      'severe',
      'severe',
      'key',
      'key',
      'key',
      'key',
      'key',
    ]);
  });
});
