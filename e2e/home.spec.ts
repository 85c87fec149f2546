import { expect, test } from './fixtures';
import { DragonTigerPage } from './pages/dragon-tiger';
import { HomePage } from './pages/home';
import { HotPage } from './pages/hot';

/**
 * The market home on the simulator pinned at 2026-07-15 10:10 Shanghai (continuous trading), seen
 * from a browser in New York.
 */

test('the home shows the session and its period survives reload', async ({ app, page }) => {
  const home = new HomePage(app);
  await home.open('/?period=hour');
  const check = async () => {
    await expect(home.session).toHaveText('连续竞价');
    await expect(home.period('小时榜')).toHaveAttribute('aria-pressed', 'true');
    await expect(home.card('hot').locator('tbody tr')).toHaveCount(10);
    await expect(home.card('skyrocket').locator('tbody tr')).toHaveCount(10);
    await expect(home.card('dragon-tiger')).toContainText('交易日 2026-07-14');
    await expect(home.card('monitor').getByRole('listitem').first()).toBeVisible();
  };
  await check();
  await page.reload();
  await check();
  await expect(page).toHaveURL(/\?period=hour$/);
});

test('every card links to its page in the state the card shows', async ({ app, page }) => {
  const home = new HomePage(app);
  await home.open('/?period=hour');
  await expect(home.link('hot')).toHaveAttribute('href', '/hot?period=hour');
  await expect(home.link('skyrocket')).toHaveAttribute('href', '/hot?list=skyrocket&period=hour');
  await expect(home.link('monitor')).toHaveAttribute('href', '/hot?view=monitor');
  await expect(home.link('dragon-tiger')).toHaveAttribute('href', '/dragon-tiger');

  // The skyrocket card's top ten are the top ten of the page it opens.
  await expect(home.card('skyrocket').locator('tbody tr')).toHaveCount(10);
  const names = await home.names('skyrocket');
  await home.link('skyrocket').click();
  await expect(page).toHaveURL(/\/hot\?list=skyrocket&period=hour$/);
  const hot = new HotPage(app);
  await expect(hot.button(hot.lists, '飙升榜')).toHaveAttribute('aria-pressed', 'true');
  await expect(hot.button(hot.periods, '小时榜')).toHaveAttribute('aria-pressed', 'true');
  const rows = hot.rows(hot.table('飙升榜（小时榜）'));
  for (const [i, name] of names.entries()) await expect(rows.nth(i)).toContainText(name);

  // The dragon-tiger card's figures are those of the page it opens.
  await page.goBack();
  await expect(home.view).toBeVisible();
  const figures = home.card('dragon-tiger');
  await expect(figures.getByTestId('home-dt-records')).not.toHaveText('');
  const records = await figures.getByTestId('home-dt-records').textContent();
  const totalNet = await figures.getByTestId('home-dt-total-net').textContent();
  await home.link('dragon-tiger').click();
  await expect(page).toHaveURL(/\/dragon-tiger$/);
  const dt = new DragonTigerPage(app);
  await dt.loaded();
  await expect(dt.dateButton).toHaveAccessibleName('交易日: 2026-07-14');
  await expect(dt.summary('records')).toHaveText(String(records));
  await expect(dt.summary('total-net')).toHaveText(String(totalNet));

  // The monitor card opens the monitor's current list.
  await page.goBack();
  await home.link('monitor').click();
  await expect(page).toHaveURL(/\/hot\?view=monitor$/);
  await expect(hot.button(hot.monitorState, '当前监控')).toHaveAttribute('aria-pressed', 'true');
});
