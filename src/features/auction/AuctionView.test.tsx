// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';

/** The server's clock: 2026-07-15 10:10 Shanghai, after the 09:25 match. */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');

function quote(thscode: string) {
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

/** A fake server: the app's own calls and the two auction operations. */
function serve() {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
      case '/api/a-share/calendar/trading-days':
        return Promise.resolve(envelope({ timestamp: NOW, item: [{ date_ms: 0, date: '20260715' }] }));
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
            timestamp: NOW,
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

const codes = (n: number) => Array.from({ length: n }, (_, i) => `600${String(i).padStart(3, '0')}.SH`);

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

  it('malformed codes are flagged and left out; the live stage says the price is indicative', async () => {
    const fetch = serve();
    renderAppAt('/auction?codes=600519,600519.SH,abc&stage=live');
    const flagged = await screen.findByTestId('codes-malformed');
    expect(flagged.textContent).toContain('600519');
    expect(flagged.textContent).toContain('600519.SH？');
    expect(flagged.textContent).toContain('ABC');
    expect(screen.getByTestId('indicative').textContent).toContain('虚拟参考价');
    await screen.findByRole('table', { name: '集合竞价（实时竞价）' });
    const calls = snapshotCalls(fetch);
    expect(calls.map((url) => url.searchParams.get('thscodes'))).toEqual(['600519.SH']);
    expect(calls[0]?.searchParams.get('stage')).toBe('live');
  });
});
