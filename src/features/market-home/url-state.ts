import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema';
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
    period: z.enum(HOME_PERIODS).default(HOME_SEARCH_DEFAULTS.period).catch(HOME_SEARCH_DEFAULTS.period),
  });

export const homeSearchSchema = lazySchema(buildHomeSearchSchema);

export type HomeSearch = z.output<ReturnType<typeof buildHomeSearchSchema>>;
