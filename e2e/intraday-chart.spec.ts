import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { intradaySeriesSchema, type IntradaySeries } from '../src/contract/market-data';
import { WHOLE_MARKET_PAGE } from '../src/contract/operations/a-share-prices-terms';
import { TEST_CLOCK_PATH } from '../server/test-clock';
import { apiData } from './api';
import { expect, test } from './fixtures';

/**
 * The intraday chart (分时) against the suite's server: the simulator pinned at 2026-07-15 10:10 Shanghai,
 * a session, so the tab is the default; the minute tape (MARKET_DATA on) records the simulator's whole
 * market once a minute. The server clock is moved through the morning (SIM_CLOCK_CONTROL) and the chart
 * must hold one point per recorded minute on the session's 241 slots (lunch collapsed), its last point
 * being the snapshot's price, with the note of when recording started.
 *
 * Needs the server side of issue 28 (GET /bff/market-data/intraday and the recorder).
 */

const STOCK = '600519.SH';
const INDEX = '000300.SH';

const snapshot = z.object({ item: z.array(z.object({ thscode: z.string(), last_price: z.number() })) });

async function tape(request: APIRequestContext, code: string, days = 1): Promise<IntradaySeries> {
  const res = await request.get(`/bff/market-data/intraday?thscode=${code}&days=${days}`);
  expect(res.status(), 'the intraday route answers').toBe(200);
  return intradaySeriesSchema.parse(await res.json());
}

async function setServerClock(request: APIRequestContext, offsetMs: number): Promise<void> {
  const res = await request.put(TEST_CLOCK_PATH, { data: { offset_ms: offsetMs } });
  expect(res.status(), 'the e2e server runs with SIM_CLOCK_CONTROL=on').toBe(200);
}

/** Waits until the tape holds a minute at or after `minuteMs`. */
async function recordedUntil(request: APIRequestContext, code: string, minuteMs: number) {
  await expect
    .poll(async () => (await tape(request, code)).days.at(-1)?.points.at(-1)?.t ?? 0, {
      timeout: 150_000,
      intervals: [1_000, 2_000, 5_000],
    })
    .toBeGreaterThanOrEqual(minuteMs);
  return tape(request, code);
}

function minuteText(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(11, 16);
}

test('the intraday tab is the default in a session and draws the tape minute by minute', async ({
  app,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const first = await recordedUntil(request, STOCK, Date.parse('2026-07-15T10:10:00+08:00'));
  await app.open(`/stock/${STOCK}`);
  await expect(page.getByRole('tab', { name: '分时', exact: true })).toHaveAttribute('aria-selected', 'true');
  const chart = page.getByTestId('intraday-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toHaveAttribute('data-complete', 'true');
  // The session's 241 slots, whatever has been recorded: the lunch break takes none.
  await expect(chart).toHaveAttribute('data-slots', '241');
  const today = first.days.at(-1);
  await expect(chart).toHaveAttribute('data-minutes', String(today?.points.length ?? -1));
  await expect(chart).toHaveAttribute('data-base', String(today?.prev_close ?? ''));
  // Recording began when the server started, after the open: the chart says so.
  if (today?.recording_started_at != null) {
    await expect(page.getByTestId('intraday-started')).toHaveText(
      `记录开始于 ${minuteText(today.recording_started_at)}`,
    );
  }

  // Five minutes pass on the server; the recorder records them; the page shows them after its refresh.
  await setServerClock(request, 5 * 60_000);
  try {
    const later = await recordedUntil(request, STOCK, Date.parse('2026-07-15T10:15:00+08:00'));
    const day = later.days.at(-1);
    const last = day?.points.at(-1);
    expect(last).toBeDefined();
    // The whole-market table the recorder read this minute (a one-code snapshot may be an answer kept
    // from before the clock moved, served while it is refreshed).
    const market = await apiData(
      request,
      `/api/a-share/prices/snapshot?limit=${WHOLE_MARKET_PAGE}&offset=0`,
      snapshot,
    );
    const quote = market.item.find((item) => item.thscode === STOCK);
    expect(last?.price, 'the last point is the snapshot').toBe(quote?.last_price);
    // One point per recorded minute, no two alike, none in the lunch break.
    const times = (day?.points ?? []).map((p) => p.t);
    expect(new Set(times).size).toBe(times.length);

    await page.reload();
    await expect(chart).toHaveAttribute('data-complete', 'true');
    await expect(chart).toHaveAttribute('data-minutes', String(times.length));
    await expect(chart).toHaveAttribute('data-last', `${last?.t}:${last?.price}`);
    await expect(page.getByTestId('readout-time')).toHaveText(minuteText(last?.t ?? 0));

    // The keyboard walks back through the minutes; Escape returns to the latest.
    await chart.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('readout-time')).toHaveText(minuteText(times.at(-2) ?? 0));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('readout-time')).toHaveText(minuteText(last?.t ?? 0));
  } finally {
    await setServerClock(request, 0);
  }
});

test('the view and the span are in the link', async ({ app, page, request }) => {
  await recordedUntil(request, INDEX, Date.parse('2026-07-15T10:10:00+08:00'));
  await app.open(`/index/${INDEX}`);
  await expect(page.getByRole('tab', { name: '分时', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('intraday-span').getByRole('button', { name: '五日' }).click();
  await expect(page).toHaveURL(/[?&]days=5/);
  await expect(page.getByTestId('intraday-chart')).toHaveAttribute('data-view', '5');
  const five = await tape(request, INDEX, 5);
  await expect(page.getByTestId('intraday-chart')).toHaveAttribute('data-days', String(five.days.length));

  await page.getByRole('tab', { name: 'K 线', exact: true }).click();
  await expect(page).toHaveURL(/[?&]chart=daily/);
  await expect(page.getByTestId('index-chart').locator('canvas').first()).toBeVisible();
  // A pasted link reopens the same view.
  await app.open(new URL(page.url()).pathname + new URL(page.url()).search);
  await expect(page.getByRole('tab', { name: 'K 线', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '分时', exact: true }).click();
  await expect(page.getByTestId('intraday-chart')).toHaveAttribute('data-view', '5');
});

test('a tape with no minutes yet says so over the chart, on top of its canvases', async ({ app, page }) => {
  // The answer of a server that has just started recording: no minute yet.
  await page.route('**/bff/market-data/intraday?**', (route) =>
    route.fulfill({
      json: intradaySeriesSchema.parse({
        thscode: STOCK,
        days: [],
        tape: {
          state: 'recording',
          date: null,
          minutes: 0,
          first_minute: null,
          last_minute: null,
          calls_last_minute: 0,
        },
      }),
    }),
  );
  await app.open(`/stock/${STOCK}`);
  const empty = page.getByTestId('intraday-panel').getByRole('status');
  await expect(empty).toHaveText(/还没有分时记录/);
  await expect(page.getByTestId('intraday-chart')).toHaveAttribute('data-minutes', '0');
  // Visible to the reader, not only in the DOM: the topmost element at the message's centre is the
  // message (the chart's canvases once painted over it).
  const onTop = await empty.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(onTop).toBe(true);
});
