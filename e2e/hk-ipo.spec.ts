import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download } from '@playwright/test';
import { catalog } from '../src/contract/catalog';
import { rawEnvelopeSchema } from '../src/contract/envelope';
import { IPO_EVENT_TIMES, hongKongTimeMs } from '../src/contract/operations/hk-ipo';
import { eventUid } from '../src/contract/calendar-files';
import { parseCalendar } from '../server/hk-ipo/ics.testkit';
import { expect, test } from './fixtures';
import { HkIpoPage } from './pages/hk-ipo';

/**
 * The Hong Kong IPO calendar on the simulator pinned at 2026-07-15 10:10 (Shanghai and Hong Kong share
 * UTC+8), from a browser in New York. Expected issues come from the server's own answers.
 */

async function calendarList(request: APIRequestContext, status: 'subscribable' | 'awaiting_listing') {
  const res = await request.get(`/api/hk-share/ipo/calendar-list?status=${status}`);
  const envelope = rawEnvelopeSchema.parse(await res.json());
  return catalog['hk-share/ipo/calendar-list'].data.parse(envelope.data).item;
}

async function textOf(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

test('shows the open and the awaiting issues, and a link with an issue open survives a reload', async ({
  app,
  page,
  request,
}) => {
  const [open] = await calendarList(request, 'subscribable');
  const [awaiting] = await calendarList(request, 'awaiting_listing');
  if (!open || !awaiting)
    throw new Error('the simulator should have an open and an awaiting issue on this day');
  const view = new HkIpoPage(app);
  await view.open();

  const openRow = view.row(view.subscribable, open.name);
  await expect(openRow).toBeVisible();
  // The price as the service words it, the entry fee as returned, the deadline with its distance.
  await expect(openRow).toContainText(open.issue_price_text ?? '');
  await expect(openRow).toContainText('HK$10,721.04');
  await expect(openRow).toContainText(`${open.subscription_end_date ?? ''} 周五 · 2 天后`);
  const awaitingRow = view.row(view.awaiting, awaiting.name);
  await expect(awaitingRow).toContainText(awaiting.listing_date ?? '');
  await expect(awaitingRow).toContainText(awaiting.issue_price_text ?? '');

  await openRow.click();
  await expect(page).toHaveURL(new RegExp(`[?&]issue=${open.issue_code}`));
  await expect(view.detail.getByRole('heading', { name: open.name })).toBeVisible();
  await expect(view.detail).toContainText('600 股');
  await expect(view.detail).toContainText('HK$15.52 – HK$17.69');

  await page.reload();
  await expect(view.detail.getByRole('heading', { name: open.name })).toBeVisible();
  await expect(view.detail).toContainText('600 股');
  await expect(view.detail).toContainText('所在列表：可认购');

  // The month grid of the same link: deadline and listing as chips on their days.
  await view.layout.getByRole('button', { name: '月历' }).click();
  await expect(page).toHaveURL(/view=grid/);
  const deadlineDay = view.grid.locator(`td[data-date="${open.subscription_end_date ?? ''}"]`);
  await expect(deadlineDay.getByRole('button', { name: new RegExp(`截止\\s*${open.name}`) })).toBeVisible();
  const listingDay = view.grid.locator(`td[data-date="${awaiting.listing_date ?? ''}"]`);
  await listingDay.getByRole('button', { name: new RegExp(`上市\\s*${awaiting.name}`) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]issue=${awaiting.issue_code}`));
  await expect(view.detail.getByRole('heading', { name: awaiting.name })).toBeVisible();
});

test("one issue's calendar file parses with its two events at Hong Kong times, and the same UIDs every time", async ({
  app,
  page,
  request,
}) => {
  const [open] = await calendarList(request, 'subscribable');
  if (!open?.subscription_end_date || !open.listing_date)
    throw new Error('the open issue should have both dates');
  const view = new HkIpoPage(app);
  await view.open(`/hk-ipo?issue=${open.issue_code}`);
  const link = view.detail.getByRole('link', { name: '加入日历 (.ics)' });

  const first = await Promise.all([page.waitForEvent('download'), link.click()]).then(([d]) => d);
  expect(first.suggestedFilename()).toBe(`hk-ipo-${open.issue_code}.ics`);
  const calendar = parseCalendar(await textOf(first));
  expect(calendar.events).toHaveLength(2);
  const [deadline, listing] = calendar.events;
  expect(deadline?.uid).toBe(eventUid(open.issue_code, 'subscriptionEnd'));
  expect(listing?.uid).toBe(eventUid(open.issue_code, 'listing'));
  expect(deadline?.start).toBe(
    hongKongTimeMs(open.subscription_end_date, IPO_EVENT_TIMES.subscriptionEnd.start),
  );
  expect(deadline?.end).toBe(Date.parse(`${open.subscription_end_date}T12:00:00+08:00`));
  expect(listing?.start).toBe(Date.parse(`${open.listing_date}T09:00:00+08:00`));
  expect(deadline?.summary).toContain(open.name);
  // Written as Hong Kong wall-clock times under the zone's TZID, with its VTIMEZONE in the file.
  expect([deadline?.startZone, deadline?.endZone, listing?.startZone, listing?.endZone]).toEqual(
    Array.from({ length: 4 }, () => 'Asia/Hong_Kong'),
  );
  expect([deadline?.startLocal, deadline?.endLocal]).toEqual([
    `${open.subscription_end_date}T11:45:00`,
    `${open.subscription_end_date}T12:00:00`,
  ]);
  expect([listing?.startLocal, listing?.endLocal]).toEqual([
    `${open.listing_date}T09:00:00`,
    `${open.listing_date}T09:30:00`,
  ]);
  expect(calendar.timezones).toEqual([
    {
      tzid: 'Asia/Hong_Kong',
      standard: [{ start: '1979-10-21T03:30:00', offsetFrom: '+09:00', offsetTo: '+08:00', rule: null }],
      daylight: 0,
    },
  ]);

  const second = await Promise.all([page.waitForEvent('download'), link.click()]).then(([d]) => d);
  const again = parseCalendar(await textOf(second));
  expect(again.events.map((e) => e.uid)).toEqual(calendar.events.map((e) => e.uid));

  // The whole calendar's file holds the same events under the same UIDs.
  const whole = await Promise.all([
    page.waitForEvent('download'),
    view.view.getByTestId('hk-ipo-calendar-file').click(),
  ]).then(([d]) => d);
  const all = parseCalendar(await textOf(whole));
  expect(all.events.map((e) => e.uid)).toEqual(expect.arrayContaining(calendar.events.map((e) => e.uid)));
});
