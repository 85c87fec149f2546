import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params';

describe('search parameters', () => {
  it('reads JSON values as the router does by default', () => {
    expect(parseSearch('?limit=50&buy=true&codes=600519.SH&list=%5B1%5D')).toEqual({
      limit: 50,
      buy: true,
      codes: '600519.SH',
      list: [1],
    });
  });

  it('keeps integers beyond double precision as their exact digits, both ways', () => {
    const search = parseSearch('?seq=1784080892624084722&neg=-98765432109876543210');
    expect(search).toEqual({ seq: '1784080892624084722', neg: '-98765432109876543210' });
    expect(stringifySearch(search)).toBe('?seq=1784080892624084722&neg=-98765432109876543210');
    // A large number that is not a whole number of digits is still JSON.
    expect(parseSearch('?x=1e30')).toEqual({ x: 1e30 });
  });

  it('quotes text that would otherwise read back as another type', () => {
    expect(stringifySearch({ code: '000001', n: '50' })).toBe('?code=000001&n=%2250%22');
    expect(parseSearch(stringifySearch({ n: '50' }))).toEqual({ n: '50' });
  });
});
