import { describe, expect, it } from 'vitest';
import type { AnyOperation } from '../operation';
import { parseParams, type RawQuery } from '../params';

/**
 * Table-driven checks for operation groups, used by the *.test.ts files beside the operation files.
 * A parameter case expects either a contract error (code + the parameter it names) or success with the
 * canonical query the BFF would forward (so defaults and normalisation are asserted too).
 */
export type Expect = { code: number; param: string } | { query: string };
export type ParamCase = readonly [label: string, query: RawQuery, expected: Expect];

export const ok = (query: string): Expect => ({ query });
export const err = (code: number, param: string): Expect => ({ code, param });
/** The canonical query of the given values: keys sorted, as parseParams rebuilds it. */
export const sorted = (values: Record<string, string>): string =>
  new URLSearchParams(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1))).toString();

export function paramSuite(
  ops: Record<string, AnyOperation>,
  cases: Record<string, readonly ParamCase[]>,
): void {
  describe('parameters', () => {
    it('has cases for every operation of the group, including a valid query', () => {
      expect(Object.keys(cases).sort()).toEqual(Object.keys(ops).sort());
      for (const [id, list] of Object.entries(cases)) {
        expect(
          list.some(([, , e]) => 'query' in e),
          id,
        ).toBe(true);
      }
    });

    const rows = Object.entries(cases).flatMap(([id, list]) =>
      list.map(([label, query, expected]) => ({ id, label, query, expected })),
    );
    it.each(rows)('$id: $label', ({ id, query, expected }) => {
      const op = ops[id];
      expect(op, id).toBeDefined();
      if (!op) return;
      const r = parseParams(op.params, query, { unknown: 'reject', known: op.paramNames });
      if ('query' in expected) {
        expect(r).toMatchObject({ ok: true, query: expected.query });
      } else {
        expect(r).toMatchObject({ ok: false, code: expected.code, param: expected.param });
        if (!r.ok) expect(r.message).toContain(`'${expected.param}'`);
      }
    });
  });
}

function withUnknownKey(sample: unknown): unknown {
  if (Array.isArray(sample)) return sample.map((s, i) => (i === 0 ? withUnknownKey(s) : s));
  if (typeof sample === 'object' && sample !== null) return { ...sample, x_unlisted_field: { kept: true } };
  return sample;
}

/**
 * Every data schema accepts its realistic sample unchanged: output deep-equals input, so no key is
 * stripped at any depth (samples carry unknown keys in their items) and an extra top-level key is kept.
 * `rejects` holds samples that break a documented type and must fail.
 */
export function dataSuite(
  ops: Record<string, AnyOperation>,
  samples: Record<string, unknown>,
  rejects: Record<string, unknown> = {},
): void {
  describe('data', () => {
    it('has a sample for every operation of the group', () => {
      expect(Object.keys(samples).sort()).toEqual(Object.keys(ops).sort());
    });

    it.each(Object.entries(samples))('%s accepts a realistic sample and keeps unknown keys', (id, sample) => {
      const input = withUnknownKey(sample);
      const r = ops[id]?.data.safeParse(input);
      expect(r?.error).toBeUndefined();
      expect(r?.data).toEqual(input);
    });

    const rejectRows = Object.entries(rejects);
    if (rejectRows.length > 0) {
      it.each(rejectRows)('%s rejects a sample that breaks the documented types', (id, sample) => {
        expect(ops[id]?.data.safeParse(sample).success).toBe(false);
      });
    }
  });
}
