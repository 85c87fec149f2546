import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from './config';

/**
 * Config for tests that build the whole app: a throwaway watchlist database and no built SPA unless
 * the test says otherwise, so no test ever opens a developer's own data/watchlists.sqlite.
 */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  const dir = mkdtempSync(join(tmpdir(), 'market-dashboard-test-'));
  return loadConfig({
    STATIC_DIR: join(dir, 'no-build'),
    WATCHLIST_DB: join(dir, 'watchlists.sqlite'),
    // The market data plane records the tape and imports dumps on its own; tests that want it say so.
    MARKET_DATA: 'off',
    RESEARCH_DB: join(dir, 'research.duckdb'),
    DUMP_DIR: join(dir, 'dumps'),
    // Answers kept on disk would carry one app's cache into the next app a test builds on the same
    // config; tests of the disk cache name a file (ANSWER_CACHE_DB).
    ANSWER_CACHE_DB: 'off',
    // Warming calls the upstream on its own: tests count calls.
    WARM_CACHE: 'off',
    ...env,
  });
}
