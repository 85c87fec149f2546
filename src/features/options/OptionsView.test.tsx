// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';

/** The server's clock: 2026-07-15 10:10 Shanghai. */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const DAY = 86_400_000;
const WAIT = { timeout: 5000 };

const VARIETY = {
  variety_code: '510050',
  name: '上证50ETF期权',
  exchange_code: 'SSE',
  exchange_name: '上海证券交易所',
  price_unit: '元',
  trade_unit: '份',
  has_night_session: false,
  margin_rate: 12,
  trade_amount: 10000,
  price_coefficient: 1,
  tick_size: 0.0001,
  contract_multiplier: 10000,
  transaction_fee: 1.3,
  exercise_fee: 0.6,
  settlement_type: 'physical',
  trade_sessions: [{ start_time: '09:30', end_time: '11:30', session_type: 'intraday' }],
};

/** Strikes 2.70, 2.75, 2.80; the July month expires 2026-07-22; the ETF trades at 2.745. */
const STRIKES = [2.7, 2.75, 2.8];
const CLOSES: Record<string, number> = {
  C270: 0.0566,
  C275: 0.0261,
  C280: 0.0092,
  P270: 0.0108,
  P275: 0.0303,
  P280: 0.0634,
};

function code(side: 'C' | 'P', strike: number): string {
  return `1026070${STRIKES.indexOf(strike)}${side === 'C' ? 0 : 1}.SH`;
}

const CONTRACTS = STRIKES.flatMap((strike) =>
  (['C', 'P'] as const).map((side) => ({
    thscode: code(side, strike),
    side,
    strike,
    name: `50ETF${side === 'C' ? '购' : '沽'}7月${Math.round(strike * 1000)}`,
  })),
);

function serve() {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const q = (name: string) => url.searchParams.get(name) ?? '';
    const contract = CONTRACTS.find((c) => c.thscode === q('thscode'));
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
      case '/api/options/varieties/list':
        return Promise.resolve(envelope({ timestamp: NOW, item: [VARIETY] }));
      case '/api/meta/tickers/search': {
        const item = CONTRACTS.filter((c) => c.name.startsWith(q('q'))).map((c) => ({
          thscode: c.thscode,
          ticker: c.thscode.slice(0, 8),
          name: c.name,
          exchange: 'SH',
          asset_type: 'options',
          currency: 'CNY',
          list_date: '2026-03-24',
          end_date: '2026-07-22',
          last_trade_date: '2026-07-22',
          last_delivery_date: '2026-07-23',
        }));
        return Promise.resolve(envelope({ timestamp: NOW, item }));
      }
      case '/api/options/contracts/detail':
        if (!contract) return Promise.resolve(envelope(null, 3001, 'no such contract'));
        return Promise.resolve(
          envelope({
            timestamp: NOW,
            thscode: contract.thscode,
            ticker: contract.thscode.slice(0, 8),
            display_code: null,
            name: contract.name,
            variety_code: '510050',
            pinyin: null,
            list_date: '2026-03-24',
            end_date: '2026-07-22',
            last_trade_date: '2026-07-22',
            last_delivery_date: '2026-07-23',
            margin_rate: 12,
            strike_price: contract.strike,
            trade_amount: 10000,
            underlying_code: '510050.SH',
            exercise_style: 'european',
            option_type: contract.side === 'C' ? 'call' : 'put',
          }),
        );
      case '/api/options/prices/daily': {
        const key = `${contract?.side ?? ''}${Math.round((contract?.strike ?? 0) * 100)}`;
        const close = CLOSES[key] ?? 0.01;
        const bar = (t: number, price: number) => ({
          timestamp: t,
          open_price: price,
          high_price: price,
          low_price: price,
          close_price: price,
          volume: 100,
          turnover: 1000,
        });
        const today = Date.parse('2026-07-15T00:00:00+08:00');
        return Promise.resolve(
          envelope({
            timestamp: today,
            thscode: q('thscode'),
            interval: '1d',
            item: [bar(today - DAY, close * 1.1), bar(today, close)],
          }),
        );
      }
      case '/api/options/prices/intraday':
        return Promise.resolve(
          envelope({
            timestamp: NOW,
            thscode: q('thscode'),
            date: '2026-07-15',
            session: q('session'),
            item: [],
          }),
        );
      case '/api/fund/market/snapshot':
        return Promise.resolve(
          envelope({
            timestamp: NOW,
            item: [
              {
                thscode: '510050.SH',
                ticker: '510050',
                last_price: 2.745,
                open_price: 2.76,
                high_price: 2.76,
                low_price: 2.74,
                prev_price: 2.744,
                price_change_ratio_pct: 0.04,
                price_change: 0.001,
                price_amplitude_ratio_pct: 0.7,
                volume: 1,
                turnover: 1,
                turnover_ratio_pct: 0.3,
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

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('options page', () => {
  it('builds the chain from the listed contracts and their details, ATM closest to the ETF price', async () => {
    serve();
    renderAppAt('/options');
    const chain = await screen.findByTestId('chain-table', undefined, WAIT);
    await waitFor(() => expect(within(chain).getAllByTestId('chain-row')).toHaveLength(3), WAIT);
    const rows = within(chain).getAllByTestId('chain-row');
    expect(rows.map((r) => r.dataset['strike'])).toEqual(['2.7', '2.75', '2.8']);
    for (const row of rows) {
      expect(within(row).getByTestId('call-cell').textContent).not.toBe('');
      expect(within(row).getByTestId('put-cell').textContent).not.toBe('');
    }
    await waitFor(() =>
      expect(chain.querySelector('[data-atm="true"]')?.getAttribute('data-strike')).toBe('2.75'),
    );
    expect(within(rows[1] ?? chain).getByTestId('call-cell').textContent).toBe('0.0261');
    expect(screen.getByTestId('contract-hint')).toBeTruthy();
  });

  it('a contract shows days to expiry and its parity gap with its pair; the session is kept in the URL', async () => {
    serve();
    const router = renderAppAt(`/options/${code('C', 2.75)}`);
    const contract = await screen.findByTestId('option-contract', undefined, WAIT);
    expect(within(contract).getByTestId('fact-days-left').textContent).toBe('剩余 7 天');
    // (C − P) − (S − K) = (0.0261 − 0.0303) − (2.745 − 2.75) = 0.0008.
    await waitFor(() => expect(within(contract).getByTestId('parity-gap').textContent).toBe('+0.0008'), WAIT);
    expect(within(contract).getByTestId('parity-pair').textContent).toBe(code('P', 2.75));
    fireEvent.click(within(contract).getByRole('button', { name: '集合竞价' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ session: 'pre_market' }));
  });

  it('an unknown contract code says so and keeps the chain', async () => {
    serve();
    renderAppAt('/options/10999999.SH');
    expect((await screen.findByRole('alert', undefined, WAIT)).textContent).toContain(
      '未找到代码为 10999999.SH 的期权合约',
    );
    await waitFor(() => expect(screen.getAllByTestId('chain-row')).toHaveLength(3), WAIT);
  });
});
