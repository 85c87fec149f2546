import { describe, expect, it } from 'vitest';
import { HOT_SEARCH_DEFAULTS, parseTrendCodes, parseHotSearch, trendCodes } from './url-state';

describe('hot-list URL search', () => {
  it('an empty query string opens the live hot list', () => {
    expect(parseHotSearch({})).toEqual({
      ...HOT_SEARCH_DEFAULTS,
      date: undefined,
      codes: undefined,
      start: undefined,
      end: undefined,
    });
  });

  it('keeps every valid value of a shared link', () => {
    const link = {
      view: 'trend',
      list: 'skyrocket',
      period: 'hour',
      limit: 100,
      date: '2026-07-10',
      codes: '300033.SZ,600519.SH',
      start: '2026-06-01',
      end: '2026-07-15',
      state: 'history',
      page: 3,
      size: 10,
    };
    expect(parseHotSearch(link)).toEqual(link);
  });

  it('replaces each bad value by its default, not the whole state', () => {
    const s = parseHotSearch({
      view: 'chart',
      list: 'cold',
      period: 'week',
      limit: 101,
      date: '2026-02-30',
      state: 'past',
      page: 0,
      size: 31,
    });
    expect(s).toMatchObject({ ...HOT_SEARCH_DEFAULTS, date: undefined });
    expect(parseHotSearch({ limit: 0, page: 1.5, size: 'ten' })).toMatchObject({
      limit: 30,
      page: 1,
      size: 30,
    });
  });

  it('keeps the first five well-formed codes, upper case, without repeats', () => {
    expect(parseTrendCodes('300033.sz, 300033.SZ,600519,abc,600519.SH')).toEqual(['300033.SZ', '600519.SH']);
    const many = ['600000.SH', '600001.SH', '600002.SH', '600003.SH', '600004.SH', '600005.SH'].join(',');
    expect(parseTrendCodes(many)).toHaveLength(5);
    // A bare number (the router reads `codes=600519` as one) is not a code.
    expect(parseHotSearch({ codes: 600519 }).codes).toBeUndefined();
    expect(trendCodes(parseHotSearch({ codes: 'x,300033.sz' }))).toEqual(['300033.SZ']);
  });

  it('drops a window whose ends are the wrong way round', () => {
    expect(parseHotSearch({ start: '2026-07-01', end: '2026-06-01' })).toMatchObject({
      start: undefined,
      end: undefined,
    });
    const open = parseHotSearch({ start: '2026-06-01' });
    expect([open.start, open.end]).toEqual(['2026-06-01', undefined]);
  });
});
