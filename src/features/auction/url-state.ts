import { z } from 'zod';
import { urlDateSchema } from '../../lib/trading-days';
import { lazySchema } from '../../lib/lazy-schema';
import { choice } from '../../lib/search-schema';
import { canonicalCode } from '../../contract/params-terms';

/**
 * The call-auction page's view state as URL search parameters, with fallbacks so that a hand-edited
 * link degrades to defaults. `codes` keeps the tokens as submitted (duplicates and malformed ones
 * included), so a shared link shows the same notes about them; the page decides what is sent.
 */

export const AUCTION_STAGES = ['live', 'final'] as const;
export type AuctionStage = (typeof AUCTION_STAGES)[number];

export const AUCTION_SEARCH_DEFAULTS = { stage: 'final' } as const;

/** Commas (also the full-width one), semicolons, enumeration commas, spaces and new lines separate codes. */
const SEPARATORS = /[\s,，;；、]+/;

/** Tokens in typed order, trimmed and upper-cased (the service's suffixes are upper case). */
export function splitCodes(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map(canonicalCode)
    .filter((token) => token !== '');
}

/** Far above 100 codes, far below the server's URL limit: a longer value is not a list of codes. */
const CODES_MAX_CHARS = 4000;

const buildAuctionSearchSchema = () =>
  z.object({
    codes: z
      .union([z.string(), z.number()])
      .transform((v, ctx) => {
        const text = String(v);
        if (text.length > CODES_MAX_CHARS) {
          ctx.issues.push({ code: 'custom', message: 'codes too long', input: v });
          return z.NEVER;
        }
        const tokens = splitCodes(text);
        return tokens.length > 0 ? tokens.join(',') : undefined;
      })
      .optional()
      .catch(undefined),
    stage: choice(AUCTION_STAGES, AUCTION_SEARCH_DEFAULTS.stage),
    /**
     * Short-term benchmark day; absent means "today's" (the last trading day's before the 09:25 match).
     * Kept as written, so that an impossible day is named instead of replaced.
     */
    date: urlDateSchema.schema(),
  });

export const auctionSearchSchema = lazySchema(buildAuctionSearchSchema);

export type AuctionSearch = z.output<ReturnType<typeof buildAuctionSearchSchema>>;

/** Never throws: every field has a fallback. */
export function parseAuctionSearch(raw: unknown): AuctionSearch {
  return auctionSearchSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}

/** The submitted tokens. */
export function searchTokens(search: Pick<AuctionSearch, 'codes'>): string[] {
  return search.codes === undefined ? [] : splitCodes(search.codes);
}
