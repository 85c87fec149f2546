// @vitest-environment jsdom
// The leading "-" keeps the route generator from treating this file as a route.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAppAt } from '../app.testkit';
import { serveIntraday } from '../components/intraday/intraday.testkit';
import { tapeDay, tapeSeries } from '../components/intraday/model.testkit';
import { defaultChartView } from '../components/intraday/url-state';
import { parseStockSearch } from '../features/stock/url-state';
import { indexSearchSchema } from '../features/sectors/url-state';

/**
 * The intraday tab (分时) of the stock and index pages: the default during a session, candles outside
 * it; the chosen tab and span are in the URL, so a pasted link reopens the same view.
 */

const DAY = '2026-11-27';
const TRADING_DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', DAY];
const IN_SESSION = Date.parse('2026-11-27T10:30:00+08:00');
const AT_LUNCH = Date.parse('2026-11-27T12:00:00+08:00');
const AFTER_CLOSE = Date.parse('2026-11-27T16:00:00+08:00');
const SATURDAY = Date.parse('2026-11-28T10:30:00+08:00');

const record = (thscode: string, name: string, asset_type: string) => ({
  thscode,
  ticker: thscode.slice(0, 6),
  name,
  exchange: thscode.slice(-2),
  asset_type,
  currency: 'CNY',
  list_date: '2001-08-27',
  end_date: null,
  last_trade_date: null,
  last_delivery_date: null,
});
const RECORDS = [record('600519.SH', '贵州茅台', 'a-share'), record('000300.SH', '沪深300', 'a-share-index')];

function serve(serverNow: number) {
  return serveIntraday({
    serverNow,
    tradingDays: TRADING_DAYS,
    tape: (days) =>
      tapeSeries(days === 1 ? [tapeDay(DAY, 100, { count: 61 })] : TRADING_DAYS.map((d) => tapeDay(d, 100))),
    other: (path, url) => {
      if (path === '/api/meta/tickers/search') {
        const q = (url.searchParams.get('q') ?? '').toUpperCase();
        return { timestamp: 1, item: RECORDS.filter((r) => r.thscode.includes(q)) };
      }
      return undefined;
    },
  });
}

function tab(name: string) {
  return screen.getByRole('tab', { name: (text) => text === name });
}

async function selectedTab(): Promise<string> {
  return waitFor(
    () => {
      const selected = screen
        .getAllByRole('tab')
        .find((t) => t.getAttribute('aria-selected') === 'true' && /^(分时|K 线)$/.test(t.textContent ?? ''));
      if (!selected) throw new Error('no chart tab selected yet');
      return selected.textContent ?? '';
    },
    { timeout: 5000 },
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('defaultChartView', () => {
  it('is the intraday line from the opening auction to the close of a trading day, lunch included', () => {
    for (const phase of ['opening-auction', 'continuous', 'lunch-break', 'closing-auction'] as const) {
      expect(defaultChartView({ phase, isTradingDay: true })).toBe('intraday');
    }
    for (const phase of ['pre-open', 'closed'] as const) {
      expect(defaultChartView({ phase, isTradingDay: true })).toBe('daily');
    }
    expect(defaultChartView({ phase: 'non-trading-day', isTradingDay: false })).toBe('daily');
  });
});

describe('chart view URL state', () => {
  it('keeps a chosen view and span, and degrades a bad one to the defaults', () => {
    expect(parseStockSearch({ chart: 'intraday', days: 5 })).toMatchObject({ chart: 'intraday', days: 5 });
    expect(parseStockSearch({ chart: 'daily' })).toMatchObject({ chart: 'daily', days: 1 });
    expect(parseStockSearch({ chart: 'weekly', days: 7 })).toMatchObject({ chart: undefined, days: 1 });
    expect(parseStockSearch({ days: '5' })).toMatchObject({ days: 1 });
    const index = indexSearchSchema.parse({ chart: 'intraday', days: 5 });
    expect(index).toMatchObject({ chart: 'intraday', days: 5 });
    expect(indexSearchSchema.parse({ chart: 1, days: 0 })).toMatchObject({ chart: undefined, days: 1 });
  });
});

describe('the intraday tab', () => {
  it('is the default on the stock page during a session, and reads the tape', async () => {
    const { tapeRequests } = serve(IN_SESSION);
    renderAppAt('/stock/600519.SH');
    expect(await selectedTab()).toBe('分时');
    await waitFor(() => expect(screen.getByTestId('readout-time').textContent).toBe('10:30'));
    expect(tapeRequests[0]?.get('thscode')).toBe('600519.SH');
    expect(tapeRequests[0]?.get('days')).toBe('1');
  });

  it('stays the default over the lunch break', async () => {
    serve(AT_LUNCH);
    renderAppAt('/stock/600519.SH');
    expect(await selectedTab()).toBe('分时');
  });

  it('gives way to the candles after the close and on a day without trading', async () => {
    const { tapeRequests } = serve(AFTER_CLOSE);
    renderAppAt('/stock/600519.SH');
    expect(await selectedTab()).toBe('K 线');
    cleanup();
    serve(SATURDAY);
    renderAppAt('/index/000300.SH');
    expect(await selectedTab()).toBe('K 线');
    expect(tapeRequests).toEqual([]);
  });

  it('a link with the view chosen opens that view whatever the session', async () => {
    serve(IN_SESSION);
    renderAppAt('/stock/600519.SH?chart=daily');
    expect(await selectedTab()).toBe('K 线');
    cleanup();
    serve(AFTER_CLOSE);
    renderAppAt('/index/000300.SH?chart=intraday&days=5');
    expect(await selectedTab()).toBe('分时');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '五日' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('choosing a tab and a span writes them into the URL', async () => {
    serve(AFTER_CLOSE);
    const router = renderAppAt('/index/000300.SH');
    expect(await selectedTab()).toBe('K 线');
    fireEvent.click(tab('分时'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ chart: 'intraday' }));
    fireEvent.click(await screen.findByRole('button', { name: '五日' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ chart: 'intraday', days: 5 }));
    fireEvent.click(screen.getByRole('button', { name: '当日' }));
    // One day is the default: left out of the link.
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('days'));
    fireEvent.click(tab('K 线'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ chart: 'daily' }));
  });
});
