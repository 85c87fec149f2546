import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, watchErrors } from '../fixtures';
import { WatchlistsPage } from '../pages/watchlists';

/**
 * Two analysts on two replicas behind a load balancer (global-setup.ts): what one changes in a list
 * reaches the other's screen within a second, through PostgreSQL's notifications to the other replica
 * and its event stream, with no reload.
 */

const RUN = Date.now().toString(36);
const LIVE_WITHIN_MS = 1_000;
const skip = process.env['CLUSTER_SKIP'];

/** A browser context whose relative URLs go to one replica. */
function contextOn(browser: Browser, replica: string | undefined): Promise<BrowserContext> {
  if (replica === undefined) throw new Error('the replicas were not started (global-setup.ts)');
  return browser.newContext({ baseURL: replica, locale: 'zh-CN', timezoneId: 'America/New_York' });
}

test(`a change on one replica appears on another replica's screen within a second${skip ? ` (skipped: ${skip}; REQUIRE_ENGINES=1 makes this a failure)` : ''}`, async ({
  browser,
}) => {
  test.skip(skip !== undefined, skip);
  const contexts = await Promise.all([
    contextOn(browser, process.env['CLUSTER_REPLICA_A']),
    contextOn(browser, process.env['CLUSTER_REPLICA_B']),
  ]);
  try {
    const [onA, onB] = await Promise.all(contexts.map((c) => c.newPage()));
    if (!onA || !onB) throw new Error('no pages');
    const errorsA = await watchErrors(onA);
    const errorsB = await watchErrors(onB);

    const mine = new WatchlistsPage(onA);
    await mine.openIndex();
    await mine.create(`E2E 两台 ${RUN}`);
    await mine.addByKeyboard('600519', '600519.SH');
    await expect(mine.live).toHaveAttribute('data-state', 'live');
    const path = new URL(onA.url()).pathname;

    // The same list, read from the other replica.
    const theirs = new WatchlistsPage(onB);
    let loads = 0;
    onB.on('load', () => (loads += 1));
    await onB.goto(path);
    await theirs.ready();
    await expect(theirs.rows()).toHaveCount(1);
    await expect(theirs.live).toHaveAttribute('data-state', 'live');
    const loadsBefore = loads;

    // Written on replica A: on replica B's screen within a second.
    await mine.addByKeyboard('510300', '510300.SH');
    await expect(theirs.rows()).toHaveCount(2, { timeout: LIVE_WITHIN_MS });
    expect(await theirs.codes()).toEqual(['600519.SH', '510300.SH']);

    // And the other way round: removed on B, gone on A.
    await theirs
      .row('600519.SH')
      .getByRole('button', { name: /从清单移除/ })
      .click();
    await expect(theirs.rows()).toHaveCount(1);
    await expect(mine.row('600519.SH')).toHaveCount(0, { timeout: LIVE_WITHIN_MS });
    expect(await mine.codes()).toEqual(['510300.SH']);

    expect(loads).toBe(loadsBefore);
    expect([...errorsA, ...errorsB]).toEqual([]);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
