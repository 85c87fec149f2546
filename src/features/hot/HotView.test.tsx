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

/** Hot list of the day: heat as numeric strings, one in Java float notation. */
const HOT = [
  { thscode: '300033.SZ', rank: 1, heat: '7.5616216E7', rank_change: 0, rank_trend: 'flat' },
  { thscode: '600519.SH', rank: 2, heat: '37808108', rank_change: 1, rank_trend: 'up' },
  { thscode: '000001.SZ', rank: 3, heat: '15548467.0', rank_change: -1, rank_trend: 'down' },
];

/** Last prices of the snapshot: one up, one down, one flat. */
const QUOTES: Record<string, { last: number; pct: number }> = {
  '300033.SZ': { last: 222.89, pct: 2.39 },
  '600519.SH': { last: 1239.46, pct: -0.5 },
  '000001.SZ': { last: 10.82, pct: 0 },
};

/** History: 07-10 and the day before, where 600519.SH ranked 5th and 000001.SZ was not listed. */
const HISTORY: Record<string, string[]> = {
  '2026-07-10': ['300033.SZ', '600519.SH', '000001.SZ'],
  '2026-07-09': ['300033.SZ', '688160.SH', '300018.SZ', '601318.SH', '600519.SH'],
};

function serve() {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const q = (name: string) => url.searchParams.get(name) ?? '';
    switch (url.pathname) {
      case '/api/a-share/special-data/hot-stock-list':
        return Promise.resolve(
          envelope({
            timestamp: NOW,
            item: HOT.map((h) => ({
              ...h,
              ticker: h.thscode.slice(0, 6),
              name: NAMES[h.thscode] ?? h.thscode,
            })),
          }),
        );
      case '/api/a-share/special-data/hot-stock-list-history':
        return Promise.resolve(
          envelope({
            date: q('date'),
            date_ms: Date.parse(`${q('date')}T00:00:00+08:00`),
            item: (HISTORY[q('date')] ?? []).map((thscode, i) => ({
              thscode,
              ticker: thscode.slice(0, 6),
              name: NAMES[thscode] ?? thscode,
              rank: i + 1,
            })),
          }),
        );
      case '/api/a-share/prices/snapshot': {
        const item = q('thscodes')
          .split(',')
          .flatMap((thscode) => {
            const quote = QUOTES[thscode];
            if (!quote) return [];
            const prev = quote.last / (1 + quote.pct / 100);
            return [
              {
                thscode,
                ticker: thscode.slice(0, 6),
                last_price: quote.last,
                open_price: prev,
                high_price: quote.last,
                low_price: prev,
                prev_price: prev,
                price_change: quote.last - prev,
                price_change_ratio_pct: quote.pct,
                volume: 1000,
                turnover: 1000 * quote.last,
              },
            ];
          });
        return Promise.resolve(envelope({ timestamp: NOW, total: 5000, item }));
      }
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

/** The cells of one column, by its header text, in row order. */
function columnCells(table: HTMLElement, header: string): HTMLElement[] {
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((th) => th.textContent?.includes(header));
  if (index < 0) throw new Error(`no column ${header}`);
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.dataset['index'] !== undefined)
    .map((row) => {
      const cell = row.querySelectorAll('td')[index];
      if (!(cell instanceof HTMLElement)) throw new Error(`no cell ${header}`);
      return cell;
    });
}

describe('hot-list page', () => {
  it('the ranking shows price and change from ONE snapshot of the listed codes, and heat as bars', async () => {
    const fetch = serve();
    renderAppAt('/hot?limit=3');
    const table = await screen.findByRole('table', { name: '热股榜（日榜）' });
    await waitFor(() =>
      expect(columnCells(table, '最新价').map((c) => c.textContent)).toEqual(['222.89', '1,239.46', '10.82']),
    );
    expect(columnCells(table, '涨跌幅').map((c) => c.textContent)).toEqual(['+2.39%', '-0.50%', '0.00%']);
    // Coloured by direction like every change on the page.
    expect(columnCells(table, '涨跌幅').map((c) => c.querySelector('span')?.className)).toEqual([
      'up',
      'down',
      'flat',
    ]);
    const snapshots = calls(fetch, '/api/a-share/prices/snapshot');
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]?.searchParams.get('thscodes')?.split(',').sort()).toEqual([
      '000001.SZ',
      '300033.SZ',
      '600519.SH',
    ]);
    // The hottest stock's bar is full length, the others in proportion.
    const bars = columnCells(table, '热度').map(
      (c) => c.querySelector<HTMLElement>('.hot-heat__bar')?.style.width ?? '',
    );
    expect(bars).toEqual(['100%', '50%', '20.6%']);
    expect(columnCells(table, '热度').map((c) => c.querySelector('.hot-heat__value')?.textContent)).toEqual([
      '7,561.6万',
      '3,780.8万',
      '1,554.8万',
    ]);
  });

  it('the history shows each stock’s change against the day before and the latest prices', async () => {
    const fetch = serve();
    renderAppAt('/hot?view=history&date=2026-07-10');
    const table = await screen.findByRole('table', { name: '2026-07-10 热股前 30' });
    await waitFor(() =>
      expect(columnCells(table, '较前日').map((c) => c.textContent)).toEqual(['0', '+3', '新上榜']),
    );
    await waitFor(() =>
      expect(columnCells(table, '最新价').map((c) => c.textContent)).toEqual(['222.89', '1,239.46', '10.82']),
    );
    expect(calls(fetch, '/api/a-share/prices/snapshot')).toHaveLength(1);
    expect(
      calls(fetch, '/api/a-share/special-data/hot-stock-list-history').map((u) => u.searchParams.get('date')),
    ).toEqual(expect.arrayContaining(['2026-07-10', '2026-07-09']));
    expect(screen.getByText(/历史榜单只有排名/)).toBeTruthy();
  });

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
