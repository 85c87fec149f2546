// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';

/** The market home over a fake BFF pinned at 2026-07-15 10:10 Shanghai (continuous trading). */

const NOW = '2026-07-15T10:10:00+08:00';

function ranking(prefix: string, period: string) {
  return {
    timestamp: Date.parse(NOW),
    item: Array.from({ length: 30 }, (_, i) => ({
      thscode: `${prefix}${String(i).padStart(3, '0')}.SZ`,
      ticker: `${prefix}${String(i).padStart(3, '0')}`,
      name: `${period === 'hour' ? '时' : '日'}${prefix}${i + 1}`,
      rank: i + 1,
      heat: i === 0 ? '1.4874021E7' : String(1_000_000 - i),
      rank_change: i === 1 ? 3 : i === 2 ? -2 : i === 3 ? null : 0,
      rank_trend: 'flat',
    })),
  };
}

const dragonTiger = {
  timestamp: 0,
  board_type: 'all',
  trade_date: '2026-07-14',
  count: 3,
  stock_count: 2,
  stock_items: [
    {
      thscode: '600754.SH',
      ticker: '600754',
      name: '皖达新能',
      net_value: 200_000_000,
      range_days: 1,
      org_net_value: -30_000_000,
    },
    { thscode: '000651.SZ', ticker: '000651', name: '格力电器', net_value: -50_000_000, range_days: 1 },
    { thscode: '600754.SH', ticker: '600754', name: '皖达新能', net_value: 900_000_000, range_days: 3 },
  ],
  hot_money_items: [],
};

const monitor = {
  item: [
    {
      thscode: '002680.SZ',
      name: '苏合传媒',
      start_date_ms: Date.parse('2026-07-15T00:00:00+08:00'),
      end_date_ms: null,
      monitor_type: 1,
      monitor_label: '严重异常波动',
    },
    {
      thscode: null,
      name: '',
      start_date_ms: Date.parse('2026-07-14T00:00:00+08:00'),
      end_date_ms: null,
      monitor_type: 6,
      monitor_label: '重点监控',
    },
  ],
  pagination: { page: 1, size: 30, total: 2, has_next: false },
};

function serve() {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const period = url.searchParams.get('period') ?? 'day';
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
      case '/api/a-share/calendar/trading-days':
        return Promise.resolve(
          envelope({
            timestamp: 0,
            item: [
              { date: '20260714', date_ms: 0 },
              { date: '20260715', date_ms: 0 },
            ],
          }),
        );
      case '/api/a-share/special-data/hot-stock-list':
        return Promise.resolve(envelope(ranking('300', period)));
      case '/api/a-share/special-data/skyrocket-list':
        return Promise.resolve(envelope(ranking('002', period)));
      case '/api/a-share/special-data/dragon-tiger-list':
        return Promise.resolve(envelope(dragonTiger));
      case '/api/a-share/special-data/abnormal-monitor-list':
        return Promise.resolve(envelope(monitor));
      default:
        return Promise.resolve(envelope({ timestamp: 0, item: [] }));
    }
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function card(testId: string) {
  return within(screen.getByTestId(testId));
}

function href(testId: string): string | null {
  return screen.getByTestId(testId).getAttribute('href');
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('market home', () => {
  it('shows the session, the top ten of both lists, the latest dragon-tiger day and the monitor', async () => {
    serve();
    renderAppAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: '市场概览' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect((await screen.findByTestId('home-session-phase')).textContent).toBe('连续竞价');

    await waitFor(() => expect(card('home-hot').getAllByRole('row')).toHaveLength(11));
    const hotRows = card('home-hot').getAllByRole('row').slice(1);
    expect(hotRows[0]?.textContent).toContain('日3001');
    // Heat in Java float notation is still a number.
    expect(hotRows[0]?.textContent).toContain('1,487.4万');
    expect(within(hotRows[1] ?? document.body).getByLabelText('上升 3 位')).toBeTruthy();
    expect(within(hotRows[2] ?? document.body).getByLabelText('下降 2 位')).toBeTruthy();
    expect(within(hotRows[3] ?? document.body).getByTitle('变化未知').textContent).toBe('—');
    expect(card('home-skyrocket').getAllByRole('row')).toHaveLength(11);

    const dt = card('home-dragon-tiger');
    expect(await dt.findByText('交易日 2026-07-14')).toBeTruthy();
    expect(dt.getByTestId('home-dt-stocks').textContent).toBe('2');
    // One-day records only, like the dragon-tiger page's cards.
    expect(dt.getByTestId('home-dt-total-net').textContent).toBe('+1.50亿');
    expect(dt.getByTestId('home-dt-org-net').textContent).toBe('-3,000.00万');
    expect(dt.getByRole('link', { name: '皖达新能' }).getAttribute('href')).toBe(
      '/dragon-tiger?code=600754.SH',
    );

    const mon = card('home-monitor');
    expect(await mon.findByRole('link', { name: '苏合传媒' })).toBeTruthy();
    expect(mon.getByText('（未具名）')).toBeTruthy();
    expect(mon.getByText('共 2 条')).toBeTruthy();
  });

  it('each card links to its page in the state it shows', async () => {
    const fetch = serve();
    const router = renderAppAt('/');
    await screen.findByTestId('home-link-hot', {}, { timeout: 5000 });
    expect(href('home-link-hot')).toBe('/hot');
    expect(href('home-link-skyrocket')).toBe('/hot?list=skyrocket');
    expect(href('home-link-dragon-tiger')).toBe('/dragon-tiger');
    expect(href('home-link-monitor')).toBe('/hot?view=monitor');

    fireEvent.click(screen.getByRole('button', { name: '小时榜' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'hour' }));
    await waitFor(() => expect(href('home-link-hot')).toBe('/hot?period=hour'));
    expect(href('home-link-skyrocket')).toBe('/hot?list=skyrocket&period=hour');
    await waitFor(() => expect(card('home-hot').getAllByRole('row')[1]?.textContent).toContain('时3001'));
    // The cards ask for what /hot shows by default (30 rows, first page of 30), so both share the answer.
    const asked = fetch.mock.calls
      .map(([input]) => requestOf(input))
      .map((url) => `${url.pathname}${url.search}`);
    expect(asked).toContain('/api/a-share/special-data/hot-stock-list?limit=30&period=hour');
    expect(asked).toContain('/api/a-share/special-data/skyrocket-list?limit=30&period=hour');
    expect(asked).toContain('/api/a-share/special-data/abnormal-monitor-list?page=1&size=30&state=current');
    expect(asked).toContain('/api/a-share/special-data/dragon-tiger-list?board_type=all');
  });
});
