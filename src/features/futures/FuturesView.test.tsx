// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { envelope, requestOf } from '../../lib/testing.testkit';
import { renderAppAt } from '../../app.testkit';

/** Route loaders, the lazy route chunk and the answers take a while in jsdom. */
const WAIT = { timeout: 5000 };

/** The server's clock: 2026-07-15 10:10 Shanghai (a Wednesday session). */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');

function variety(code: string, name: string, exchange: string, exchangeName: string, main: string) {
  return {
    variety_code: code,
    quote_code: code,
    name,
    exchange_code: exchange,
    exchange_name: exchangeName,
    price_unit: exchange === 'CFFEX' ? '点' : '元/吨',
    trade_unit: exchange === 'CFFEX' ? '元/点' : '吨',
    main_contract_thscode: main,
    has_night_session: exchange !== 'CFFEX',
    margin_rate: 12,
    capital_flow: null,
    long_short_ratio: null,
    trade_amount: 300,
    price_coefficient: 1,
    tick_size: exchange === 'CFFEX' ? 0.2 : 10,
    contract_multiplier: exchange === 'CFFEX' ? 300 : 5,
    transaction_fee: null,
    transaction_fee_rate: 0.0023,
    trade_sessions:
      exchange === 'CFFEX'
        ? [
            { start_time: '09:30', end_time: '11:30', session_type: 'day' },
            { start_time: '13:00', end_time: '15:00', session_type: 'day' },
          ]
        : [
            { start_time: '21:00', end_time: '01:00', session_type: 'night' },
            { start_time: '09:00', end_time: '10:15', session_type: 'day' },
          ],
  };
}

const VARIETIES = [
  variety('CU', '沪铜', 'SHFE', '上海期货交易所', 'CU2608.SHF'),
  variety('IF', '沪深300股指', 'CFFEX', '中国金融期货交易所', 'IF2608.CFX'),
];

function latest(thscode: string, name: string, spot: number, close: number) {
  return {
    thscode,
    ticker: thscode.split('.')[0],
    name,
    variety_name: name,
    reference_site: '中证指数有限公司',
    updated_at: '2026-07-14 17:00:00',
    spot_publish_date: '2026-07-14',
    spot_indicator_id: 'S1706488',
    default_value: '沪深300指数',
    spot_price: spot,
    converted_spot_price: spot,
    close_price: close,
    settle_price: close + 1,
    close_basis: spot - close,
    settle_basis: spot - close - 1,
    close_basis_rate: ((spot - close) / close) * 100,
    settle_basis_rate: ((spot - close - 1) / (close + 1)) * 100,
    average_close_basis: 20,
    average_settle_basis: 19,
  };
}

/** IF months: last trading days (third Fridays) and the newest close of each. */
const IF_MONTHS: Record<string, [string, number]> = {
  'IF2607.CFX': ['2026-07-17', 3996.8],
  'IF2608.CFX': ['2026-08-21', 3988.6],
  'IF2609.CFX': ['2026-09-18', 3984.4],
  'IF2612.CFX': ['2026-12-18', 3975.0],
};

function futuresRecord(thscode: string) {
  const last = IF_MONTHS[thscode]?.[0] ?? null;
  return {
    thscode,
    ticker: thscode.split('.')[0],
    name: `沪深300股指${thscode.slice(2, 6)}`,
    exchange: 'CFFEX',
    asset_type: 'futures',
    currency: 'CNY',
    list_date: '2025-08-21',
    end_date: last,
    last_trade_date: last,
    last_delivery_date: last,
  };
}

/** Two days of basis; the spot is 4013.85 on the newest day. */
function history(thscode: string) {
  const close = IF_MONTHS[thscode]?.[1] ?? 3990;
  const day = (date: string, spot: number, price: number) => ({
    date,
    spot_price: spot,
    converted_spot_price: spot,
    close_price: price,
    settle_price: price + 2,
    close_basis: Math.round((spot - price) * 100) / 100,
    settle_basis: Math.round((spot - price - 2) * 100) / 100,
    close_basis_rate: 0.4,
    settle_basis_rate: 0.35,
  });
  return [day('2026-07-13', 4001.2, close - 9), day('2026-07-14', 4013.85, close)];
}

/** The planned lists answer with an error, as the real service may; everything else works. */
function serve(planned: 'error' | 'ok') {
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const q = (name: string) => url.searchParams.get(name) ?? '';
    const refused = () => Promise.resolve(envelope(null, 2003, 'This operation is not open'));
    switch (url.pathname) {
      case '/bff/mode':
        return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
      case '/api/futures/varieties/list':
        return Promise.resolve(envelope({ timestamp: NOW, item: VARIETIES }));
      case '/api/futures/basis/main-continuous-latest':
        return Promise.resolve(
          envelope({
            timestamp: NOW,
            item: [
              latest('CUZL.SHF', '沪铜主力', 78756, 77850),
              latest('IFZL.CFX', '沪深300股指主力', 4013.85, 3996.8),
            ],
          }),
        );
      case '/api/futures/variety-plates/list':
        return planned === 'error'
          ? refused()
          : Promise.resolve(
              envelope({
                timestamp: NOW,
                item: [
                  { variety_code: 'IF', name: '沪深300股指', plate_name: '股指', plate_level: 2 },
                  { variety_code: 'CU', name: '沪铜', plate_name: '有色金属', plate_level: 2 },
                ],
              }),
            );
      case '/api/futures/contracts/main-continuous-list':
      case '/api/futures/contracts/commodity-index-list':
      case '/api/futures/contracts/main-list':
      case '/api/futures/contracts/secondary-main-list':
        return planned === 'error' ? refused() : Promise.resolve(envelope({ timestamp: NOW, item: [] }));
      case '/api/meta/tickers/search': {
        const key = q('q').toUpperCase();
        const codes = Object.keys(IF_MONTHS).filter((c) =>
          key.endsWith('.CFX') ? c === key : c.startsWith(key),
        );
        return Promise.resolve(envelope({ timestamp: NOW, item: codes.map(futuresRecord) }));
      }
      case '/api/futures/basis/historical':
        return Promise.resolve(envelope({ timestamp: NOW, item: history(q('thscode')) }));
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

describe('futures pages when the lists planned for a later release are refused', () => {
  it('/futures says the plates and indices are not offered, and still groups varieties and shows the basis', async () => {
    serve('error');
    renderAppAt('/futures');
    expect((await screen.findByTestId('plates-not-offered', undefined, WAIT)).textContent).toContain(
      '品种板块暂未开放',
    );
    expect((await screen.findByTestId('indices-not-offered', undefined, WAIT)).textContent).toContain(
      '商品指数列表暂未开放',
    );
    // Varieties are still grouped by exchange, financial futures first.
    const cffex = await screen.findByTestId('exchange-CFFEX', undefined, WAIT);
    // The rows are drawn a moment after their table (a deferred render).
    expect(await within(cffex).findByText('IF2608.CFX', undefined, WAIT)).toBeTruthy();
    // Without plates there is no plate column to fill with blanks.
    expect(within(cffex).queryByRole('columnheader', { name: /板块/ })).toBeNull();
    expect(
      await within(screen.getByTestId('exchange-SHFE')).findByText('CU2608.SHF', undefined, WAIT),
    ).toBeTruthy();
    const basis = await screen.findByRole('table', { name: '主力连续最新基差' }, WAIT);
    await waitFor(() =>
      expect(
        within(basis)
          .getAllByRole('link', { name: /主力$/ })
          .map((a) => a.textContent),
      ).toEqual(['沪深300股指主力', '沪铜主力']),
    );
  });

  it('with the plates offered, no notice is shown and each variety gets its plate', async () => {
    serve('ok');
    renderAppAt('/futures?exchange=CFFEX');
    const cffex = await screen.findByTestId('exchange-CFFEX', undefined, WAIT);
    await waitFor(() => expect(within(cffex).getByText('股指')).toBeTruthy());
    expect(screen.queryByTestId('plates-not-offered')).toBeNull();
    // The exchange choice narrows the groups.
    expect(screen.queryByTestId('exchange-SHFE')).toBeNull();
  });

  it('a contract page keeps facts, basis legend and term structure, and says the secondary-main list is not offered', async () => {
    serve('error');
    renderAppAt('/futures/IF2608.CFX?basis=settle');
    expect(await screen.findByRole('heading', { level: 1, name: '沪深300股指2608' }, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('days-left').textContent).toBe('37 天'));
    // Settlement basis of the newest day: 4013.85 − 3990.6 = 23.25; 38 days from 2026-07-14 to expiry.
    await waitFor(() => expect(screen.getByTestId('legend-date').textContent).toBe('2026-07-14'));
    expect(screen.getByTestId('legend-basis').textContent).toBe('+23.25');
    const annualised = ((23.25 / 4013.85) * 365 * 100) / 38;
    expect(screen.getByTestId('legend-annualised').textContent).toBe(`+${annualised.toFixed(2)}%`);
    const terms = screen.getByTestId('term-structure');
    await waitFor(() => expect(within(terms).getAllByTestId('term-point')).toHaveLength(4));
    expect(
      within(terms)
        .getAllByTestId('term-point')
        .map((p) => p.dataset['code']),
    ).toEqual(['IF2607.CFX', 'IF2608.CFX', 'IF2609.CFX', 'IF2612.CFX']);
    expect(within(terms).getByText('次主力合约列表暂未开放')).toBeTruthy();
    expect(screen.getByText('主力合约列表暂未开放')).toBeTruthy();
    // The main contract is still marked, from the variety list.
    expect(screen.getByTestId('contract-role').textContent).toBe('主力');
  });
});
