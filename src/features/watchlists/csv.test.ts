import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { WatchlistItem } from '../../api/watchlists';
import { nameFromFileName, parseCsvRecords, parseWatchlistCsv, watchlistCsvText } from './csv';
import { parseShared, shareParams, uniqueName } from './share';

const item = (thscode: string, note = '', name = thscode): WatchlistItem => ({
  thscode,
  asset_type: 'a-share',
  name,
  note,
  position: 0,
  added_at: 0,
});

describe('CSV export and import', () => {
  it('exports codes, names and notes with the BOM Excel needs, and reads them back identically', () => {
    const items = [
      item('600519.SH', '目标 1800, "分批"', '贵州茅台'),
      item('110022.OF', '=定投'),
      item('IF2609.CFX', 'line one\nline two'),
      item('510300.SH'),
      item('000001.SZ', "'=already quoted"),
      item('300750.SZ', '-5'),
    ];
    const text = watchlistCsvText(items);
    expect(text.startsWith('\uFEFFthscode,name,note\r\n600519.SH,贵州茅台,"目标 1800, ""分批"""\r\n')).toBe(
      true,
    );
    // The formula mark a spreadsheet needs is on the file, not in the note read back.
    expect(text).toContain("110022.OF,110022.OF,'=定投");
    const parsed = parseWatchlistCsv(text);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.entries.map((e) => [e.thscode, e.note])).toEqual(items.map((i) => [i.thscode, i.note]));
  });

  it('any list of codes and notes survives the round trip', () => {
    const code = fc
      .tuple(fc.stringMatching(/^[0-9A-Z]{1,16}$/), fc.stringMatching(/^[A-Z]{1,6}$/))
      .map(([a, b]) => `${a}.${b}`);
    // Biased towards what CSV and spreadsheets treat specially.
    const note = fc.string({
      maxLength: 12,
      unit: fc.constantFrom("'", '=', '-', '+', '@', '"', ',', '\n', '\r', '\t', ' ', 'a', '1', '.', '长'),
    });
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(code, note), { selector: ([c]) => c, maxLength: 20 }), (rows) => {
        const parsed = parseWatchlistCsv(watchlistCsvText(rows.map(([c, n]) => item(c, n))));
        expect(parsed.rejected).toEqual([]);
        expect(parsed.entries.map((e) => [e.thscode, e.note])).toEqual(rows);
      }),
      { numRuns: 200 },
    );
  });

  it('reports each refused line with its reason and keeps the good ones', () => {
    const text = [
      'code,备注',
      '600519.sh , 小写也行',
      '600519',
      '600519.SH,重复',
      '',
      `000001.SZ,${'长'.repeat(501)}`,
      '510300.SH',
    ].join('\n');
    const parsed = parseWatchlistCsv(text);
    expect(parsed.entries.map((e) => [e.line, e.thscode, e.note])).toEqual([
      [2, '600519.SH', ' 小写也行'],
      [7, '510300.SH', ''],
    ]);
    expect(parsed.rejected).toEqual([
      { line: 3, code: '600519', reason: 'format' },
      { line: 4, code: '600519.SH', reason: 'duplicate' },
      { line: 6, code: '000001.SZ', reason: 'note' },
    ]);
  });

  it('takes a bare list of codes, and stops at the item limit', () => {
    const codes = Array.from({ length: 202 }, (_, i) => `${600000 + i}.SH`);
    const parsed = parseWatchlistCsv(codes.join('\r\n'));
    expect(parsed.entries).toHaveLength(200);
    expect(parsed.rejected).toEqual([
      { line: 201, code: '600200.SH', reason: 'limit' },
      { line: 202, code: '600201.SH', reason: 'limit' },
    ]);
  });

  it('counts lines of quoted fields that span lines', () => {
    expect(parseCsvRecords('a,"x\ny"\r\nb,c').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'x\ny']],
      [3, ['b', 'c']],
    ]);
  });

  it('names a list after its file', () => {
    expect(nameFromFileName('白酒_观察.csv')).toBe('白酒_观察');
  });
});

describe('share links', () => {
  it('carries the codes in order and short notes as a parallel list', () => {
    const items = [item('600519.SH', '看好'), item('000001.SZ')];
    expect(shareParams('Core', items)).toEqual({
      search: { name: 'Core', codes: '600519.SH,000001.SZ', notes: ['看好', ''] },
      notesOmitted: false,
    });
    expect(shareParams('Core', [item('600519.SH')]).search).toEqual({ name: 'Core', codes: '600519.SH' });
    const long = shareParams('Core', [item('600519.SH', 'x'.repeat(401))]);
    expect(long).toEqual({ search: { name: 'Core', codes: '600519.SH' }, notesOmitted: true });
  });

  it('reads a link back with the same checks as a file', () => {
    const parsed = parseShared({ codes: '600519.SH,BAD,000001.sz,,600519.SH', notes: ['a', 'b', 'c'] });
    expect(parsed.entries.map((e) => [e.line, e.thscode, e.note])).toEqual([
      [1, '600519.SH', 'a'],
      [3, '000001.SZ', 'c'],
    ]);
    expect(parsed.rejected.map((r) => [r.line, r.reason])).toEqual([
      [2, 'format'],
      [4, 'duplicate'],
    ]);
  });

  it('proposes a free name when the shared one is taken (names ignore case)', () => {
    expect(uniqueName('Core', ['Other'])).toBe('Core');
    expect(uniqueName('Core', ['core', 'Core (2)'])).toBe('Core (3)');
    const long = '长'.repeat(40);
    expect(uniqueName(long, [long])).toBe(`${'长'.repeat(36)} (2)`);
    expect(uniqueName('  ', ['x'])).toBe('');
  });
});
