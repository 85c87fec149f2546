// @vitest-environment jsdom
// The leading "-" keeps the route generator from treating this file as a route.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../router';
import { envelope, renderWithProviders, requestOf } from '../lib/testing.testkit';
import { QueryClient } from '@tanstack/react-query';

const moutai = {
  thscode: '600519.SH',
  ticker: '600519',
  name: '贵州茅台',
  exchange: 'SH',
  asset_type: 'a-share',
  currency: 'CNY',
  list_date: '2001-08-27',
  end_date: null,
  last_trade_date: null,
  last_delivery_date: null,
};

const etf = {
  ...moutai,
  thscode: '510300.SH',
  ticker: '510300',
  name: '沪深300ETF',
  asset_type: 'fund-etf',
};

const otcFund = {
  ...moutai,
  thscode: '005827.OF',
  ticker: '005827',
  name: '中欧医疗健康混合A',
  exchange: null,
  asset_type: 'fund-otc',
};
const futures = {
  ...moutai,
  thscode: 'IF2609.CFX',
  ticker: 'IF2609',
  name: '沪深300股指2609',
  exchange: 'CFX',
  asset_type: 'futures',
};
const option = {
  ...moutai,
  thscode: 'IO2609-C-3800.CFX',
  ticker: 'IO2609-C-3800',
  name: '沪深300股指2609购3800',
  exchange: 'CFX',
  asset_type: 'options',
};
const index = {
  ...moutai,
  thscode: '000300.SH',
  ticker: '000300',
  name: '沪深300',
  asset_type: 'a-share-index',
};
const RECORDS = [moutai, etf, otcFund, futures, option, index];

function serve() {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    if (url.pathname === '/bff/mode') {
      return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: 0 })));
    }
    const q = (url.searchParams.get('q') ?? '').toUpperCase();
    const item = RECORDS.filter((record) => record.thscode.includes(q));
    return Promise.resolve(envelope({ timestamp: 1, item }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(new QueryClient(), history);
  renderWithProviders(<RouterProvider router={router} />);
  return { router, history };
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('the stock link names the instrument and opens its view', async () => {
    serve();
    renderAt('/stock/600519.SH');
    expect(
      await screen.findByRole('heading', { level: 1, name: '贵州茅台' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('tablist', { name: '股票资料' })).toBeTruthy();
    expect(screen.getByText('模拟数据 · Simulated data')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('贵州茅台 600519.SH · 行情看板'));
  });

  it('a malformed code is refused without asking the service', async () => {
    const fetch = serve();
    renderAt('/stock/600519');
    expect(await screen.findByText('不是有效的 A 股代码：600519')).toBeTruthy();
    // The shell's own calendar call (market session) is not about the instrument.
    const paths = fetch.mock.calls.map(([input]) => requestOf(input).pathname);
    expect(paths.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/a-share/calendar/'))).toEqual([]);
  });

  it('a well-formed code the search does not know says so', async () => {
    serve();
    renderAt('/stock/600000.SH');
    expect(await screen.findByText('未找到代码为 600000.SH 的 A 股')).toBeTruthy();
  });

  // Every instrument page sends a code of another kind to that kind's own page, in each direction.
  it.each([
    ['/stock/510300.SH', '/fund/$thscode', '/fund/510300.SH'],
    ['/stock/000300.SH', '/index/$thscode', '/index/000300.SH'],
    ['/fund/600519.SH', '/stock/$thscode', '/stock/600519.SH'],
    ['/fund/IF2609.CFX', '/futures/$thscode', '/futures/IF2609.CFX'],
    ['/fund/000300.SH', '/index/$thscode', '/index/000300.SH'],
    ['/futures/005827.OF', '/fund/$thscode', '/fund/005827.OF'],
    ['/futures/IO2609-C-3800.CFX', '/options/$thscode', '/options/IO2609-C-3800.CFX'],
    ['/options/IF2609.CFX', '/futures/$thscode', '/futures/IF2609.CFX'],
    ['/options/600519.SH', '/stock/$thscode', '/stock/600519.SH'],
    ['/index/600519.SH', '/stock/$thscode', '/stock/600519.SH'],
    ['/index/510300.SH', '/fund/$thscode', '/fund/510300.SH'],
    ['/sectors/IF2609.CFX', '/futures/$thscode', '/futures/IF2609.CFX'],
  ])('%s lands on %s', async (from, route, to) => {
    serve();
    const { router } = renderAt(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to), { timeout: 10_000 });
    // The redirect comes from the loader (the lookup runs beside the view's requests): the target's
    // match follows once it has loaded. It replaced the wrong address: "back" does not return to it.
    await waitFor(() => expect(router.state.matches.at(-1)?.fullPath).toBe(route), { timeout: 10_000 });
    expect(router.history.length).toBe(1);
  });

  it('a code on its own page stays there', async () => {
    serve();
    const { router } = renderAt('/fund/510300.SH');
    await waitFor(() => expect(router.state.matches.at(-1)?.fullPath).toBe('/fund/$thscode'));
    await waitFor(() => expect(router.state.status).toBe('idle'));
    expect(router.state.location.pathname).toBe('/fund/510300.SH');
  });

  it('Enter in the top-bar search opens the stock page', async () => {
    serve();
    const { router } = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: '市场概览' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    const box = banner.querySelector('input[role="combobox"]');
    if (!(box instanceof HTMLInputElement)) throw new Error('no search box in the top bar');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '600519' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/600519.SH'));
    expect(await screen.findByRole('heading', { level: 1, name: '贵州茅台' })).toBeTruthy();
  });

  it('an unknown path shows "page not found" inside the shell', async () => {
    serve();
    renderAt('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });
});
