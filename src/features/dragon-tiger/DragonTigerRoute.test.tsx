// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays } from '../../contract/time';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { findDrawnTable, renderAppAt } from '../../app.testkit';

/**
 * The whole `/dragon-tiger` route (router, loader, page) against a fake BFF whose clock is pinned at
 * 2026-07-15 10:10 Shanghai, a Wednesday during the session.
 */

const NOW = '2026-07-15T10:10:00+08:00';

/** Weekdays of the last year: enough of a calendar for these tests. */
function tradingDays(): string[] {
  const out: string[] = [];
  for (let d = '2025-07-15'; d <= '2026-07-15'; d = addDays(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.push(d);
  }
  return out;
}

const rows = [
  {
    thscode: '600754.SH',
    ticker: '600754',
    name: '皖达新能',
    change: 0.1002,
    net_value: 200_000_000,
    net_rate: 0.0634,
    buy_value: 325_000_000,
    sell_value: 125_000_000,
    hot_rank: 638,
    range_days: 1,
    limit_reason: '日涨幅偏离值达到7%的证券',
    org_net_value: 50_000_000,
  },
  {
    thscode: '000651.SZ',
    ticker: '000651',
    name: '格力电器',
    change: -0.0521,
    net_value: -100_000_000,
    net_rate: -0.0335,
    buy_value: 20_000_000,
    sell_value: 120_000_000,
    hot_rank: 274,
    range_days: 1,
    limit_reason: '日跌幅偏离值达到7%的证券',
  },
  {
    thscode: '600754.SH',
    ticker: '600754',
    name: '皖达新能',
    change: 0.2157,
    net_value: 300_000_000,
    net_rate: 0.0911,
    buy_value: 500_000_000,
    sell_value: 200_000_000,
    hot_rank: 638,
    range_days: 3,
    limit_reason: '连续三个交易日内，涨幅偏离值累计达到20%的证券',
  },
];

function list(board: string, date: string) {
  return {
    timestamp: Date.parse(`${date}T00:00:00+08:00`),
    board_type: board,
    trade_date: date,
    count: rows.length,
    stock_count: 2,
    stock_items: rows,
    hot_money_items: board === 'hot_money' ? [seat] : [],
  };
}

/** A hot-money seat whose row carries the 17 documented fields (docs/api/endpoints-special-data.md). */
const seat = {
  name: '章盟主',
  buying: 12_345_678,
  rows: [
    {
      ...rows[2],
      concept_list: [{ name: '光伏概念' }],
      amount: 3_300_000_000,
      hot_money_net_value: 45_000_000,
      hot_money_net_rate: 0.0136,
      hot_money_item_net_value: 12_345_678,
      hot_money_item_net_rate: 0.0037,
    },
  ],
};

function institution(thscode: string, date: string) {
  const range = (days: number, start: string) => ({
    range_days: days,
    start_date: start,
    end_date: date,
    org_buy_value: 60_000_000,
    org_sell_value: 10_000_000,
    org_net_value: 50_000_000,
    org_buy_num: 2,
    org_sell_num: 1,
    org_net_rate: 0.0318,
    buy_departments: [{ department_id: '1', name: '机构专用' }],
    sell_departments: [{ department_id: '2', name: '华鑫证券上海宛平南路营业部' }],
  });
  return { thscode, trade_date: date, item: [range(3, addDays(date, -4)), range(1, date)] };
}

/** `calendarFails`: the calendar cannot be read, so the page cannot judge a day itself. */
function serve(opts: { calendarFails?: boolean } = {}) {
  const days = tradingDays();
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const q = url.searchParams;
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
      case '/api/a-share/calendar/trading-days':
        if (opts.calendarFails) return Promise.resolve(envelope(null, 5003, 'calendar source down'));
        return Promise.resolve(
          envelope({
            timestamp: 0,
            item: days.map((d) => ({ date: d.replace(/-/g, ''), date_ms: 0 })),
          }),
        );
      case '/api/a-share/special-data/dragon-tiger-list': {
        const date = q.get('date') ?? '2026-07-14';
        if (!days.includes(date)) {
          return Promise.resolve(envelope(null, 1002, `Parameter 'date' ${date} is not a trading day`));
        }
        return Promise.resolve(envelope(list(q.get('board_type') ?? 'all', date)));
      }
      case '/api/a-share/special-data/dragon-tiger-stock-institution':
        return Promise.resolve(envelope(institution(q.get('thscode') ?? '', q.get('date') ?? '2026-07-14')));
      default:
        return Promise.resolve(envelope({ timestamp: 0, item: [] }));
    }
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The dragon-tiger requests sent so far, as query strings. */
function listRequests(fetch: ReturnType<typeof serve>): string[] {
  return fetch.mock.calls
    .map(([input]) => requestOf(input))
    .filter((url) => url.pathname === '/api/a-share/special-data/dragon-tiger-list')
    .map((url) => url.search);
}

async function table() {
  return findDrawnTable('龙虎榜个股');
}

/** Codes of the table's rows, top to bottom. */
function dataRows(tableEl: HTMLElement): HTMLElement[] {
  return within(tableEl)
    .getAllByRole('row')
    .filter((row) => row.dataset['index'] !== undefined);
}

function codes(tableEl: HTMLElement): string[] {
  return dataRows(tableEl).map((row) => row.querySelector('td')?.textContent ?? '');
}

function rowTexts(tableEl: HTMLElement): string[] {
  return dataRows(tableEl).map((row) => row.textContent);
}

beforeEach(() => {
  localStorage.clear();
  // jsdom has no layout: the router's scroll restoration has nothing to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/dragon-tiger', () => {
  it('opens a deep link in its state: day, board and sort', async () => {
    const fetch = serve();
    renderAppAt('/dragon-tiger?date=2026-07-10&board=org&sort=net_value.asc');
    const tableEl = await table();
    await waitFor(() => expect(codes(tableEl)).toEqual(['000651.SZ', '600754.SH', '600754.SH']));
    expect(listRequests(fetch)).toContain('?board_type=org&date=2026-07-10');
    expect(screen.getByRole('button', { name: '交易日: 2026-07-10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '机构' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      within(tableEl)
        .getByRole('button', { name: /^净买入,/ })
        .closest('th')
        ?.getAttribute('aria-sort'),
    ).toBe('ascending');
  });

  it('shows the fractions as percentages and sums the one-day records in the cards', async () => {
    serve();
    renderAppAt('/dragon-tiger');
    const tableEl = await table();
    const first = within(tableEl).getAllByRole('row')[1];
    if (!first) throw new Error('no row');
    // Largest net first (the default sort): the 3-day record of 600754.SH.
    expect(first.textContent).toContain('+21.57%');
    expect(first.textContent).toContain('3 日');
    expect(screen.getByTestId('summary-stocks').textContent).toBe('2');
    expect(screen.getByTestId('summary-records').textContent).toBe('3');
    // 200 M − 100 M of the one-day records; the 3-day record's 300 M is not added again.
    expect(screen.getByTestId('summary-total-net').textContent).toBe('+1.00亿');
    expect(screen.getByTestId('summary-org-net').textContent).toBe('+5,000.00万');
    // No date in the URL: the picker shows the day the service chose.
    expect(screen.getByRole('button', { name: '交易日: 2026-07-14' })).toBeTruthy();
  });

  it("shows a hot-money seat's rows with the stock's change, marking a 3-day record", async () => {
    serve();
    renderAppAt('/dragon-tiger?date=2026-07-14&board=hot_money');
    const card = await screen.findByTestId('hot-money-seat');
    const row = within(card).getAllByRole('row')[1];
    if (!row) throw new Error('no seat row');
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['皖达新能', '+21.57% 3 日', '+1,234.57万', '+0.37%', '33.00亿']);
  });

  it('sorting by a header is kept in the URL', async () => {
    serve();
    const router = renderAppAt('/dragon-tiger');
    const tableEl = await table();
    fireEvent.click(within(tableEl).getByRole('button', { name: /^1日涨跌幅%,/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'change.desc' }));
    // The 1-day records by their change; the 3-day record (+21.57 % over three days) is not among them.
    expect(codes(tableEl)).toEqual(['600754.SH', '000651.SZ', '600754.SH']);
    expect(rowTexts(tableEl)[2]).toContain('+21.57%（3日）');
  });

  it('the 1-day and the 3-day change are two columns, each sorting its own records', async () => {
    serve();
    const router = renderAppAt('/dragon-tiger?sort=change_multi.desc');
    const tableEl = await table();
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'change_multi.desc' }));
    const texts = rowTexts(tableEl);
    expect(texts[0]).toContain('+21.57%（3日）');
    // A 1-day record shows no multi-day change and a 3-day record no 1-day change.
    expect(texts[0]).not.toContain('+10.02%');
    expect(texts[1]).toContain('+10.02%');
  });

  it('choosing a row opens the institution detail of that stock and day, with a link to the stock', async () => {
    const fetch = serve();
    const router = renderAppAt('/dragon-tiger?date=2026-07-10');
    const tableEl = await table();
    const row = within(tableEl)
      .getAllByRole('row')
      .find((r) => r.textContent.includes('000651.SZ'));
    if (!row) throw new Error('no row for 000651.SZ');
    act(() => row.focus());
    fireEvent.keyDown(row, { key: 'Enter' });
    const panel = await screen.findByRole('complementary', { name: '机构明细' });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ code: '000651.SZ' }));
    expect(row.getAttribute('aria-selected')).toBe('true');
    expect(await within(panel).findByTestId('dt-range-1')).toBeTruthy();
    expect(within(panel).getByTestId('dt-range-3')).toBeTruthy();
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('格力电器');
    expect(within(panel).getAllByText('机构专用')).toHaveLength(2);
    expect(within(panel).getAllByTestId('dt-net-rate')[0]?.textContent).toBe('+3.18%');
    const institutionCalls = fetch.mock.calls
      .map(([input]) => requestOf(input))
      .filter((url) => url.pathname.endsWith('/dragon-tiger-stock-institution'));
    expect(institutionCalls.map((url) => url.search)).toEqual(['?date=2026-07-10&thscode=000651.SZ']);
    expect(
      within(panel)
        .getByRole('link', { name: /打开个股页面/ })
        .getAttribute('href'),
    ).toBe('/stock/000651.SZ?tab=dragon-tiger&dt=2026-07-10');
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: '机构明细' })).toBeNull());
    expect(router.state.location.search).toEqual({ date: '2026-07-10' });
  });

  it('explains a weekend in the link from the calendar, in Chinese, with links to the nearest trading days', async () => {
    const fetch = serve();
    const router = renderAppAt('/dragon-tiger?date=2026-07-11');
    const notice = await screen.findByTestId('dragon-tiger-day-problem', {}, { timeout: 5000 });
    expect(within(notice).getByRole('alert').textContent).toContain(
      '2026-07-11（周六）不是交易日，没有数据。',
    );
    expect(listRequests(fetch)).toEqual([]);
    const before = within(notice).getByRole('link', { name: '2026-07-10（周五）' });
    expect(within(notice).getByRole('link', { name: '2026-07-13（周一）' })).toBeTruthy();
    fireEvent.click(before);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ date: '2026-07-10' }));
    expect(await table()).toBeTruthy();
    expect(listRequests(fetch)).toEqual(['?board_type=all&date=2026-07-10']);
  });

  it("a day the calendar cannot judge is asked for; the service's refusal is said in words, raw under details", async () => {
    const fetch = serve({ calendarFails: true });
    renderAppAt('/dragon-tiger?date=2026-07-11');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('2026-07-11 不是交易日。')).toBeTruthy();
    expect(alert.querySelector('details')?.textContent).toContain(
      "Parameter 'date' 2026-07-11 is not a trading day",
    );
    expect(alert.querySelector('details')?.textContent).toContain('1002');
    // Asking again cannot make a Saturday trade: no retry.
    expect(within(alert).queryByRole('button', { name: '重试' })).toBeNull();
    expect(listRequests(fetch)).toContain('?board_type=all&date=2026-07-11');
  });

  it('names an impossible date in the link instead of showing the latest day', async () => {
    const fetch = serve();
    renderAppAt('/dragon-tiger?date=2026-13-45');
    const notice = await screen.findByTestId('dragon-tiger-day-problem', {}, { timeout: 5000 });
    expect(notice.textContent).toContain('链接中的日期“2026-13-45”不是有效的日期');
    expect(within(notice).getByRole('link', { name: '最近交易日' })).toBeTruthy();
    expect(listRequests(fetch)).toEqual([]);
  });

  it('never sends a day the service refuses outright (over a year back), and explains it', async () => {
    const fetch = serve();
    renderAppAt('/dragon-tiger?date=2025-01-02');
    expect(
      await screen.findByText(/龙虎榜只能查询最近一年（2025-07-15 至 2026-07-15）/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(listRequests(fetch)).toEqual([]);
  });

  it('the picker refuses weekends and sets the chosen trading day in the URL', async () => {
    serve();
    const router = renderAppAt('/dragon-tiger?date=2026-07-10');
    await table();
    fireEvent.click(screen.getByRole('button', { name: '交易日: 2026-07-10' }));
    const dialog = screen.getByRole('dialog', { name: '交易日' });
    const saturday = dialog.querySelector('button[data-day="2026-07-11"]');
    const thursday = dialog.querySelector('button[data-day="2026-07-09"]');
    // Today's list is not published during the session: the 15th cannot be chosen yet.
    const today = dialog.querySelector('button[data-day="2026-07-15"]');
    if (!(saturday instanceof HTMLButtonElement) || !(thursday instanceof HTMLButtonElement)) {
      throw new Error('day buttons missing');
    }
    expect(saturday.disabled).toBe(true);
    expect(today instanceof HTMLButtonElement && today.disabled).toBe(true);
    fireEvent.click(thursday);
    await waitFor(() => expect(router.state.location.search).toEqual({ date: '2026-07-09' }));
  });
});
