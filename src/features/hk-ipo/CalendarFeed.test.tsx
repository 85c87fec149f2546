// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';
import { AWAITING_ISSUE, OPEN_ISSUE } from '../../contract/operations/hk-ipo.testkit';
import { FEED_URL_PATH } from '../../contract/calendar-files';
import { CSRF_HEADER, SESSION_PATH, type Session } from '../../contract/session';

/**
 * "Subscribe in calendar app" on the Hong Kong IPO page: with sign-in, the user's secret address
 * (shown, made anew after a confirmation, revoked, with its loading, empty and error states); without
 * sign-in, the plain file's address as before.
 */

const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const CSRF = 'csrf-of-ann';
const SIGNED_IN: Session = {
  mode: 'proxy',
  user: { id: 'ann', name: 'ann', admin: false },
  csrf: CSRF,
  login: null,
};
const LOCAL: Session = {
  mode: 'none',
  user: { id: 'local', name: 'local', admin: true },
  csrf: null,
  login: null,
};

configure({ asyncUtilTimeout: 10_000 });

interface FeedServer {
  /** Each feed-url request: method and whether it carried the session's CSRF token. */
  requests: { method: string; csrf: boolean }[];
}

/**
 * A fake BFF: the session, the calendar, and a feed-url that keeps one address the way the server does
 * (POST makes a new token, DELETE removes it); `failRead` makes reading it fail.
 */
function serve(session: Session, opts: { failRead?: boolean } = {}): FeedServer {
  const server: FeedServer = { requests: [] };
  let token: string | null = null;
  let made = 0;
  const json = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  const answer = () =>
    token === null
      ? { feed: null }
      : {
          feed: {
            path: `/bff/hk-ipo/feed/${token}/calendar.ics`,
            url: `http://server.example/bff/hk-ipo/feed/${token}/calendar.ics`,
            created_at: NOW,
          },
        };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown, init?: RequestInit) => {
      const url = requestOf(input);
      switch (url.pathname) {
        case SESSION_PATH:
          return json(session);
        case '/bff/mode':
          return json({ mode: 'simulated', version: '0', now: NOW });
        case '/api/hk-share/ipo/calendar-list':
          return Promise.resolve(
            envelope({
              status: url.searchParams.get('status'),
              item: url.searchParams.get('status') === 'subscribable' ? [OPEN_ISSUE] : [AWAITING_ISSUE],
            }),
          );
        case FEED_URL_PATH: {
          const method = init?.method ?? 'GET';
          const headers = new Headers(init?.headers);
          server.requests.push({ method, csrf: headers.get(CSRF_HEADER) === CSRF });
          if (method === 'GET') {
            return opts.failRead ? json({ statusCode: 503, message: 'store down' }, 503) : json(answer());
          }
          if (method === 'POST') {
            made += 1;
            token = `${String(made).repeat(43)}`.slice(0, 43);
            return json(answer(), 201);
          }
          token = null;
          return Promise.resolve(new Response(null, { status: 204 }));
        }
        default:
          return Promise.resolve(envelope(null, 3002, 'not in this test'));
      }
    }),
  );
  return server;
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openFeed(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: '订阅到日历' }));
  return screen.findByTestId('hk-ipo-feed');
}

describe('subscribing in a calendar app, signed in', () => {
  it('starts empty, makes an address on request, and shows it for the status on screen', async () => {
    const server = serve(SIGNED_IN);
    renderAppAt('/hk-ipo?status=awaiting_listing');
    // The plain address would need a sign-in a calendar app cannot give: not offered.
    const toggle = await screen.findByRole('button', { name: '订阅到日历' });
    expect(screen.queryByRole('button', { name: /复制订阅地址/ })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    const section = await openFeed();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await within(section).findByText('你还没有订阅地址。')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: '生成订阅地址' }));

    const field = await within(section).findByTestId('hk-ipo-feed-url');
    expect(field).toHaveProperty(
      'value',
      `${window.location.origin}/bff/hk-ipo/feed/${'1'.repeat(43)}/calendar.ics?status=awaiting_listing`,
    );
    expect(server.requests).toEqual([
      { method: 'GET', csrf: false },
      { method: 'POST', csrf: true },
    ]);
    expect(within(section).getByRole('link', { name: '在日历应用中打开' }).getAttribute('href')).toBe(
      `webcal://${window.location.host}/bff/hk-ipo/feed/${'1'.repeat(43)}/calendar.ics?status=awaiting_listing`,
    );
  });

  it('a new link only after a confirmation saying the old one stops; cancel changes nothing', async () => {
    const server = serve(SIGNED_IN);
    renderAppAt('/hk-ipo');
    const section = await openFeed();
    fireEvent.click(await within(section).findByRole('button', { name: '生成订阅地址' }));
    const first = (await within(section).findByTestId('hk-ipo-feed-url')).getAttribute('value');

    fireEvent.click(within(section).getByRole('button', { name: '生成新链接' }));
    const question = within(section).getByRole('alertdialog');
    expect(question.textContent).toContain('旧链接立即失效');
    fireEvent.click(within(question).getByRole('button', { name: '取消' }));
    expect(within(section).queryByRole('alertdialog')).toBeNull();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    fireEvent.click(within(section).getByRole('button', { name: '生成新链接' }));
    fireEvent.click(within(section).getByRole('button', { name: '确认生成' }));
    await waitFor(() =>
      expect(within(section).getByTestId('hk-ipo-feed-url').getAttribute('value')).not.toBe(first),
    );
    expect(within(section).getByTestId('hk-ipo-feed-url').getAttribute('value')).toContain('2'.repeat(43));
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', csrf: true },
      { method: 'POST', csrf: true },
    ]);
  });

  it('revokes after a confirmation, back to the empty state', async () => {
    const server = serve(SIGNED_IN);
    renderAppAt('/hk-ipo');
    const section = await openFeed();
    fireEvent.click(await within(section).findByRole('button', { name: '生成订阅地址' }));
    await within(section).findByTestId('hk-ipo-feed-url');
    fireEvent.click(within(section).getByRole('button', { name: '撤销' }));
    expect(within(section).getByRole('alertdialog').textContent).toContain('此链接立即失效');
    fireEvent.click(within(section).getByRole('button', { name: '确认撤销' }));
    expect(await within(section).findByText('你还没有订阅地址。')).toBeTruthy();
    expect(within(section).queryByTestId('hk-ipo-feed-url')).toBeNull();
    expect(server.requests.at(-1)).toEqual({ method: 'DELETE', csrf: true });
  });

  it('says so when the address cannot be read, offering no link', async () => {
    serve(SIGNED_IN, { failRead: true });
    renderAppAt('/hk-ipo');
    const section = await openFeed();
    expect((await within(section).findByRole('alert')).textContent).toContain('无法读取订阅地址');
    expect(within(section).queryByTestId('hk-ipo-feed-url')).toBeNull();
    expect(within(section).queryByRole('button', { name: '生成订阅地址' })).toBeNull();
  });
});

describe('without sign-in', () => {
  it('offers the plain file address as before and never asks for a secret one', async () => {
    const server = serve(LOCAL);
    renderAppAt('/hk-ipo');
    await screen.findByRole('table', { name: '可认购' });
    expect(await screen.findByRole('link', { name: '订阅日历' })).toHaveProperty(
      'href',
      `webcal://${window.location.host}/bff/hk-ipo/calendar.ics`,
    );
    expect(screen.getByRole('button', { name: /复制订阅地址/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '订阅到日历' })).toBeNull();
    expect(server.requests).toEqual([]);
  });
});
