import { describe, expect, it } from 'vitest';
import { catalog, operations } from '../../contract/catalog';
import { columnsIn } from '../../lib/useColumnCount';
import { recordSets, isTimestamp, schemaIssues } from './answer';
import {
  checkField,
  checkRequest,
  curlCommand,
  filterOperations,
  intoColumns,
  operationOf,
  spreadOver,
  requestQuery,
  typescriptSnippet,
} from './model';
import { stringifySearch } from '../../lib/search-params';
import { explorerSearch, readExplorerSearch, RUN_KEY } from './form-url';
import { parseExplorerSearch } from './url-state';

const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const historical = catalog['a-share/prices/historical'];
const noNames = () => [];

describe('filterOperations', () => {
  it('lists all 89 operations by group when the filter is empty, restricted ones included', () => {
    const groups = filterOperations('', noNames);
    expect(groups.flatMap((g) => g.operations)).toHaveLength(operations.length);
    expect(new Set(groups.map((g) => g.group)).size).toBe(groups.length);
    expect(groups[0]?.group).toBe('a-share');
  });

  it('matches every word against path, tool name and description, in any case', () => {
    const byTool = filterOperations('GET_A_SHARE_PRICES', noNames).flatMap((g) =>
      g.operations.map((o) => o.id),
    );
    expect(byTool).toEqual(['a-share/prices/snapshot', 'a-share/prices/historical']);
    const byWords = filterOperations('basis history', noNames).flatMap((g) => g.operations.map((o) => o.id));
    expect(byWords).toEqual(['futures/basis/historical']);
    expect(filterOperations('no such operation', noNames)).toEqual([]);
  });

  it('matches the group names it is given', () => {
    const names = (group: string) => (group === 'hk-ipo' ? ['港股新股'] : []);
    const ids = filterOperations('港股', names).flatMap((g) => g.operations.map((o) => o.id));
    expect(ids).toEqual([
      'hk-share/ipo/application-list',
      'hk-share/ipo/calendar-list',
      'hk-share/ipo/issue-detail',
    ]);
  });
});

describe('operationOf', () => {
  it('finds catalog operations only', () => {
    expect(operationOf('a-share/prices/historical')).toBe(historical);
    expect(operationOf('a-share/prices')).toBeUndefined();
    expect(operationOf('__proto__')).toBeUndefined();
  });
});

describe('checkRequest: the BFF check before sending', () => {
  it('refuses a missing required parameter with 1001, naming it', () => {
    const r = checkRequest(historical, { thscode: '600519.SH', end: '1784044800000' }, NOW);
    expect(r).toMatchObject({ ok: false, code: 1001, param: 'start' });
    if (!r.ok) expect(r.message).toContain("'start'");
  });

  it('gives the codes of format, range and conflict rules', () => {
    const base = { thscode: '600519.SH', start: '1751299200000', end: '1784044800000' };
    expect(checkRequest(historical, { ...base, thscode: '600519' }, NOW)).toMatchObject({
      code: 1002,
      param: 'thscode',
    });
    expect(checkRequest(historical, { ...base, start: '1451577600000' }, NOW)).toMatchObject({
      code: 1003,
      param: 'end',
    });
    expect(checkRequest(historical, { ...base, end: '1700000000000' }, NOW)).toMatchObject({
      code: 1004,
      param: 'end',
    });
  });

  it('applies the date rules with the server clock', () => {
    const list = catalog['a-share/special-data/dragon-tiger-list'];
    expect(checkRequest(list, { date: '2026-07-20' }, NOW)).toMatchObject({ code: 1003, param: 'date' });
    expect(checkRequest(list, { date: '2026-07-14' }, NOW)).toEqual({ ok: true, query: 'date=2026-07-14' });
  });

  it('sends the filled-in values in declaration order, empty ones left out', () => {
    const values = { adjust: 'none', end: '2', start: '1', thscode: '600519.SH', interval: '' };
    expect(requestQuery(historical, values)).toBe('thscode=600519.SH&start=1&end=2&adjust=none');
  });

  it('checks one field alone for a message while typing', () => {
    expect(checkField(historical, 'thscode', '600519')).toMatchObject({ code: 1002, param: 'thscode' });
    expect(checkField(historical, 'thscode', '600519.SH')).toBeNull();
    expect(checkField(historical, 'thscode', '')).toBeNull();
  });
});

describe('copy as', () => {
  const values = { thscode: '600519.SH', start: '1751299200000', end: '1784044800000' };

  it('builds a curl of this server’s /api URL, with no key', () => {
    const curl = curlCommand('http://127.0.0.1:8080', historical, values);
    expect(curl).toBe(
      "curl -sS -H 'Accept: application/json' 'http://127.0.0.1:8080/api/a-share/prices/historical?thscode=600519.SH&start=1751299200000&end=1784044800000'",
    );
    expect(curl.toLowerCase()).not.toContain('key');
  });

  it('quotes whatever the values hold so the shell passes them unchanged', () => {
    const search = catalog['meta/tickers/search'];
    const curl = curlCommand('http://h', search, { q: "it's $(x)" });
    expect(curl).toContain("'http://h/api/meta/tickers/search?q=it%27s+%24%28x%29'");
  });

  it('writes TypeScript for the typed client with numbers, lists and booleans typed', () => {
    expect(typescriptSnippet(historical, { ...values, adjust: 'none' })).toBe(
      [
        'import { fetchOperation } from "./src/api/client";',
        '',
        'const data = await fetchOperation("a-share/prices/historical", {',
        '  thscode: "600519.SH",',
        '  start: 1751299200000,',
        '  end: 1784044800000,',
        '  adjust: "none",',
        '});',
      ].join('\n'),
    );
    const quota = typescriptSnippet(catalog['fund/quota/list'], { tab: '["remen"]', buy: 'true' });
    expect(quota).toContain('tab: "[\\"remen\\"]",');
    expect(quota).toContain('buy: true,');
    const auction = typescriptSnippet(catalog['a-share/auction/snapshot'], {
      thscodes: '600519.SH, 000001.SZ',
    });
    expect(auction).toContain('thscodes: ["600519.SH", "000001.SZ"],');
    // An opaque cursor of digits stays text: a number would lose its last digits.
    expect(typescriptSnippet(catalog['news/notice/detail'], { seq: '1784080892624084722' })).toContain(
      'seq: "1784080892624084722"',
    );
    expect(typescriptSnippet(catalog['futures/varieties/list'], {})).toContain(
      '("futures/varieties/list", {})',
    );
  });
});

describe('url state', () => {
  /** The query string the router writes for a search, read back as the page reads it. */
  const roundTrip = (values: Record<string, string>, run: boolean) =>
    readExplorerSearch(stringifySearch(explorerSearch(values, run)));

  it('gives back every value exactly as typed, with the run marker', () => {
    const values = {
      limit: '50',
      seq: '1784080892624084722',
      code: '000001',
      buy: 'true',
      q: '"quoted" text',
      indexes: '[{"index_id":"x"}]',
    };
    expect(roundTrip(values, true)).toEqual({ values, run: true });
    expect(roundTrip(values, false)).toEqual({ values, run: false });
    // Links stay readable where the router allows it.
    expect(stringifySearch(explorerSearch({ limit: '50', buy: 'true' }, true))).toBe(
      '?limit=50&buy=true&run=1',
    );
  });

  it('reads a hand-written link as typed: long digits and JSON kept, empty values dropped', () => {
    expect(readExplorerSearch('?seq=1784080892624084722&indexes=[{"index_id":"x"}]&q=&run=1')).toEqual({
      values: { seq: '1784080892624084722', indexes: '[{"index_id":"x"}]' },
      run: true,
    });
    expect(parseExplorerSearch({ indexes: [{ index_id: 'x' }], q: '', limit: 5 })).toEqual({
      indexes: '[{"index_id":"x"}]',
      limit: 5,
    });
  });

  it('uses a marker no catalog parameter is named after', () => {
    expect(operations.flatMap((op) => op.paramNames)).not.toContain(RUN_KEY);
  });
});

describe('answers', () => {
  it('finds the lists of records in data', () => {
    expect(recordSets([{ a: 1 }]).map((s) => s.path)).toEqual(['data']);
    expect(recordSets({ timestamp: 1, item: [{ a: 1 }], other: [] }).map((s) => s.path)).toEqual([
      'data.item',
    ]);
    expect(recordSets({ stock_items: [{ a: 1 }], hot_money_items: [{ b: 2 }] }).map((s) => s.path)).toEqual([
      'data.stock_items',
      'data.hot_money_items',
    ]);
    // An empty list is still a (empty) table when it is the only one.
    expect(recordSets({ item: [] }).map((s) => s.path)).toEqual(['data.item']);
    expect(recordSets({ time_range: [1, 2] })).toEqual([]);
    expect(recordSets(null)).toEqual([]);
  });

  it('knows Unix-millisecond fields by name and magnitude', () => {
    expect(isTimestamp('timestamp', 1784081400000)).toBe(true);
    expect(isTimestamp('date_ms', 1784044800000)).toBe(true);
    expect(isTimestamp('rank', 1784044800000)).toBe(false);
    expect(isTimestamp('date_ms', 12)).toBe(false);
  });

  it('names the path of every field that departs from the data schema', () => {
    const data = { timestamp: 1, item: [{ date_ms: 'x', open_price: 1 }] };
    const issues = schemaIssues(historical, data);
    expect(issues.map((i) => i.path)).toContain('data.item[0].date_ms');
    expect(issues.map((i) => i.path)).toContain('data.item[0].close_price');
    expect(schemaIssues(historical, { timestamp: 1, item: [] })).toEqual([]);
  });
});

describe('intoColumns', () => {
  const rows = (n: number) => n;

  it('keeps the order and splits it into runs of about equal length', () => {
    const lengths = [4, 4, 13, 2, 34, 8, 4, 5, 6, 3];
    const columns = intoColumns(lengths, 3, rows);
    expect(columns.flat()).toEqual(lengths);
    expect(columns).toHaveLength(3);
    const sums = columns.map((column) => column.reduce((a, b) => a + b, 0));
    // 23 | 34 | 26: no split in order has a shorter longest column than the 34 on its own.
    expect(sums).toEqual([23, 34, 26]);
  });

  it('gives one column for one, none for nothing, and never more columns than items', () => {
    expect(intoColumns([3, 1, 2], 1, rows)).toEqual([[3, 1, 2]]);
    expect(intoColumns([], 3, rows)).toEqual([]);
    expect(intoColumns([5, 5], 4, rows)).toEqual([[5], [5]]);
  });
});

describe('spreadOver', () => {
  it('shares every column out among fewer groups, the first ones taking the rest', () => {
    expect(spreadOver(3, 1)).toEqual([3]);
    expect(spreadOver(3, 2)).toEqual([2, 1]);
    expect(spreadOver(4, 3)).toEqual([2, 1, 1]);
  });
});

describe('columnsIn', () => {
  it('counts the columns of at least the width with their gaps, as CSS column-width does', () => {
    expect(columnsIn(1416, 440, 8)).toBe(3);
    expect(columnsIn(1335, 440, 8)).toBe(2);
    expect(columnsIn(1336, 440, 8)).toBe(3);
    expect(columnsIn(366, 440, 8)).toBe(1);
  });
});
