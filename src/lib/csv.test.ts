import { describe, expect, it } from 'vitest';
import { BOM, csvField, csvFileName, csvFileText, toCsv, type CsvColumn } from './csv';

interface Row {
  code: string;
  name: string;
  price: number | null;
  pct: number;
}

const columns: CsvColumn<Row>[] = [
  { header: '代码', value: (r) => r.code },
  { header: '名称', value: (r) => r.name },
  { header: 'Price, CNY', value: (r) => r.price },
  { header: 'Change %', value: (r) => r.pct },
];

describe('toCsv', () => {
  it('writes a header and exact values, CRLF-separated, with null as an empty field', () => {
    const csv = toCsv(columns, [
      { code: '600519.SH', name: '贵州茅台', price: 1688.5, pct: -1.234567 },
      { code: '000001.SZ', name: '平安银行', price: null, pct: 0 },
    ]);
    expect(csv).toBe(
      '代码,名称,"Price, CNY",Change %\r\n' +
        '600519.SH,贵州茅台,1688.5,-1.234567\r\n' +
        '000001.SZ,平安银行,,0\r\n',
    );
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('plain')).toBe('plain');
  });

  it('keeps numbers exact and writes non-finite numbers as empty', () => {
    expect(csvField(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(csvField(123456789012)).toBe('123456789012');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(csvField(undefined)).toBe('');
  });

  it('neutralises text a spreadsheet would run as a formula, but not negative numbers as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('-12.5')).toBe('-12.5');
  });

  it.each([
    [' =1+1', "' =1+1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u3000@SUM(A1)', "'\u3000@SUM(A1)"],
    ['＝HYPERLINK("x")', `"'＝HYPERLINK(""x"")"`],
    ['＋1', "'＋1"],
    ['－cmd', "'－cmd"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['\tplain', "'\tplain"],
    [' -12', "' -12"],
  ])('neutralises %j (OWASP: after white space, full-width forms, tab, CR)', (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it('leaves ordinary text alone', () => {
    expect(csvField('贵州茅台')).toBe('贵州茅台');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('-')).toBe("'-");
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(columns, [])).toBe('代码,名称,"Price, CNY",Change %\r\n');
  });
});

describe('CSV files', () => {
  it('start with a byte-order mark so Excel reads UTF-8', () => {
    const text = csvFileText('名称\r\n');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.startsWith(BOM)).toBe(true);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('get names safe on every system', () => {
    expect(csvFileName('dragon tiger/2026-07-15')).toBe('dragon_tiger_2026-07-15.csv');
    expect(csvFileName('  ')).toBe('export.csv');
  });
});
