import { z } from 'zod';
import { OPTION_SESSIONS } from '../../contract/operations/options-terms';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { lazySchema } from '../../lib/lazy-schema';
import { choice, optionalDate } from '../../lib/search-schema';

/**
 * The options page's view state as URL search parameters (the chosen contract is in the path of
 * `/options/$thscode`). Every field falls back (`.catch`), so an outdated link still opens a sensible
 * view; the routes leave defaults out of the URL.
 */

export const OPTIONS_DEFAULTS = { session: 'intraday' } as const;

/** Variety codes as the service writes them: `510050`, `IO`, `CU_O`. */
export const VARIETY_RE = /^[A-Za-z0-9_]{1,16}$/;

const buildOptionsSearchSchema = () =>
  z.object({
    /** The variety of the chain; absent: the chosen contract's, else the first the service lists. */
    variety: z.string().regex(VARIETY_RE).optional().catch(undefined),
    /** The chain's expiry (last trading day); absent: the chosen contract's, else the nearest. */
    expiry: optionalDate(),
    /** Session of the chosen contract's intraday line. */
    session: choice(OPTION_SESSIONS, OPTIONS_DEFAULTS.session),
  });

export const optionsSearchSchema = lazySchema(buildOptionsSearchSchema);

export type OptionsSearch = z.output<ReturnType<typeof buildOptionsSearchSchema>>;
export type UpdateOptionsSearch = SearchPatch<OptionsSearch>;
