// @vitest-environment jsdom
// The leading "-" keeps the route generator from treating this file as a route.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../router';
import { pageOf } from '../features/search/instrument';
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

function serve() {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    if (url.pathname === '/bff/mode') {
      return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: 0 })));
    }
    const q = (url.searchParams.get('q') ?? '').toUpperCase();
    const item = [moutai, etf].filter((record) => record.thscode.includes(q));
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

  it("an ETF's code on the stock route goes to the ETF's page, or says what it is while there is none", async () => {
    serve();
    const { router } = renderAt('/stock/510300.SH');
    const own = pageOf('fund-etf');
    if (own !== undefined) {
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/stock/510300.SH'));
      // The redirect comes from the loader (the lookup runs beside the view's requests): the fund page's
      // match follows once it has loaded.
      await waitFor(() => expect(router.state.matches.at(-1)?.fullPath).toBe(own));
    } else {
      const notice = await screen.findByTestId('instrument-elsewhere');
      expect(within(notice).getByRole('alert').textContent).toBe('510300.SH（沪深300ETF）是ETF，不是股票。');
      expect(screen.queryByText(/不是有效的 A 股代码|未找到代码/)).toBeNull();
    }
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
