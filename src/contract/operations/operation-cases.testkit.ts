import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AnyOperation } from '../operation';
import { checkTemporal, parseParams, type RawQuery } from '../params';

/**
 * Table-driven checks shared by the operation tests: a raw query goes through the BFF's path (reject
 * unknown parameters, then the date-relative rules with a pinned clock) and must give the expected code.
 */

/** The pinned "today": 2026-07-15 10:00 Asia/Shanghai, a Wednesday. */
export const NOW = Date.parse('2026-07-15T10:00:00+08:00');

export interface ParamCase {
  /** What the case shows; used as the test title. */
  name: string;
  q: RawQuery;
  /** 0 = accepted. */
  code: number;
  /** The parameter the error names (checked when given). */
  param?: string;
  /** Parsed values that must come out of an accepted query (defaults, normalisation). */
  value?: Record<string, unknown>;
}

export function outcome(op: AnyOperation, q: RawQuery, nowMs = NOW) {
  const parsed = parseParams(op.params, q, { unknown: 'reject', known: op.paramNames });
  if (!parsed.ok) return { code: parsed.code, param: parsed.param, value: undefined };
  const late = checkTemporal(op, parsed.value, nowMs);
  if (late) return { code: late.code, param: late.param, value: undefined };
  return { code: 0, param: null, value: parsed.value };
}

export function paramCases(op: AnyOperation, cases: readonly ParamCase[]): void {
  describe(`${op.id} parameters`, () => {
    it.each(cases)('$name', (c) => {
      const got = outcome(op, c.q);
      expect(got.code, got.param ?? '').toBe(c.code);
      if (c.param !== undefined) expect(got.param).toBe(c.param);
      if (c.value !== undefined) expect(got.value).toEqual(expect.objectContaining(c.value));
    });
    it('refuses a parameter it does not take', () => {
      expect(outcome(op, { not_a_param: '1' })).toMatchObject({ code: 1002, param: 'not_a_param' });
    });
  });
}

export interface DataCase {
  name: string;
  sample: unknown;
  /** false: the sample breaks the contract and must be reported, not passed through. */
  ok?: boolean;
}

/**
 * Each sample parses (or not). An accepted sample must come out unchanged, so unknown keys at any depth
 * (samples carry some) are kept; an extra top-level key is added to prove it there too.
 */
export function dataCases(op: { id: string; data: z.ZodType }, cases: readonly DataCase[]): void {
  describe(`${op.id} data`, () => {
    it.each(cases)('$name', (c) => {
      const result = op.data.safeParse(c.sample);
      expect(result.success, result.error?.message).toBe(c.ok ?? true);
      if ((c.ok ?? true) && typeof c.sample === 'object' && c.sample !== null) {
        expect(result.data).toEqual(c.sample);
        const extended = op.data.safeParse({ ...c.sample, added_later: 'kept' });
        expect(extended.data).toMatchObject({ added_later: 'kept' });
      }
    });
  });
}

/** `n` comma-separated copies of a code (token limits count raw tokens before de-duplication). */
export function copies(code: string, n: number): string {
  return Array.from({ length: n }, () => code).join(',');
}
