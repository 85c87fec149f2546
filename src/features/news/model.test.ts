import { describe, expect, it } from 'vitest';
import {
  compareSeq,
  groupByDay,
  latestKnown,
  mergeFlashes,
  namesStock,
  newIds,
  stockFinder,
  type FlashItem,
} from './model';
import { TEN_O_CLOCK, flashAt } from './flash.testkit';

const T0 = TEN_O_CLOCK;
const flash = flashAt;

const ids = (items: readonly FlashItem[]) => items.map((item) => item.title);

describe('compareSeq', () => {
  it('orders digit strings beyond 2^53 exactly, as the integers they spell', () => {
    // These two differ only in the last digit, which a Number would lose.
    expect(compareSeq('1784080892624084722', '1784080892624084723')).toBeLessThan(0);
    expect(Number('1784080892624084722')).toBe(Number('1784080892624084723'));
    expect(compareSeq('999', '1000')).toBeLessThan(0);
    expect(compareSeq('0042', '42')).toBe(0);
    expect(compareSeq('5', '4')).toBeGreaterThan(0);
  });
});

describe('mergeFlashes', () => {
  it('puts the newest first, whatever order pages and refresh batches arrive in', () => {
    const page = [flash(3), flash(1)];
    const refreshed = [flash(5), flash(4)];
    const older = [flash(0)];
    expect(ids(mergeFlashes(older, page, refreshed))).toEqual([
      '快讯 5',
      '快讯 4',
      '快讯 3',
      '快讯 1',
      '快讯 0',
    ]);
  });

  it('keeps one of each id when refresh repeats records, with the latest edit', () => {
    const original = flash(2);
    const edited = flash(2, { title: '快讯 2（更正）', update_time_ms: original.update_time_ms + 60_000 });
    const merged = mergeFlashes([flash(3), original, flash(1)], [edited, flash(3)], [original]);
    expect(ids(merged)).toEqual(['快讯 3', '快讯 2（更正）', '快讯 1']);
    expect(new Set(merged.map((item) => item.id)).size).toBe(merged.length);
  });

  it('orders items of the same second by their sequence', () => {
    const a = flash(1, { id: 'a1', seq: '1784080800000000001', title: 'a' });
    const b = flash(1, { id: 'b1', seq: '1784080800000000002', title: 'b' });
    expect(ids(mergeFlashes([a, b]))).toEqual(['b', 'a']);
    expect(ids(mergeFlashes([b], [a]))).toEqual(['b', 'a']);
  });
});

describe('latestKnown', () => {
  it('is the highest sequence and the latest creation time in whole seconds', () => {
    const items = [flash(1), flash(7), flash(3)];
    expect(latestKnown(items)).toEqual({ seq: flash(7).seq, createTimeMs: flash(7).create_time_ms });
    // A creation time with milliseconds (not what the service sends) is cut to the second it lies in.
    const odd = flash(9, { create_time_ms: T0 + 9 * 60_000 + 250 });
    expect(latestKnown([odd])?.createTimeMs).toBe(T0 + 9 * 60_000);
    expect(latestKnown([])).toBeNull();
  });
});

describe('newIds', () => {
  it('names the incoming items that were not known, once each', () => {
    expect(newIds([flash(1), flash(2)], [flash(3), flash(2), flash(3)])).toEqual([flash(3).id]);
  });
});

describe('groupByDay', () => {
  it('groups by the Shanghai day, even across UTC midnight', () => {
    // 07:30 Shanghai on the 16th is still the 15th in UTC.
    const morning = flash(0, { create_time_ms: Date.parse('2026-07-16T07:30:00+08:00') });
    const groups = groupByDay([morning, flash(1), flash(0)]);
    expect(groups.map((g) => [g.date, g.items.length])).toEqual([
      ['2026-07-16', 1],
      ['2026-07-15', 2],
    ]);
  });
});

describe('stocks named in a flash', () => {
  const stocks = [
    { thscode: '601318.SH', ticker: '601318', name: '中国平安' },
    { thscode: '600519.SH', ticker: '600519', name: '贵州茅台' },
    { thscode: '000002.SZ', ticker: '000002', name: '万科A' },
    // Two-character names are too common as words to be matched by name.
    { thscode: '600000.SH', ticker: '600000', name: '浦发' },
    { thscode: '601398.SH', ticker: '601398', name: '工商银行' },
  ];
  const find = stockFinder(stocks);

  it('finds full names and standalone tickers, each stock once, in the order named', () => {
    const text = '贵州茅台：拟回购；中国平安跟涨，贵州茅台再创新高，600000 放量，6013980 不是代码';
    expect(find(text).map((s) => s.thscode)).toEqual(['600519.SH', '601318.SH', '600000.SH']);
  });

  it('does not read a short name into longer words', () => {
    expect(find('浦发展望：万科A 公告')).toEqual([stocks[2]]);
  });

  it('tells whether an item names one stock by name or ticker', () => {
    const item = flash(1, { title: '工商银行：分红方案', summary: '详见 600519 公告' });
    expect(namesStock(item, { name: '工商银行', ticker: '601398' })).toBe(true);
    expect(namesStock(item, { name: '贵州茅台', ticker: '600519' })).toBe(true);
    expect(namesStock(item, { name: '中国平安', ticker: '601318' })).toBe(false);
  });
});
