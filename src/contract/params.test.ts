import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from './envelope';
import {
  code,
  date,
  fail,
  int,
  json,
  list,
  ms,
  oneOf,
  paramFields,
  toRawQuery,
  parseParams,
  toQuery,
  A_SHARE_CODE_RE,
} from './params';

const schema = z
  .object({
    thscode: code({ pattern: A_SHARE_CODE_RE }),
    limit: int({ min: 1, max: 20 }).optional(),
    day: date().optional(),
    kind: oneOf(['a', 'b']).default('a'),
    kinds: list({ max: 3, values: ['x', 'y'], valuesCode: ErrorCode.PARAM_RANGE }).optional(),
    codes: list({ max: 3, item: A_SHARE_CODE_RE, upper: true }).optional(),
    at: ms({ wholeSeconds: true }).optional(),
    filter: json('object').optional(),
    start: ms().optional(),
    end: ms().optional(),
  })
  .check((ctx) => {
    const { start, end } = ctx.value;
    if ((start === undefined) !== (end === undefined))
      fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, 'goes with start');
  });
const known = Object.keys(schema.shape);
const parse = (raw: Record<string, string | string[]>) =>
  parseParams(schema, raw, { unknown: 'reject', known });

describe('parseParams', () => {
  it.each([
    [{}, 1001, 'thscode', "Parameter 'thscode' is required"],
    [{ thscode: '600519' }, 1002, 'thscode', 'six digits'],
    [{ thscode: '600519.SH,000001.SZ' }, 1002, 'thscode', 'single code without commas'],
    [{ thscode: '600519.SH', limit: '0' }, 1003, 'limit', 'between 1 and 20'],
    [{ thscode: '600519.SH', limit: '21' }, 1003, 'limit', 'between 1 and 20'],
    [{ thscode: '600519.SH', limit: '2.5' }, 1002, 'limit', 'integer'],
    [{ thscode: '600519.SH', day: '2026-02-30' }, 1002, 'day', 'yyyy-MM-dd'],
    [{ thscode: '600519.SH', day: '20260215' }, 1002, 'day', 'yyyy-MM-dd'],
    [{ thscode: '600519.SH', kind: 'c' }, 1002, 'kind', 'one of a, b'],
    [{ thscode: '600519.SH', kinds: 'x,z' }, 1003, 'kinds', "invalid value 'z'"],
    [{ thscode: '600519.SH', kinds: 'x,y,x,y' }, 1003, 'kinds', 'at most 3'],
    [{ thscode: '600519.SH', codes: '600519.SH,,000001.SZ' }, 1002, 'codes', 'empty'],
    [{ thscode: '600519.SH', at: '1700000000500' }, 1002, 'at', 'divisible by 1000'],
    [{ thscode: '600519.SH', filter: '[1]' }, 1002, 'filter', 'JSON object'],
    [{ thscode: '600519.SH', filter: '{' }, 1002, 'filter', 'valid JSON'],
    [{ thscode: '600519.SH', start: '1' }, 1004, 'end', 'goes with start'],
    [{ thscode: '600519.SH', other: '1' }, 1002, 'other', 'not accepted'],
    [{ thscode: ['600519.SH', '000001.SZ'] }, 1002, 'thscode', 'more than once'],
  ])('%j → %i on %s', (raw, expectedCode, param, text) => {
    const r = parse(raw);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe(expectedCode);
    expect(r.param).toBe(param);
    expect(r.message).toContain(text);
    expect(r.message).toContain(`'${param}'`);
  });

  it('treats empty values as absent and fills defaults', () => {
    const r = parse({ thscode: '600519.SH', limit: '', codes: ' 600519.sh , 000001.SZ' });
    expect(r).toEqual({
      ok: true,
      value: { thscode: '600519.SH', kind: 'a', codes: ['600519.SH', '000001.SZ'] },
      query: 'codes=600519.SH%2C000001.SZ&kind=a&thscode=600519.SH',
    });
  });

  it('ignores unknown parameters when asked to, like the real service', () => {
    const r = parseParams(schema, { thscode: '600519.SH', other: '1' }, { unknown: 'ignore', known });
    expect(r.ok).toBe(true);
  });

  it('counts list tokens before de-duplication', () => {
    const r = parse({ thscode: '600519.SH', codes: '600519.SH,600519.SH,600519.SH,600519.SH' });
    expect(r.ok ? null : r.code).toBe(1003);
  });
});

describe('toQuery', () => {
  it('sorts keys, joins lists, drops absent values', () => {
    expect(toQuery({ b: 2, a: ['x', 'y'], c: undefined, d: true })).toBe('a=x%2Cy&b=2&d=true');
  });
});

describe('missing required parameters', () => {
  it('are 1001 whatever the check (enum, list, json), while cross-field rules keep their code', () => {
    const s = z
      .object({ mode: oneOf(['a', 'b']), ids: list({ max: 2 }), spec: json('array'), from: ms().optional() })
      .check((ctx) => {
        if (ctx.value.from === undefined) fail(ctx, 'to', ErrorCode.PARAM_CONFLICT, 'needs from');
      });
    const k = Object.keys(s.shape);
    const r1 = parseParams(s, { ids: 'x', spec: '[]' }, { unknown: 'reject', known: k });
    expect(r1.ok ? null : [r1.code, r1.param]).toEqual([1001, 'mode']);
    const r2 = parseParams(s, { mode: 'a', spec: '[]' }, { unknown: 'reject', known: k });
    expect(r2.ok ? null : [r2.code, r2.param]).toEqual([1001, 'ids']);
    const r3 = parseParams(s, { mode: 'a', ids: 'x', spec: '[]' }, { unknown: 'reject', known: k });
    expect(r3.ok ? null : [r3.code, r3.param]).toEqual([1004, 'to']);
  });
});

describe('toRawQuery', () => {
  it('keeps strings and string arrays and drops every other shape', () => {
    const raw = toRawQuery({ a: 'x', b: ['y', 3, 'z'], c: 4, d: { e: 'f' }, g: null });
    expect(raw).toEqual({ a: 'x', b: ['y', 'z'] });
  });

  it('keeps a parameter named __proto__ as a parameter, not as the prototype', () => {
    const parsed: unknown = JSON.parse('{"__proto__": ["a", "b"], "thscodes": "600519.SH"}');
    const raw = toRawQuery(parsed);
    expect(Object.getPrototypeOf(raw)).toBe(Object.prototype);
    expect(Object.hasOwn(raw, '__proto__')).toBe(true);
    expect(Object.keys(raw)).toEqual(['__proto__', 'thscodes']);
  });

  it('reads anything that is not an object as no parameters', () => {
    expect(toRawQuery(null)).toEqual({});
    expect(toRawQuery('a=b')).toEqual({});
  });
});

describe('paramFields', () => {
  it('lists the parameters in order, required or not, with their defaults and descriptions', () => {
    const fields = paramFields(schema);
    expect(fields.map((f) => f.name)).toEqual(known);
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get('thscode')).toMatchObject({
      required: true,
      defaultText: undefined,
      doc: { kind: 'code' },
    });
    expect(byName.get('limit')).toMatchObject({
      required: false,
      doc: { kind: 'int', min: 1, max: 20, rule: 'must be an integer between 1 and 20' },
    });
    expect(byName.get('kind')).toMatchObject({
      required: false,
      defaultText: 'a',
      doc: { kind: 'enum', values: ['a', 'b'] },
    });
    expect(byName.get('kinds')?.doc).toEqual({
      kind: 'list',
      rule: 'must be at most 3 comma-separated items, each one of x, y',
      maxItems: 3,
      values: ['x', 'y'],
    });
    expect(byName.get('at')?.doc.rule).toContain('divisible by 1000');
    expect(byName.get('filter')?.doc).toEqual({
      kind: 'json',
      rule: 'must be a JSON object',
      json: 'object',
    });
  });

  it('gives a list default as query text', () => {
    const s = z.object({ ex: list({ max: 3 }).default(['SH', 'SZ']), n: int().default(5) });
    expect(paramFields(s).map((f) => f.defaultText)).toEqual(['SH,SZ', '5']);
  });

  it('keeps the description of a schema narrowed with .check()', () => {
    const narrowed = int({ min: 0 }).check(() => {});
    expect(paramFields(z.object({ n: narrowed }))[0]?.doc).toMatchObject({ kind: 'int', min: 0 });
  });
});
