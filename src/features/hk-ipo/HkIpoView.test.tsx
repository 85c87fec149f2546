// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';
import { AWAITING_ISSUE, OPEN_ISSUE } from '../../contract/operations/hk-ipo.testkit';

/** The server's clock: 2026-07-15 10:10 Shanghai (and Hong Kong). */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');

const OPEN = OPEN_ISSUE;
/** Awaiting its listing, its code not confirmed yet. */
const AWAITING = { ...AWAITING_ISSUE, thscode: null };
const DETAILS: Record<string, { lower: number; upper: number; lot: number; fee: number }> = {
  [OPEN.issue_code]: { lower: 15.52, upper: 17.69, lot: 600, fee: 10721.04 },
  [AWAITING.issue_code]: { lower: 8.44, upper: 8.44, lot: 1500, fee: 13833.11 },
  // An issue the calendar no longer lists (it has listed).
  HKIPO20260601001: { lower: 3.1, upper: 3.5, lot: 1000, fee: 3535.3 },
};

/** Two pages of applications, the second the last; a company that filed twice appears twice. */
const APPLICATIONS = [
  [
    { company_name: '兴威材料股份有限公司', application_date: '2026-07-15' },
    { company_name: '江能半导体控股有限公司', application_date: '2026-07-15' },
  ],
  [
    { company_name: '兴威材料股份有限公司', application_date: '2026-01-12' },
    { company_name: '天拓消费控股有限公司', application_date: null },
  ],
];

function serve(opts: { calendarCode?: number } = {}) {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const q = (name: string) => url.searchParams.get(name) ?? '';
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
      case '/api/hk-share/ipo/calendar-list':
        if (opts.calendarCode !== undefined)
          return Promise.resolve(envelope(null, opts.calendarCode, 'not open to this key'));
        return Promise.resolve(
          envelope({ status: q('status'), item: q('status') === 'subscribable' ? [OPEN] : [AWAITING] }),
        );
      case '/api/hk-share/ipo/issue-detail': {
        const d = DETAILS[q('issue_code')];
        if (!d) return Promise.resolve(envelope(null, 3001, 'no such issue'));
        return Promise.resolve(
          envelope({
            issue_code: q('issue_code'),
            currency: 'HKD',
            issue_price_range: { lower: d.lower, upper: d.upper },
            lot_size: d.lot,
            entry_fee: d.fee,
          }),
        );
      }
      case '/api/hk-share/ipo/application-list': {
        const page = Number(q('page') || '1');
        return Promise.resolve(
          envelope({
            item: APPLICATIONS[page - 1] ?? [],
            pagination: { page, size: 50, total: null, has_next: page < APPLICATIONS.length },
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

describe('Hong Kong IPO page', () => {
  it('lists open and awaiting issues with the texts as given, their lots, and opens an issue into the URL', async () => {
    const fetch = serve();
    const router = renderAppAt('/hk-ipo');
    const open = await screen.findByRole('table', { name: '可认购' });
    const row = (await within(open).findByText('天祥食品')).closest('tr');
    if (!row) throw new Error('no row');
    expect(row.textContent).toContain('HK$15.52-17.69');
    expect(row.textContent).toContain('HK$10,721.04');
    expect(row.textContent).toContain('2026-07-17 周五 · 2 天后');
    // The board lot comes from the detail the loader asked for.
    await waitFor(() => expect(row.textContent).toContain('600'));
    const awaiting = screen.getByRole('table', { name: '待上市' });
    expect(within(awaiting).getByText('远利医疗-B').closest('tr')?.textContent).toContain('待定');
    expect(
      calls(fetch, '/api/hk-share/ipo/calendar-list')
        .map((u) => u.searchParams.get('status'))
        .sort(),
    ).toEqual(['awaiting_listing', 'subscribable']);

    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ issue: OPEN.issue_code }));
    const detail = await screen.findByTestId('hk-ipo-detail');
    await waitFor(() => expect(detail.textContent).toContain('600 股'));
    expect(detail.textContent).toContain('HK$15.52 – HK$17.69');
    expect(detail.textContent).toContain('所在列表：可认购');
    expect(within(detail).getByRole('link', { name: '加入日历 (.ics)' }).getAttribute('href')).toBe(
      `/bff/hk-ipo/issues/${OPEN.issue_code}.ics`,
    );
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('issue'));
  });

  it('shows a linked issue outside the calendar from its detail only, without calling it open', async () => {
    serve();
    renderAppAt('/hk-ipo?issue=HKIPO20260601001');
    const detail = await screen.findByTestId('hk-ipo-detail');
    await waitFor(() => expect(detail.textContent).toContain('1,000 股'));
    await waitFor(() => expect(detail.textContent).toContain('当前日历（可认购、待上市）中没有这只新股'));
    expect(detail.textContent).not.toContain('所在列表');
    expect(within(detail).queryByRole('link', { name: '加入日历 (.ics)' })).toBeNull();
  });

  it('says an unknown issue is not found', async () => {
    serve();
    renderAppAt('/hk-ipo?issue=HKIPO20200101001');
    const detail = await screen.findByTestId('hk-ipo-detail');
    await waitFor(() => expect(within(detail).getByRole('alert').textContent).toContain('找不到这只新股'));
    expect(within(detail).getByRole('alert').textContent).toContain('3001');
  });

  it('filters by status and name, and the calendar file follows the filter', async () => {
    serve();
    const router = renderAppAt('/hk-ipo?status=awaiting_listing&q=天祥');
    await screen.findByRole('table', { name: '待上市' });
    expect(screen.queryByRole('table', { name: '可认购' })).toBeNull();
    expect(await screen.findByText('没有符合条件的新股')).toBeTruthy();
    expect(screen.getByTestId('hk-ipo-calendar-file').getAttribute('href')).toBe(
      '/bff/hk-ipo/calendar.ics?status=awaiting_listing',
    );
    fireEvent.change(screen.getByPlaceholderText('名称或代码'), { target: { value: '远利 ' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: '远利' }));
    expect(await screen.findByText('远利医疗-B')).toBeTruthy();
  });

  it('draws the month grid with deadline and listing chips that open their issue', async () => {
    serve();
    const router = renderAppAt('/hk-ipo?view=grid');
    const grid = await screen.findByTestId('hk-ipo-grid');
    expect(grid.dataset['month']).toBe('2026-07');
    const day17 = await waitFor(() => {
      const cell = grid.querySelector('td[data-date="2026-07-17"]');
      if (!(cell instanceof HTMLElement)) throw new Error('no cell');
      expect(within(cell).getAllByRole('button')).toHaveLength(2);
      return cell;
    });
    expect(within(day17).getByRole('button', { name: /截止\s*天祥食品/ })).toBeTruthy();
    expect(grid.querySelector('td[data-date="2026-07-15"]')?.getAttribute('aria-current')).toBe('date');
    fireEvent.click(within(day17).getByRole('button', { name: /上市\s*远利医疗-B/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ issue: AWAITING.issue_code }));
    fireEvent.click(within(grid).getByRole('button', { name: /下个月/ }));
    await waitFor(() => expect(grid.dataset['month']).toBe('2026-08'));
    expect(grid.textContent).toContain('本月没有招股截止或上市');
  });

  it('pages the applications while has_next, keeping repeated filings', async () => {
    const fetch = serve();
    const router = renderAppAt('/hk-ipo');
    const apps = await screen.findByTestId('hk-ipo-applications');
    await within(apps).findByText('江能半导体控股有限公司');
    fireEvent.click(within(apps).getByRole('button', { name: '下一页' }));
    await within(apps).findByText('天拓消费控股有限公司');
    expect(router.state.location.search).toMatchObject({ apps: 2 });
    expect(within(apps).getByText('兴威材料股份有限公司')).toBeTruthy();
    expect(within(apps).getByRole('button', { name: '下一页' })).toHaveProperty('disabled', true);
    expect(calls(fetch, '/api/hk-share/ipo/application-list').map((u) => u.searchParams.get('page'))).toEqual(
      ['1', '2'],
    );
  });

  it('says plainly when Hong Kong data is closed to the key', async () => {
    serve({ calendarCode: 2003 });
    renderAppAt('/hk-ipo');
    expect(await screen.findByText('港股数据暂未向当前密钥开放（错误码 2003）。')).toBeTruthy();
    expect((await screen.findAllByRole('alert')).length).toBeGreaterThan(0);
  });
});
