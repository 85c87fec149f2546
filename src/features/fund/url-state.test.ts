import { describe, expect, it } from 'vitest';
import { FUND_SEARCH_DEFAULTS, compareSearchSchema, parseFundCodes, parseFundSearch } from './url-state';

describe('fund page URL state', () => {
  it('reads a full link', () => {
    const s = parseFundSearch({
      tab: 'portfolio',
      range: 'tyear',
      chart: 'return',
      cmp: 'benchmark,manager',
      sdate: '2025-12-31',
      stype: 'quarter',
      basis: 'separate',
      mgr: 'T745447879',
      statement: 'balance',
      ind: 'rsi_pct,unit_nav',
      bt: { buy: [{ i: 'rsi_pct', o: '<', v: 30 }], sell: [], f: 'MONTHLY', n: 5, a: 500 },
    });
    expect(s).toMatchObject({
      tab: 'portfolio',
      range: 'tyear',
      chart: 'return',
      // Lists in their canonical order.
      cmp: 'manager,benchmark',
      ind: 'unit_nav,rsi_pct',
      sdate: '2025-12-31',
      stype: 'quarter',
      basis: 'separate',
      mgr: 'T745447879',
      statement: 'balance',
      bt: { f: 'MONTHLY', n: 5, a: 500 },
    });
  });

  it('falls back to defaults for every bad value instead of failing the page', () => {
    const s = parseFundSearch({
      tab: 'gossip',
      range: 'decade',
      chart: 'pie',
      cmp: 'moon',
      sdate: '2025-02-30',
      stype: 'x y',
      basis: 'both',
      mgr: '<script>',
      ind: 'nothing',
      tt: 'HOUR_1',
      qtab: 'mars',
      buy: 'maybe',
      bt: { buy: [], sell: [], f: 'HOURLY', n: 0, a: -1 },
    });
    expect(s).toMatchObject({
      tab: FUND_SEARCH_DEFAULTS.tab,
      range: FUND_SEARCH_DEFAULTS.range,
      chart: FUND_SEARCH_DEFAULTS.chart,
      cmp: FUND_SEARCH_DEFAULTS.cmp,
      ind: FUND_SEARCH_DEFAULTS.ind,
      tt: FUND_SEARCH_DEFAULTS.tt,
      qtab: FUND_SEARCH_DEFAULTS.qtab,
      buy: FUND_SEARCH_DEFAULTS.buy,
    });
    for (const key of ['sdate', 'stype', 'basis', 'mgr', 'bt'] as const) expect(s[key]).toBeUndefined();
    expect(parseFundSearch(null)).toMatchObject(FUND_SEARCH_DEFAULTS);
  });

  it('keeps "no comparison line" distinct from the default', () => {
    expect(parseFundSearch({ cmp: 'none' }).cmp).toBe('none');
  });
});

describe('comparison URL state', () => {
  it('keeps up to five well-formed fund codes, upper case, first occurrence', () => {
    expect(
      parseFundCodes('510300.sh, 005827.OF,510300.SH,600519,x,161725.SZ,000001.OF,110022.OF,260108.OF'),
    ).toEqual(['510300.SH', '005827.OF', '161725.SZ', '000001.OF', '110022.OF']);
    expect(compareSearchSchema.parse({ codes: 'nothing', range: 'forever' })).toEqual({
      codes: undefined,
      range: 'year',
    });
  });
});
