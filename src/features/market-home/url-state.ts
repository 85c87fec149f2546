import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema';
import { choice } from '../../lib/search-schema';
import { HOME_DEFAULT_PERIOD } from '../../contract/first-screens-terms';

/**
 * The home page's view state: the period of the two ranking cards (`/?period=hour`). The cards link to
 * `/hot` with the same period, so the list opened is the one the card showed.
 */

export const HOME_PERIODS = ['day', 'hour'] as const;
export type HomePeriod = (typeof HOME_PERIODS)[number];

export const HOME_SEARCH_DEFAULTS = { period: HOME_DEFAULT_PERIOD } as const;

const buildHomeSearchSchema = () =>
  z.object({
    period: choice(HOME_PERIODS, HOME_SEARCH_DEFAULTS.period),
  });

export const homeSearchSchema = lazySchema(buildHomeSearchSchema);

export type HomeSearch = z.output<ReturnType<typeof buildHomeSearchSchema>>;
