// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../router';
import { NAV_ITEMS } from './AppShell';
import { applyStoredAppearance } from '../lib/preferences';
import { envelope, renderWithProviders, requestOf } from '../lib/testing.testkit';

const sh = (date: string, time: string) => Date.parse(`${date}T${time}+08:00`);

/** A BFF whose clock is pinned at `serverNow`; the calendar and the search carry data times. */
function serve(serverNow: string, opts: { calendarTime?: number; tradingDays?: string[] } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown) => {
      const url = requestOf(input);
      if (url.pathname === '/bff/mode') {
        return Promise.resolve(
          new Response(JSON.stringify({ mode: 'simulated', version: '0', now: serverNow })),
        );
      }
      if (url.pathname === '/api/a-share/calendar/trading-days') {
        const item = (opts.tradingDays ?? ['20260714', '20260715']).map((date) => ({ date, date_ms: 0 }));
        return Promise.resolve(envelope({ timestamp: opts.calendarTime ?? 0, item }));
      }
      return Promise.resolve(envelope({ timestamp: sh('2026-07-14', '15:00:00'), item: [] }));
    }),
  );
}

function renderShell() {
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const router = createAppRouter(new QueryClient(), history);
  return renderWithProviders(<RouterProvider router={router} />);
}

/** The router renders asynchronously: wait for the top bar before looking inside it. */
async function banner() {
  return within(await screen.findByRole('banner'));
}

let stopAppearance: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  stopAppearance = applyStoredAppearance();
});

afterEach(() => {
  stopAppearance();
  cleanup();
  vi.unstubAllGlobals();
});

describe('app shell', () => {
  it("shows the session phase on the server's pinned clock, not the browser's", async () => {
    serve('2026-07-15T10:10:00+08:00');
    renderShell();
    const session = await (await banner()).findByText('连续竞价');
    expect(session.closest('[data-phase]')?.getAttribute('data-phase')).toBe('continuous');
    expect(session.closest('[title]')?.getAttribute('title')).toContain('2026-07-15 11:30');
  });

  it('says non-trading day on a date missing from the calendar', async () => {
    serve('2026-07-18T10:10:00+08:00', { tradingDays: ['20260717'] });
    renderShell();
    expect(await (await banner()).findByText('休市日')).toBeTruthy();
  });

  it('shows the newest quote time of the data on screen, not the load time of reference data', async () => {
    // The calendar (end-of-day data) was loaded at 10:09:58; the lists on the home page are of 15:00.
    serve('2026-07-15T10:10:00+08:00', { calendarTime: sh('2026-07-15', '10:09:58') });
    renderShell();
    const time = (await banner()).getByTestId('data-time');
    await waitFor(() => expect(time.textContent).toContain('2026-07-14 15:00:00'));
    expect(time.textContent).not.toContain('10:09:58');
  });

  it('reaches every section and the settings from the menu, which Esc closes', async () => {
    serve('2026-07-15T10:10:00+08:00');
    renderShell();
    const bar = await banner();
    const button = bar.getByRole('button', { name: '菜单' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('the menu button controls nothing');
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(NAV_ITEMS.map((item) => item.to));
    expect(within(menu).getByRole('group', { name: '设置' })).toBeTruthy();
    fireEvent.keyDown(within(menu).getByRole('link', { name: '自选' }), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('names the tab after the section', async () => {
    serve('2026-07-15T10:10:00+08:00');
    const history = createMemoryHistory({ initialEntries: ['/dragon-tiger'] });
    renderWithProviders(<RouterProvider router={createAppRouter(new QueryClient(), history)} />);
    await waitFor(() => expect(document.title).toBe('龙虎榜 · 行情看板'));
  });

  it('links home and switches the labels to English', async () => {
    serve('2026-07-15T10:10:00+08:00');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/');
    fireEvent.click((await banner()).getByRole('button', { name: 'EN' }));
    expect(await (await banner()).findByText('Continuous trading')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    fireEvent.click((await banner()).getByRole('button', { name: '中' }));
  });

  it('switches the colour convention on <html> and remembers it', async () => {
    serve('2026-07-15T10:10:00+08:00');
    renderShell();
    const group = await (await banner()).findByRole('group', { name: '涨跌颜色' });
    const redUp = within(group).getByRole('button', { name: '红涨绿跌' });
    const greenUp = within(group).getByRole('button', { name: '绿涨红跌' });
    expect(document.documentElement.dataset['colors']).toBe('red-up');
    expect(redUp.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(greenUp);
    expect(document.documentElement.dataset['colors']).toBe('green-up');
    expect(greenUp.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('md.colors')).toBe('green-up');
    fireEvent.click(redUp);
    expect(document.documentElement.dataset['colors']).toBe('red-up');
  });
});
