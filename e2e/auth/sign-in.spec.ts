import { expect, test, type Browser, type Page } from '@playwright/test';
import { PROXY_PORT } from './ports';

/**
 * Two colleagues on a dashboard with OpenID Connect sign-in (e2e/auth/auth-stack.ts starts a local
 * provider whose login form takes any name). Alice's private list stays hers; her team list is read-only
 * for Bob, who cannot read the private one (404) and whose delete of either by id is 403; a write
 * without the session's CSRF token is refused. Also: deletion is undone from "recently deleted", an
 * older version comes back from the history. A proxy-mode dashboard refuses the user header from the browser's address.
 * Each page shown is checked at 390 and 1440 px for sideways scrolling; SHOTS=<folder> saves screenshots.
 */

const RUN = Date.now().toString(36);
const shots = process.env['SHOTS'];

/** At phone and desktop width the page does not scroll sideways; with SHOTS, a screenshot of each. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Polled: a table sizes its columns once it has seen the new width.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${name} at ${width} px scrolls sideways`,
      })
      .toBeLessThanOrEqual(0);
    if (shots !== undefined) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A signed-in page of `user` in a browser context of its own. */
async function signIn(browser: Browser, user: string, shootGate = false): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await page.goto('/watchlists');
  const gate = page.getByTestId('sign-in');
  await expect(gate).toBeVisible();
  if (shootGate) await shoot(page, 'sign-in');
  await gate.getByRole('link', { name: '登录' }).click();
  // The provider's development login form, then its consent page.
  await page.locator('input[name="login"]').fill(user);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/watchlists$/);
  await expect(page.getByTestId('session-user')).toContainText(user);
  return page;
}

async function createList(page: Page, name: string): Promise<number> {
  await page.goto('/watchlists');
  await page.getByLabel('新清单名称').fill(name);
  await page.getByRole('button', { name: '新建' }).click();
  await expect(page).toHaveURL(/\/watchlists\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** A request from the page itself (same origin, its cookies), with or without the session's token. */
async function fetchFrom(
  page: Page,
  method: string,
  path: string,
  withToken: boolean,
  body?: unknown,
): Promise<number> {
  return page.evaluate(
    async ({ method, path, withToken, body }) => {
      const session: unknown = await (await fetch('/bff/session')).json();
      const csrf =
        typeof session === 'object' &&
        session !== null &&
        'csrf' in session &&
        typeof session.csrf === 'string'
          ? session.csrf
          : '';
      // A JSON content type only with a body: Fastify refuses an empty JSON body (400) before any check.
      const headers: Record<string, string> =
        body === undefined ? {} : { 'content-type': 'application/json' };
      if (withToken) headers['x-csrf-token'] = csrf;
      const res = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, path, withToken, body },
  );
}

test('private, team-visible and read-only lists between two users; CSRF; restore', async ({ browser }) => {
  test.setTimeout(180_000);
  const alice = await signIn(browser, 'alice', true);

  const privateName = `Alice 私有 ${RUN}`;
  const teamName = `Alice 团队 ${RUN}`;
  const privateId = await createList(alice, privateName);
  const teamId = await createList(alice, teamName);
  // Add an item, then share the list with the team.
  await alice.getByRole('combobox', { name: /添加品种/ }).fill('600519');
  await alice
    .getByRole('option', { name: /600519\.SH/ })
    .first()
    .click();
  await expect(alice.getByRole('button', { name: /拖动以调整/ })).toHaveCount(1);
  await alice.getByRole('button', { name: '设为团队可见' }).click();
  await expect(alice.getByTestId('watchlist-visibility')).toContainText('团队');

  const bob = await signIn(browser, 'bob');
  await bob.goto('/watchlists');
  const team = bob.getByTestId('team-lists');
  await expect(team.getByRole('link', { name: teamName })).toBeVisible();
  await expect(team).toContainText('alice');
  await expect(bob.getByText(privateName)).toHaveCount(0);
  await shoot(bob, 'index-team');

  // Bob cannot read the private list (404), and his delete of either list by id is forbidden (403).
  expect(await fetchFrom(bob, 'GET', `/bff/watchlists/${privateId}`, true)).toBe(404);
  expect(await fetchFrom(bob, 'DELETE', `/bff/watchlists/${teamId}?version=3`, true)).toBe(403);
  expect(await fetchFrom(bob, 'DELETE', `/bff/watchlists/${privateId}?version=1`, true)).toBe(403);
  // A write without the session's CSRF token is refused, even to his own index.
  expect(await fetchFrom(bob, 'POST', '/bff/watchlists', false, { name: `Bob ${RUN}` })).toBe(403);
  expect(await fetchFrom(bob, 'POST', '/bff/watchlists', true, { name: `Bob ${RUN}` })).toBe(201);

  // The team list is read-only for Bob: no rename, delete, add, move or remove.
  await bob.getByRole('link', { name: teamName }).click();
  await expect(bob.getByTestId('readonly-badge')).toContainText('alice');
  await expect(bob.getByRole('button', { name: '重命名' })).toHaveCount(0);
  await expect(bob.getByRole('button', { name: '删除清单' })).toHaveCount(0);
  await expect(bob.getByRole('combobox', { name: /添加品种/ })).toHaveCount(0);
  await expect(bob.getByRole('button', { name: /从清单移除/ })).toHaveCount(0);
  await expect(bob.getByRole('button', { name: /拖动以调整/ })).toHaveCount(0);
  // The item is there, its row named by the code shown in it.
  await expect(bob.getByRole('row', { name: /600519\.SH/ })).toBeVisible();
  await shoot(bob, 'team-list-readonly');

  // Alice: history of the team list, then restore its first version (no items).
  await alice.goto(`/watchlists/${teamId}?panel=history`);
  const history = alice.getByTestId('watchlist-history');
  await expect(history.getByTestId('history-entry')).toHaveCount(3);
  await expect(history).toContainText('添加 600519.SH');
  await shoot(alice, 'history');
  await history.getByRole('button', { name: '恢复到版本 1' }).click();
  await expect(history).toContainText('已恢复到版本 1 的内容');
  await expect(alice.getByRole('button', { name: /拖动以调整/ })).toHaveCount(0);
  await history.getByRole('button', { name: '恢复到版本 2' }).click();
  await expect(alice.getByRole('button', { name: /拖动以调整/ })).toHaveCount(1);

  // Alice deletes her private list and brings it back from "recently deleted".
  await alice.goto('/watchlists');
  await alice.getByRole('button', { name: `删除 ${privateName}` }).click();
  await alice.getByRole('button', { name: '确定删除' }).click();
  const deleted = alice.getByTestId('recently-deleted');
  await expect(deleted.getByTestId('deleted-entry')).toContainText(privateName);
  await shoot(alice, 'recently-deleted');
  await deleted.getByRole('button', { name: `恢复「${privateName}」` }).click();
  await expect(deleted.getByTestId('deleted-entry')).toHaveCount(0);
  await expect(alice.getByRole('link', { name: privateName })).toBeVisible();
  await shoot(alice, 'index-owned');

  await alice.context().close();
  await bob.context().close();
});

test('proxy mode refuses the user header from an address that is not the trusted proxy', async ({
  browser,
}) => {
  const proxied = `http://127.0.0.1:${PROXY_PORT}`;
  // A browser that forges the header the trusted proxy (TRUSTED_PROXY, not this machine) would send.
  const forged = await browser.newContext({
    locale: 'zh-CN',
    timezoneId: 'America/New_York',
    extraHTTPHeaders: { 'x-forwarded-user': 'alice' },
  });
  const page = await forged.newPage();
  const answer = await page.goto(`${proxied}/watchlists`);
  expect(answer?.status()).toBe(403);
  // Refused before any handler: an envelope with a request id, not the app.
  expect(answer?.headers()['x-request-id']).toBeTruthy();
  await expect(page.locator('body')).toContainText('only accepted from the trusted proxy');
  const api = await forged.request.get(`${proxied}/bff/watchlists`);
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ error: { code: 'forbidden' } });
  await forged.close();

  // Without the header the same browser is nobody: the sign-in page points at the organisation's gateway.
  const plain = await browser.newContext({ locale: 'zh-CN', timezoneId: 'America/New_York' });
  const own = await plain.newPage();
  await own.goto(`${proxied}/watchlists`);
  const gate = own.getByTestId('sign-in');
  await expect(gate).toContainText('反向代理');
  await expect(own.getByTestId('session-user')).toHaveCount(0);
  expect((await plain.request.get(`${proxied}/bff/watchlists`)).status()).toBe(401);
  await shoot(own, 'proxy-sign-in');
  await plain.close();
});
