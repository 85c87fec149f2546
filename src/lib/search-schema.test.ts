import { describe, expect, it } from 'vitest';
import { A_SHARE_CODE_RE, INDEX_CODE_RE } from '../contract/params-terms';
import { choice, optionalCode, optionalDate, parseCodeList, whole } from './search-schema';

describe('search-schema pieces: a link never fails the page', () => {
  it('a choice keeps a known value and falls back on a missing or unknown one', () => {
    const view = choice(['rank', 'trend'], 'rank');
    expect(view.parse('trend')).toBe('trend');
    expect(view.parse(undefined)).toBe('rank');
    expect(view.parse('chart')).toBe('rank');
    expect(view.parse(3)).toBe('rank');
  });

  it('a whole number outside its range or not whole falls back', () => {
    const limit = whole(1, 100, 30);
    expect(limit.parse(50)).toBe(50);
    expect(limit.parse(undefined)).toBe(30);
    expect(limit.parse(0)).toBe(30);
    expect(limit.parse(101)).toBe(30);
    expect(limit.parse(2.5)).toBe(30);
  });

  it('a day that is no calendar day is left out', () => {
    expect(optionalDate().parse('2026-02-28')).toBe('2026-02-28');
    expect(optionalDate().parse('2026-02-29')).toBeUndefined();
    expect(optionalDate().parse('20260228')).toBeUndefined();
  });

  it('a code is read in canonical form and left out when no pattern accepts it', () => {
    const code = optionalCode(A_SHARE_CODE_RE, INDEX_CODE_RE);
    expect(code.parse(' 600519.sh ')).toBe('600519.SH');
    expect(code.parse('885517.ti')).toBe('885517.TI');
    expect(code.parse('IF2608.CFX')).toBeUndefined();
    expect(code.parse(undefined)).toBeUndefined();
  });

  it('a code list keeps well-formed codes once each, in order, up to its limit', () => {
    expect(parseCodeList('300033.sz, 300033.SZ,600519,abc,600519.SH', A_SHARE_CODE_RE, 5)).toEqual([
      '300033.SZ',
      '600519.SH',
    ]);
    expect(parseCodeList('000001.SZ,000002.SZ,000004.SZ', A_SHARE_CODE_RE, 2)).toEqual([
      '000001.SZ',
      '000002.SZ',
    ]);
    expect(parseCodeList(600519, A_SHARE_CODE_RE, 5)).toEqual([]);
  });
});
