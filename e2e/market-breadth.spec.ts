import { z } from 'zod';
import { apiData } from './api';
import { expect, test } from './fixtures';

/**
 * The market home's index strip and breadth on the simulator pinned at 2026-07-15 10:10 Shanghai, from
 * a browser in New York.
 */

const INDICES = ['000001.SH', '399001.SZ', '399006.SZ', '000688.SH', '000300.SH', '000905.SH'];

test('the home shows six indices and breadth that counts every stock of one snapshot call', async ({
  app,
  page,
}) => {
  const snapshots: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/a-share/prices/snapshot') snapshots.push(url.search);
  });
  await app.open('/');
  const strip = page.getByTestId('home-indices');
  for (const code of INDICES) {
    const index = strip.getByTestId(`home-index-${code}`);
    await expect(index.getByTestId('home-index-last')).toHaveText(/^\d[\d,]*\.\d{2}$/);
    await expect(index.getByTestId('home-index-spark')).toBeVisible();
  }

  const breadth = page.getByTestId('home-breadth');
  const figure = async (id: string) =>
    Number(((await breadth.getByTestId(`home-breadth-${id}`).textContent()) ?? '').replace(/,/g, ''));
  await expect(breadth.getByTestId('home-breadth-advancers')).toHaveText(/^\d[\d,]*$/);
  const market = await apiData(
    page.request,
    '/api/a-share/prices/snapshot?limit=10000&offset=0',
    z.object({ total: z.number(), item: z.array(z.object({ thscode: z.string() })) }),
  );
  expect(market.item.length, 'the snapshot holds the whole market').toBe(market.total);
  const seen = [...snapshots];
  const sum = (await figure('advancers')) + (await figure('decliners')) + (await figure('unchanged'));
  expect(sum).toBe(market.item.length);
  expect(await figure('limitUp')).toBeGreaterThan(0);

  // The limit-up summary links to the review; the leading sectors are there.
  await expect(page.getByTestId('home-link-limit-up')).toHaveAttribute('href', '/limit-up');
  await expect(page.getByTestId('home-sectors')).toBeVisible();
  // One whole-market snapshot request served the breadth (the test's own call went through its context).
  expect(seen).toEqual(['?limit=10000&offset=0']);
});
