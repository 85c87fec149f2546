import { describe, expect, it } from 'vitest';
import { parseDragonTigerSearch, parseSort, sortOf } from './url-state';
import { formatSort } from '../../lib/search-schema';

describe('dragon-tiger search parameters', () => {
  it('reads a deep link with every field set', () => {
    expect(
      parseDragonTigerSearch({ date: '2026-07-10', board: 'org', sort: 'net_value.asc', code: '600754.sh' }),
    ).toEqual({ date: '2026-07-10', board: 'org', sort: 'net_value.asc', code: '600754.SH' });
  });

  it('falls back field by field instead of failing on a bad link, keeping a bad date to name it', () => {
    expect(
      parseDragonTigerSearch({ date: '2026-02-30', board: 'retail', sort: 'price.up', code: '600754' }),
    ).toEqual({ date: '2026-02-30', board: 'all', sort: 'net_value.desc', code: undefined });
    expect(parseDragonTigerSearch(null)).toEqual({ board: 'all', sort: 'net_value.desc' });
    // A column the table does not have is refused like a malformed one.
    expect(parseDragonTigerSearch({ sort: 'volume.desc' }).sort).toBe('net_value.desc');
  });

  it('writes and reads sorts symmetrically', () => {
    expect(parseSort('hot_rank.asc')).toEqual({ column: 'hot_rank', desc: false });
    expect(formatSort({ column: 'change', desc: true })).toBe('change.desc');
    expect(parseSort('change')).toBeNull();
    expect(sortOf(parseDragonTigerSearch({ sort: 'org_buy_num.desc' }))).toEqual({
      column: 'org_buy_num',
      desc: true,
    });
  });
});
