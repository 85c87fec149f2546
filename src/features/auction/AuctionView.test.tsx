// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';

/** The server's clock: 2026-07-15 10:10 Shanghai, after the 09:25 match. */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');

/** A stock the service has no auction figures for yet: every number null, as the docs allow. */
const NOT_READY = '600099.SH';
/** A stock whose orders have not crossed yet (the simulator's shape): only the previous close known. */
const NOT_CROSSED = '600098.SH';

function quote(thscode: string) {
  if (thscode === NOT_READY || thscode === NOT_CROSSED) {
    return {
      thscode,
      ticker: thscode.slice(0, 6),
      name: thscode === NOT_READY ? '未就绪' : '未撮合',
      auction_price: null,
      auction_pct: null,
      auction_volume: null,
      auction_amount: null,
      auction_unmatched: null,
      auction_turnover_pct: null,
      auction_yesterday_ratio_pct: null,
      auction_volume_ratio: null,
      pre_close_price: thscode === NOT_READY ? null : 10.38,
      open_price: null,
      last_price: null,
      float_market_cap: null,
    };
  }
  return {
    thscode,
    ticker: thscode.slice(0, 6),
    name: `股票${thscode.slice(0, 6)}`,
    auction_price: 10.5,
    auction_pct: 1.2,
    auction_volume: 1200,
    auction_amount: 1_260_000,
    auction_unmatched: 30,
    auction_turnover_pct: 0.05,
    auction_yesterday_ratio_pct: 3,
    auction_volume_ratio: 0.8,
    pre_close_price: 10.38,
    open_price: 10.5,
    last_price: 10.6,
    float_market_cap: 12_000_000_000,
  };
}

const codes = (n: number) => Array.from({ length: n }, (_, i) => `600${String(i).padStart(3, '0')}.SH`);

/** The A-shares the fake code table lists (510300.SH is an ETF: only the search knows it). */
const A_SHARES = [...codes(100), '600519.SH', '000001.SZ'];

function record(thscode: string, assetType = 'a-share') {
  return {
    thscode,
    ticker: thscode.slice(0, 6),
    name: assetType === 'fund-etf' ? '沪深300ETF' : `股票${thscode.slice(0, 6)}`,
    exchange: thscode.slice(7),
    asset_type: assetType,
    currency: 'CNY',
  };
}

/**
 * A fake server: the app's own calls, the code table, the search and the two auction operations.
 * `now`: the server's clock; `codeTable: false` makes the code table unreadable.
 */
function serve(opts: { now?: number; codeTable?: boolean } = {}) {
  const now = opts.now ?? NOW;
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now })));
      case '/api/a-share/calendar/trading-days':
        return Promise.resolve(
          envelope({
            timestamp: now,
            item: ['20260710', '20260713', '20260714', '20260715'].map((date) => ({ date_ms: 0, date })),
          }),
        );
      case '/api/meta/tickers/list':
        if (opts.codeTable === false) return Promise.resolve(envelope(null, 5003, 'source down'));
        return Promise.resolve(envelope({ timestamp: now, item: A_SHARES.map((code) => record(code)) }));
      case '/api/meta/tickers/search': {
        const q = url.searchParams.get('q') ?? '';
        const item = q === '510300.SH' ? [record('510300.SH', 'fund-etf')] : [];
        return Promise.resolve(envelope({ timestamp: now, item }));
      }
      case '/api/a-share/auction/snapshot': {
        const codes = (url.searchParams.get('thscodes') ?? '').split(',');
        return Promise.resolve(
          envelope({
            timestamp: NOW,
            auction_phase: 'final',
            data_status: 'ready',
            total: codes.length,
            item: codes.map(quote),
          }),
        );
      }
      case '/api/a-share/auction/short-term-benchmark':
        return Promise.resolve(
          envelope({
            timestamp: now,
            date: url.searchParams.get('date') ?? '2026-07-15',
            date_ms: 0,
            item: [],
          }),
        );
      default:
        return Promise.resolve(envelope(null, 3002, 'not in this test'));
    }
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function snapshotCalls(fetch: ReturnType<typeof serve>): URL[] {
  return fetch.mock.calls
    .map(([input]) => requestOf(input))
    .filter((url) => url.pathname === '/api/a-share/auction/snapshot');
}

function benchmarkCalls(fetch: ReturnType<typeof serve>): URL[] {
  return fetch.mock.calls
    .map(([input]) => requestOf(input))
    .filter((url) => url.pathname === '/api/a-share/auction/short-term-benchmark');
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('call auction page', () => {
  it('a link with 101 tokens names the limit and sends nothing; 100 are sent de-duplicated', async () => {
    const fetch = serve();
    const tokens = [...codes(100), '600000.SH'];
    renderAppAt(`/auction?codes=${tokens.join(',')}`);
    expect((await screen.findByTestId('codes-too-many')).textContent).toContain(
      '最多 100 个代码 / at most 100 codes',
    );
    expect(screen.getByTestId('snapshot-idle').textContent).toContain('未发送请求');
    expect(screen.getByTestId('codes-count').textContent).toBe('101 / 100 个代码');
    // The benchmark has answered, so the page has settled: still no snapshot request.
    await screen.findByText(/2026-07-15 没有短线风向标数据/);
    expect(snapshotCalls(fetch)).toEqual([]);

    const input = screen.getByTestId('codes-input');
    fireEvent.change(input, { target: { value: [...codes(99), '600000.SH'].join('\n') } });
    expect(screen.queryByTestId('codes-too-many')).toBeNull();
    fireEvent.click(screen.getByTestId('codes-submit'));
    await waitFor(() => expect(snapshotCalls(fetch)).toHaveLength(1));
    expect(snapshotCalls(fetch)[0]?.searchParams.get('thscodes')).toBe(codes(99).join(','));
    expect((await screen.findByTestId('codes-duplicates')).textContent).toContain('600000.SH');
  });

  it('typing past the limit disables sending at once', async () => {
    serve();
    renderAppAt('/auction');
    const input = await screen.findByTestId('codes-input');
    fireEvent.change(input, { target: { value: codes(101).join(' ') } });
    expect(screen.getByTestId('codes-too-many').textContent).toContain('当前 101 个');
    expect(screen.getByTestId('codes-submit')).toHaveProperty('disabled', true);
  });

  it('resolves a bare code, queries the A-shares and flags an ETF and a wrong suffix one by one', async () => {
    const fetch = serve();
    renderAppAt('/auction?codes=600519,510300.SH,000001.SZ,600519.SZ,abc&stage=live');
    await screen.findByRole('table', { name: '集合竞价（实时竞价）' });
    const calls = snapshotCalls(fetch);
    expect(calls.map((url) => url.searchParams.get('thscodes'))).toEqual(['600519.SH,000001.SZ']);
    expect(calls[0]?.searchParams.get('stage')).toBe('live');
    expect(screen.getByTestId('codes-resolved').textContent).toContain('600519 → 600519.SH');
    const flagged = screen.getByTestId('codes-flagged');
    const flag = (token: string) => flagged.querySelector(`[data-token="${token}"]`)?.textContent ?? '';
    await waitFor(() => expect(flag('510300.SH')).toContain('是ETF（沪深300ETF），集合竞价只查 A 股'));
    expect(flag('600519.SZ')).toContain('不是存在的 A 股（是否为 600519.SH？）');
    expect(flag('ABC')).toContain('不是 A 股代码格式');
    expect(flagged.querySelector('[data-token="600519"]')).toBeNull();
    expect(screen.getByTestId('indicative').textContent).toContain('虚拟参考价');
  });

  it('without the code table, checks the format only, says so, and hints at a bare code’s suffix', async () => {
    const fetch = serve({ codeTable: false });
    renderAppAt('/auction?codes=600519,000001.SZ');
    await screen.findByRole('table', { name: '集合竞价（竞价结果）' });
    expect(snapshotCalls(fetch).map((url) => url.searchParams.get('thscodes'))).toEqual(['000001.SZ']);
    expect(screen.getByTestId('codes-flagged').textContent).toContain('是否为 600519.SH？');
    expect(screen.getByText(/只核对了代码格式/)).toBeTruthy();
  });

  it('shows a dash, never 0, for every figure the service sends as null', async () => {
    serve();
    renderAppAt(`/auction?codes=${NOT_READY},${NOT_CROSSED},600519.SH`);
    const table = await screen.findByRole('table', { name: '集合竞价（竞价结果）' });
    const cells = (code: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(code))
        ?.querySelectorAll('td');
    await waitFor(() => expect(cells(NOT_READY)?.length).toBeGreaterThan(2));
    const figures = [...(cells(NOT_READY) ?? [])].slice(2).map((td) => td.textContent);
    expect(figures.length).toBe(12);
    expect(figures.every((text) => text === '—')).toBe(true);
    expect(cells('600519.SH')?.[2]?.textContent).toBe('10.50');
    // Not crossed yet: the previous close, and a dash (not 0, not NaN) for every auction figure.
    const crossing = [...(cells(NOT_CROSSED) ?? [])].slice(2).map((td) => td.textContent);
    expect(crossing).toEqual(['—', '—', '—', '—', '—', '—', '—', '—', '10.38', '—', '—', '—']);
  });

  it("before the open shows the last trading day's benchmark and says the auction starts at 09:15", async () => {
    const fetch = serve({ now: Date.parse('2026-07-15T08:30:00+08:00') });
    renderAppAt('/auction');
    expect((await screen.findByTestId('auction-not-open')).textContent).toContain('今日集合竞价 09:15 开始');
    expect((await screen.findByTestId('bench-before-open')).textContent).toContain('上一交易日 2026-07-14');
    await screen.findByText('2026-07-14 的短线风向标');
    expect(benchmarkCalls(fetch).map((url) => url.searchParams.get('date'))).toEqual(['2026-07-14']);
  });

  it('names an impossible benchmark day in the link, and a non-trading one with its nearest trading days', async () => {
    const fetch = serve();
    renderAppAt('/auction?date=2026-13-45');
    expect((await screen.findByTestId('bench-day-problem')).textContent).toContain(
      '链接中的日期“2026-13-45”不是有效的日期',
    );
    cleanup();
    renderAppAt('/auction?date=2026-07-12');
    const notice = await screen.findByTestId('bench-day-problem');
    expect(notice.textContent).toContain('2026-07-12（周日）不是交易日');
    expect(screen.getByRole('link', { name: '2026-07-13（周一）' })).toBeTruthy();
    expect(benchmarkCalls(fetch).map((url) => url.searchParams.get('date'))).toEqual([]);
  });
});
