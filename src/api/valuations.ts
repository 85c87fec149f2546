import { useCallback, useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { DataOf } from '../contract/catalog';
import { VALUATION_MAX_CODES } from '../contract/operations/market-extras-terms';
import { A_SHARE_CODE_RE } from '../contract/params';
import { operationQuery } from './query';

/**
 * The valuation snapshot (PE TTM and MRQ, PB, PS, PCF) of any number of A-shares: sorted, de-duplicated
 * codes in calls of at most 100, each its own cache entry, so a stock header, a sector table and a
 * watchlist asking for overlapping sets share what they can.
 */

export type Valuation = DataOf<'a-share/valuations/snapshot'>['item'][number];

export function valuationQuery(codes: readonly string[]) {
  return operationQuery('a-share/valuations/snapshot', { thscodes: codes });
}

/** The calls for a list of codes (anything that is not an A-share is left out: the service refuses it). */
export function valuationChunks(codes: readonly string[]): string[][] {
  const valid = [...new Set(codes.map((c) => c.toUpperCase()).filter((c) => A_SHARE_CODE_RE.test(c)))].sort();
  const out: string[][] = [];
  for (let i = 0; i < valid.length; i += VALUATION_MAX_CODES)
    out.push(valid.slice(i, i + VALUATION_MAX_CODES));
  return out;
}

export interface Valuations {
  byCode: ReadonlyMap<string, Valuation>;
  /** Some call is still on its way. */
  pending: boolean;
  /** The first failure, for an error note (the rows still show what did arrive). */
  error: unknown;
}

/** Valuations of the given codes; `enabled: false` asks for nothing (a table too long to value at once). */
export function useValuations(codes: readonly string[], enabled = true): Valuations {
  const chunks = useMemo(() => valuationChunks(codes), [codes]);
  // A stable combine: TanStack Query re-runs it (and hands out a new map) only when a result changed.
  const combine = useCallback(
    (results: UseQueryResult<DataOf<'a-share/valuations/snapshot'>>[]): Valuations => {
      const byCode = new Map<string, Valuation>();
      for (const result of results) {
        for (const item of result.data?.item ?? []) byCode.set(item.thscode.toUpperCase(), item);
      }
      return {
        byCode,
        pending: enabled && results.some((r) => r.isPending),
        error: results.find((r) => r.isError)?.error ?? null,
      };
    },
    [enabled],
  );
  return useQueries({
    queries: chunks.map((chunk) => ({ ...valuationQuery(chunk), enabled })),
    combine,
  });
}
