import { describe, expect, it } from 'vitest';
import { formatSort, futuresContractSchema, futuresListSchema, parseSort } from './url-state';

describe('futures URL state', () => {
  it('falls back to defaults for anything a link cannot mean', () => {
    expect(futuresListSchema.parse({})).toEqual({ q: '', exchange: 'all', sort: '' });
    expect(futuresListSchema.parse({ q: 'x'.repeat(99), exchange: 'nyse!', sort: 'drop table' })).toEqual({
      q: '',
      exchange: 'all',
      sort: '',
    });
    expect(futuresContractSchema.parse({ basis: 'mid', spot: '<script>' })).toEqual({
      basis: 'close',
      spot: undefined,
    });
  });

  it('keeps what a link says', () => {
    expect(futuresListSchema.parse({ exchange: 'all' }).exchange).toBe('all');
    expect(futuresListSchema.parse({ q: '铜', exchange: 'shfe', sort: 'close_basis.desc' })).toEqual({
      q: '铜',
      exchange: 'SHFE',
      sort: 'close_basis.desc',
    });
    expect(futuresContractSchema.parse({ basis: 'settle', spot: 'S1706488' })).toEqual({
      basis: 'settle',
      spot: 'S1706488',
    });
  });

  it('writes and reads the table sorting', () => {
    expect(parseSort('close_basis_rate.asc')).toEqual([{ id: 'close_basis_rate', desc: false }]);
    expect(parseSort('')).toEqual([]);
    expect(formatSort([{ id: 'spot_price', desc: true }])).toBe('spot_price.desc');
    expect(formatSort([])).toBe('');
  });
});
