// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';
import type { FlashItem } from './model';
import { flashAt } from './flash.testkit';
import { parseNewsSearch } from './url-state';

/** The server's clock: 2026-07-15 10:10 Shanghai. */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');

/** A flash `n` minutes before 10:00 (after it when negative). */
function flash(n: number, patch: Partial<FlashItem> = {}): FlashItem {
  return flashAt(-n, patch);
}

/** Three pages of the full feed, newest first; page 1 names a stock and carries an announcement. */
const FEED = Array.from({ length: 45 }, (_, n) =>
  n === 1
    ? flash(n, { title: '贵州茅台：拟回购股份', tags: [{ id: 5, name: '公司' }] })
    : n === 2
      ? flash(n, { title: '平安银行：关于分红的公告', type: 2 })
      : flash(n),
);
const PAGE = 20;

function serve(opts: { refresh?: FlashItem[]; feed?: FlashItem[] } = {}) {
  const feed = opts.feed ?? FEED;
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const q = (name: string) => url.searchParams.get(name) ?? '';
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
      case '/api/news/flash/list': {
        const cursor = q('seq');
        const from = cursor === '0' ? 0 : feed.findIndex((f) => f.seq === cursor) + 1;
        return Promise.resolve(envelope({ items: feed.slice(from, from + PAGE) }));
      }
      case '/api/news/notice/detail':
        return Promise.resolve(
          envelope({
            seq: q('seq'),
            guid: null,
            title: '平安银行：6月经营数据公告',
            report_period: null,
            summary: { notice_type: '经营数据', items: [{ title: '月度销售', content: '同比增长 12%' }] },
            monthly_report_interpretation: {
              notice_type: '月度经营数据',
              has_findings: true,
              findings: [
                {
                  title: '销售表现',
                  blocks: [
                    {
                      sub_title: '结构变化',
                      content_html:
                        '<p onclick="x()">占比提升<img src="https://t.example/p.png"></p><script>x()</script>',
                    },
                  ],
                },
              ],
              summary_html: '<p><strong>好于</strong>去年同期</p>',
            },
          }),
        );
      case '/api/news/flash/refresh':
        return Promise.resolve(envelope({ items: opts.refresh ?? [] }));
      case '/api/meta/tickers/list':
        return Promise.resolve(
          envelope({
            timestamp: NOW,
            item: [
              {
                thscode: '600519.SH',
                ticker: '600519',
                name: '贵州茅台',
                exchange: 'SH',
                asset_type: 'a-share',
                currency: 'CNY',
              },
              {
                thscode: '000001.SZ',
                ticker: '000001',
                name: '平安银行',
                exchange: 'SZ',
                asset_type: 'a-share',
                currency: 'CNY',
              },
            ],
          }),
        );
      default:
        return Promise.resolve(envelope(null, 3002, 'not in this test'));
    }
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function calls(fetch: ReturnType<typeof serve>, path: string): URL[] {
  return fetch.mock.calls.map(([input]) => requestOf(input)).filter((url) => url.pathname === path);
}

function shownIds(): string[] {
  return [...screen.getByTestId('flash-list').querySelectorAll('[data-flash-id]')].map(
    (e) => e.getAttribute('data-flash-id') ?? '',
  );
}

// The first render loads and transforms the route's lazy chunk: on a busy machine that alone can take
// longer than Testing Library's default second. A bound, not a pause: each wait ends when it is met.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('news flash page', () => {
  it('shows the first screen in Shanghai time and loads earlier pages with the returned cursor', async () => {
    const fetch = serve();
    renderAppAt('/news');
    await waitFor(() => expect(shownIds()).toHaveLength(PAGE));
    const first = screen.getByTestId('flash-list').querySelector('[data-flash-id] time');
    expect(first?.textContent).toBe('10:00');
    fireEvent.click(screen.getByTestId('news-more'));
    await waitFor(() => expect(shownIds()).toHaveLength(2 * PAGE));
    fireEvent.click(screen.getByTestId('news-more'));
    await waitFor(() => expect(shownIds()).toHaveLength(FEED.length));
    fireEvent.click(screen.getByTestId('news-more'));
    expect(await screen.findByText('没有更早的快讯了')).toBeTruthy();
    expect(calls(fetch, '/api/news/flash/list').map((u) => u.searchParams.get('seq'))).toEqual([
      '0',
      FEED[PAGE - 1]?.seq,
      FEED[2 * PAGE - 1]?.seq,
      FEED.at(-1)?.seq,
    ]);
    expect(new Set(shownIds()).size).toBe(FEED.length);
  });

  it('merges refreshed items without repeats, marks the new ones until read, and asks from the latest known', async () => {
    const fresh = flash(-3, { title: '新的快讯' });
    // The refresh repeats itself and sends an edit of an item already shown.
    const edited = flash(0, { title: '快讯 0（更正）', update_time_ms: flash(0).update_time_ms + 60_000 });
    const fetch = serve({ refresh: [fresh, { ...fresh }, edited] });
    renderAppAt('/news');
    await waitFor(() => expect(shownIds()).toHaveLength(PAGE));
    fireEvent.click(screen.getByRole('button', { name: '立即刷新' }));

    await waitFor(() => expect(shownIds()).toHaveLength(PAGE + 1));
    expect(shownIds()[0]).toBe(fresh.id);
    expect(new Set(shownIds()).size).toBe(PAGE + 1);
    const list = screen.getByTestId('flash-list');
    expect(within(list).getByText('快讯 0（更正）')).toBeTruthy();
    expect(within(list).queryByText('快讯 0')).toBeNull();
    const item = list.querySelector(`[data-flash-id="${fresh.id}"]`);
    if (!(item instanceof HTMLElement)) throw new Error('no new item');
    expect(item.dataset['unread']).toBe('true');
    expect(item.textContent).toContain('新');
    expect(screen.getByTestId('news-unread').textContent).toContain('1 条新快讯');
    // Only the really new one is marked: the edited repeat is not news.
    expect(list.querySelectorAll('[data-unread="true"]')).toHaveLength(1);

    const [request] = calls(fetch, '/api/news/flash/refresh');
    expect(request?.searchParams.get('seq')).toBe(FEED[0]?.seq);
    expect(request?.searchParams.get('create_time_ms')).toBe(String(FEED[0]?.create_time_ms));
    expect(Number(request?.searchParams.get('tag_id'))).toBe(0);

    fireEvent.click(item);
    await waitFor(() => expect(item.dataset['unread']).toBeUndefined());
    expect(screen.queryByTestId('news-unread')).toBeNull();
  });

  it('links the stocks an item names and an announcement to its reader', async () => {
    serve();
    renderAppAt('/news');
    const list = await screen.findByTestId('flash-list');
    const maotai = await within(list).findByRole('link', { name: '贵州茅台' });
    expect(maotai.getAttribute('href')).toBe('/stock/600519.SH');
    const reader = within(list).getByRole('link', { name: '公告解读 →' });
    expect(reader.getAttribute('href')).toBe(`/news/notice/${FEED[2]?.seq ?? ''}`);
    expect(within(list).getByRole('link', { name: '平安银行' }).getAttribute('href')).toBe(
      '/stock/000001.SZ',
    );
  });

  it('lists one column by its tag id, and says when it is empty', async () => {
    const fetch = serve({ feed: [] });
    const router = renderAppAt('/news?tag=5');
    expect(await screen.findByText('这个栏目暂时没有快讯')).toBeTruthy();
    expect(calls(fetch, '/api/news/flash/list').map((u) => u.searchParams.get('tag_id'))).toEqual(['5']);
    expect(screen.getByRole('link', { name: '公司' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: '宏观' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tag: 2 }));
  });

  it('keeps a link with an unknown column on the full feed', () => {
    expect(parseNewsSearch({ tag: 99 })).toEqual({ tag: 0 });
    expect(parseNewsSearch({ tag: 'macro' })).toEqual({ tag: 0 });
    expect(parseNewsSearch({ tag: 4 })).toEqual({ tag: 4 });
  });

  it('reads an announcement: its points and findings, the service HTML sanitised', async () => {
    serve();
    renderAppAt(`/news/notice/${FEED[2]?.seq ?? ''}`);
    const reader = await screen.findByTestId('notice-view');
    expect(
      await within(reader).findByRole('heading', { level: 1, name: '平安银行：6月经营数据公告' }),
    ).toBeTruthy();
    expect(reader.textContent).toContain('同比增长 12%');
    const article = reader.querySelector('article');
    if (!article) throw new Error('no article');
    expect(article.textContent).toContain('占比提升');
    expect(within(article).getByText('好于').tagName).toBe('STRONG');
    expect(article.querySelector('script, img, [onclick]')).toBeNull();
    // The recent announcements beside it, from the full feed.
    // (The feed is a query of its own: it may answer after the announcement.)
    const recent = await within(reader).findByRole('link', { name: '平安银行：关于分红的公告' });
    expect(recent.getAttribute('aria-current')).toBe('page');
  });
});
