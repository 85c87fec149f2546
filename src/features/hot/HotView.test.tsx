// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';

/** The server's clock: 2026-07-15 10:10 Shanghai. */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const DAY = 86_400_000;

const NAMES: Record<string, string> = {
  '300033.SZ': '同花顺',
  '600519.SH': '贵州茅台',
  '000001.SZ': '平安银行',
};

function record(thscode: string) {
  return {
    thscode,
    ticker: thscode.slice(0, 6),
    name: NAMES[thscode] ?? thscode,
    exchange: thscode.slice(7),
    asset_type: 'a-share',
    currency: 'CNY',
    list_date: '2001-08-27',
    end_date: null,
    last_trade_date: null,
    last_delivery_date: null,
  };
}

/** Monitor pages of two rows: three rows in all, so page 2 is the last. */
const MONITOR = [
  { thscode: '300033.SZ', name: '同花顺', monitor_type: 1 },
  { thscode: '600519.SH', name: '贵州茅台', monitor_type: 4 },
  { thscode: null, name: '', monitor_type: 2 },
];

function serve() {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const q = (name: string) => url.searchParams.get(name) ?? '';
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
      case '/api/meta/tickers/search':
        return Promise.resolve(envelope({ timestamp: NOW, item: NAMES[q('q')] ? [record(q('q'))] : [] }));
      case '/api/a-share/special-data/hot-stock-rank-trend': {
        const start = Date.parse(`${q('start_date')}T00:00:00+08:00`);
        const item = [0, 1, 2].map((i) => ({
          thscode: q('thscode'),
          ticker: q('thscode').slice(0, 6),
          date: new Date(start + i * DAY + 8 * 3600_000).toISOString().slice(0, 10),
          date_ms: start + i * DAY,
          rank: 3 + i,
        }));
        return Promise.resolve(envelope({ timestamp: start, item }));
      }
      case '/api/a-share/special-data/abnormal-monitor-list': {
        const page = Number(q('page'));
        const size = Number(q('size'));
        const rows = MONITOR.slice((page - 1) * size, page * size).map((r) => ({
          ...r,
          start_date_ms: NOW - 5 * DAY,
          end_date_ms: null,
          monitor_label: r.monitor_type <= 2 ? '严重异常波动' : '重点监控',
        }));
        return Promise.resolve(
          envelope({
            item: rows,
            pagination: { page, size, total: null, has_next: page * size < MONITOR.length },
          }),
        );
      }
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

function firstColumn(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.dataset['index'] !== undefined)
    .map((row) => row.querySelector('td')?.textContent ?? '');
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('hot-list page', () => {
  it('the monitor pages forward while has_next and back to the first page', async () => {
    const fetch = serve();
    const router = renderAppAt('/hot?view=monitor&size=2');
    const table = await screen.findByRole('table', { name: '异动监控（当前监控）' });
    await waitFor(() => expect(firstColumn(table)).toEqual(['300033.SZ', '600519.SH']));
    expect(screen.getByTestId('monitor-prev')).toHaveProperty('disabled', true);
    expect(within(table).getByText('严重异常波动')).toBeTruthy();
    expect(within(table).getByText('重点监控')).toBeTruthy();

    fireEvent.click(screen.getByTestId('monitor-next'));
    await waitFor(() => expect(firstColumn(table)).toEqual(['—']));
    expect(router.state.location.search).toMatchObject({ page: 2 });
    // The last page: the service says there is no next one; a nameless row stays, marked as such.
    expect(screen.getByTestId('monitor-next')).toHaveProperty('disabled', true);
    expect(within(table).getByText('（未具名）')).toBeTruthy();

    fireEvent.click(screen.getByTestId('monitor-prev'));
    await waitFor(() => expect(firstColumn(table)).toEqual(['300033.SZ', '600519.SH']));
    expect(
      calls(fetch, '/api/a-share/special-data/abnormal-monitor-list').map((u) => u.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('the rank trend asks once per stock for the window and names each line in the legend', async () => {
    const fetch = serve();
    renderAppAt('/hot?view=trend&codes=300033.SZ,600519.SH,000001.SZ&start=2026-06-01');
    const legend = await screen.findByTestId('trend-legend');
    await waitFor(() =>
      expect(
        within(legend)
          .getAllByRole('listitem')
          .map((li) => li.dataset['code']),
      ).toEqual(['300033.SZ', '600519.SH', '000001.SZ']),
    );
    await waitFor(() => expect(legend.textContent).toContain('平安银行'));
    await waitFor(() => expect(legend.textContent).toContain('最新 5'));
    const trend = calls(fetch, '/api/a-share/special-data/hot-stock-rank-trend');
    expect(trend.map((u) => u.searchParams.get('thscode'))).toEqual(['300033.SZ', '600519.SH', '000001.SZ']);
    expect(
      new Set(trend.map((u) => `${u.searchParams.get('start_date')}..${u.searchParams.get('end_date')}`)),
    ).toEqual(new Set(['2026-06-01..2026-07-15']));

    fireEvent.click(within(legend).getByRole('button', { name: '移除 贵州茅台' }));
    await waitFor(() => expect(within(legend).getAllByRole('listitem')).toHaveLength(2));
  });

  it('a window the service would refuse is explained and not requested', async () => {
    const fetch = serve();
    renderAppAt('/hot?view=trend&codes=300033.SZ&start=2025-01-01&end=2025-03-01');
    expect((await screen.findByTestId('date-problem')).textContent).toContain('只能查询最近一年');
    renderAppAt('/hot?view=history&date=2026-08-01');
    await waitFor(() => expect(screen.getAllByTestId('date-problem')).toHaveLength(2));
    expect(calls(fetch, '/api/a-share/special-data/hot-stock-rank-trend')).toEqual([]);
    expect(calls(fetch, '/api/a-share/special-data/hot-stock-list-history')).toEqual([]);
  });
});
