import { describe, expect, it } from 'vitest';
import { parseAuctionSearch, searchTokens } from './url-state';

describe('call-auction URL search', () => {
  it('an empty query string opens the final stage without codes', () => {
    expect(parseAuctionSearch({})).toEqual({ stage: 'final' });
  });

  it('keeps the submitted tokens, duplicates and malformed ones included', () => {
    const s = parseAuctionSearch({ codes: '600519.sh, 600519.SH abc', stage: 'live', date: '2026-07-12' });
    expect(s).toEqual({ codes: '600519.SH,600519.SH,ABC', stage: 'live', date: '2026-07-12' });
    expect(searchTokens(s)).toEqual(['600519.SH', '600519.SH', 'ABC']);
  });

  it('falls back field by field', () => {
    // An impossible day is kept as written, so the page can name it.
    expect(parseAuctionSearch({ codes: ' , ', stage: 'open', date: '2026-13-01' })).toEqual({
      stage: 'final',
      date: '2026-13-01',
    });
    // The router reads `codes=600519` as a number: it stays a (malformed) token to flag.
    expect(searchTokens(parseAuctionSearch({ codes: 600519 }))).toEqual(['600519']);
    expect(parseAuctionSearch({ codes: 'A'.repeat(5000) }).codes).toBeUndefined();
  });
});
