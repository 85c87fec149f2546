import { z } from 'zod';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { lazySchema } from '../../lib/lazy-schema';
import { choice } from '../../lib/search-schema';

/**
 * The view state of the two futures pages as URL search parameters. Every field falls back to its
 * default (`.catch`), so a hand-edited or outdated link opens a sensible view instead of an error, and
 * the routes leave defaults out of the URL.
 */

/** The basis a contract's page shows: on the closing price or on the settlement price. */
export const BASIS_KINDS = ['close', 'settle'] as const;
export type BasisKind = (typeof BASIS_KINDS)[number];

/** The filter box: up to this many characters. */
export const FILTER_MAX = 40;

export const FUTURES_LIST_DEFAULTS = { q: '', exchange: 'all', sort: '' } as const;

const EXCHANGE_RE = /^[A-Z]{2,6}$/;
/** `column.asc` or `column.desc` of the latest-basis table. */
const SORT_RE = /^[a-z_]{1,40}\.(asc|desc)$/;

const buildFuturesListSchema = () =>
  z.object({
    /** Filter text over variety codes and names, exchanges and plates. */
    q: z.string().max(FILTER_MAX).default(FUTURES_LIST_DEFAULTS.q).catch(FUTURES_LIST_DEFAULTS.q),
    /** An exchange code (`SHFE`, `CFFEX`, …) or `all`. */
    exchange: z
      .literal('all')
      .or(
        z
          .string()
          .transform((v) => v.toUpperCase())
          .refine((v) => EXCHANGE_RE.test(v)),
      )
      .default(FUTURES_LIST_DEFAULTS.exchange)
      .catch(FUTURES_LIST_DEFAULTS.exchange),
    /** Sorting of the latest-basis table; empty is the service's order. */
    sort: z
      .string()
      .refine((v) => v === '' || SORT_RE.test(v))
      .default(FUTURES_LIST_DEFAULTS.sort)
      .catch(FUTURES_LIST_DEFAULTS.sort),
  });

export const futuresListSchema = lazySchema(buildFuturesListSchema);

export type FuturesListSearch = z.output<ReturnType<typeof buildFuturesListSchema>>;
export type UpdateListSearch = SearchPatch<FuturesListSearch>;

export function parseSort(sort: string): { id: string; desc: boolean }[] {
  const match = SORT_RE.exec(sort);
  return match ? [{ id: sort.slice(0, sort.lastIndexOf('.')), desc: match[1] === 'desc' }] : [];
}

export function formatSort(sorting: readonly { id: string; desc: boolean }[]): string {
  const first = sorting[0];
  return first ? `${first.id}.${first.desc ? 'desc' : 'asc'}` : '';
}

export const FUTURES_CONTRACT_DEFAULTS = { basis: 'close' } as const;

/** Spot indicator ids as the service writes them (`S1706488`): letters, digits, `_`, `-` and `.`. */
export const SPOT_ID_RE = /^[A-Za-z0-9_.-]{1,64}$/;

const buildFuturesContractSchema = () =>
  z.object({
    /** Basis against the close or the settlement price. */
    basis: choice(BASIS_KINDS, FUTURES_CONTRACT_DEFAULTS.basis),
    /** Spot indicator; absent means the service's default spot quote. */
    spot: z.string().regex(SPOT_ID_RE).optional().catch(undefined),
  });

export const futuresContractSchema = lazySchema(buildFuturesContractSchema);

export type FuturesContractSearch = z.output<ReturnType<typeof buildFuturesContractSchema>>;
export type UpdateContractSearch = SearchPatch<FuturesContractSearch>;
