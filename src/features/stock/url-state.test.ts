import { describe, expect, it } from 'vitest';
import { STOCK_SEARCH_DEFAULTS, formatMaList, parseMaList, parseStockSearch } from './url-state';

describe('stock URL search', () => {
  it('an empty query string opens the default view', () => {
    expect(parseStockSearch({})).toEqual({
      ...STOCK_SEARCH_DEFAULTS,
      from: undefined,
      to: undefined,
      row: undefined,
      report: undefined,
      dt: undefined,
      cmp: undefined,
    });
  });

  it('keeps every valid value of a shared link', () => {
    const link = {
      range: '10y',
      adjust: 'backward',
      ma: '60,5',
      tab: 'dragon-tiger',
      statement: 'cashflow',
      period: 'quarterly',
      mode: 'range',
      limit: 20,
      from: '2020-01-01',
      to: '2026-06-30',
      row: 'act_cash_flow_net',
      report: '2025-4',
      dt: '2026-07-14',
      hot: '1y',
      interval: 'week',
      ind: 'kdj',
      cmp: '000300.SH',
      chart: 'intraday',
      days: 5,
    };
    // Every value survives; the moving averages come back in ascending order.
    expect(parseStockSearch(link)).toEqual({ ...link, ma: '5,60' });
  });

  it.each([
    ['range', '2w', STOCK_SEARCH_DEFAULTS.range],
    ['range', 5, STOCK_SEARCH_DEFAULTS.range],
    ['adjust', 'split', STOCK_SEARCH_DEFAULTS.adjust],
    ['tab', 'orderbook', STOCK_SEARCH_DEFAULTS.tab],
    ['statement', 'equity', STOCK_SEARCH_DEFAULTS.statement],
    ['period', 'monthly', STOCK_SEARCH_DEFAULTS.period],
    ['mode', 'all', STOCK_SEARCH_DEFAULTS.mode],
    ['limit', 0, STOCK_SEARCH_DEFAULTS.limit],
    ['limit', 21, STOCK_SEARCH_DEFAULTS.limit],
    ['limit', 2.5, STOCK_SEARCH_DEFAULTS.limit],
    ['limit', 'many', STOCK_SEARCH_DEFAULTS.limit],
    ['hot', '10y', STOCK_SEARCH_DEFAULTS.hot],
    ['ma', 'abc', STOCK_SEARCH_DEFAULTS.ma],
    ['ma', ['5'], STOCK_SEARCH_DEFAULTS.ma],
    ['report', '2025-5', undefined],
    ['report', '25-1', undefined],
    ['dt', '2026-02-30', undefined],
    ['dt', '14/07/2026', undefined],
    ['row', 'DROP TABLE', undefined],
    ['interval', '1h', STOCK_SEARCH_DEFAULTS.interval],
    ['ind', 'rsi', STOCK_SEARCH_DEFAULTS.ind],
    ['cmp', '600519', undefined],
    ['cmp', 'HSI.HK', undefined],
  ] as const)('a bad %s (%j) falls back to %j, the rest is kept', (key, bad, fallback) => {
    const s = parseStockSearch({ [key]: bad, adjust: key === 'adjust' ? bad : 'none' });
    expect(s[key]).toEqual(fallback);
    if (key !== 'adjust') expect(s.adjust).toBe('none');
  });

  it('reads a moving-average list in any order, drops unknown periods and repeats', () => {
    expect(parseStockSearch({ ma: '20,5,7,5' }).ma).toBe('5,20');
    // A single period arrives as a number once the router has parsed the query string.
    expect(parseStockSearch({ ma: 60 }).ma).toBe('60');
    expect(parseStockSearch({ ma: 'none' }).ma).toBe('none');
    expect(parseMaList('none')).toEqual([]);
    expect(formatMaList([])).toBe('none');
    expect(formatMaList([60, 10])).toBe('10,60');
  });

  it('reads a compare code in any case, an index or a stock alike', () => {
    expect(parseStockSearch({ cmp: ' 000300.sh ' }).cmp).toBe('000300.SH');
    expect(parseStockSearch({ cmp: '885517.TI' }).cmp).toBe('885517.TI');
    expect(parseStockSearch({ cmp: '300033.SZ' }).cmp).toBe('300033.SZ');
    expect(parseStockSearch({ cmp: 300033 }).cmp).toBeUndefined();
  });

  it('drops a statement range that the service would refuse and keeps a valid one', () => {
    const reversed = parseStockSearch({ mode: 'range', from: '2026-01-01', to: '2025-01-01' });
    expect([reversed.from, reversed.to]).toEqual([undefined, undefined]);
    const tooLong = parseStockSearch({ mode: 'range', from: '2014-01-01', to: '2024-01-02' });
    expect([tooLong.from, tooLong.to]).toEqual([undefined, undefined]);
    const ancient = parseStockSearch({ mode: 'range', from: '0001-01-01', to: '0005-01-01' });
    expect([ancient.from, ancient.to]).toEqual([undefined, undefined]);
    const halfOpen = parseStockSearch({ mode: 'range', from: '2024-01-01' });
    expect([halfOpen.from, halfOpen.to]).toEqual([undefined, undefined]);
    const tenYears = parseStockSearch({ mode: 'range', from: '2014-01-01', to: '2024-01-01' });
    expect([tenYears.from, tenYears.to]).toEqual(['2014-01-01', '2024-01-01']);
    expect(tenYears.mode).toBe('range');
  });

  it('ignores parameters it does not know and input that is not an object', () => {
    expect(parseStockSearch({ utm_source: 'mail', range: '3m' })).not.toHaveProperty('utm_source');
    expect(parseStockSearch(null).range).toBe(STOCK_SEARCH_DEFAULTS.range);
    expect(parseStockSearch('range=3m').range).toBe(STOCK_SEARCH_DEFAULTS.range);
  });
});
