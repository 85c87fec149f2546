// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../lib/testing.testkit';
import { languagePreference } from '../../lib/i18n';
import type { IntradaySpan } from '../../api/market-data';
import { IntradayPanel } from './IntradayPanel';
import { minuteOf, tapeDay, tapeSeries } from './model.testkit';
import { serveIntraday } from './intraday.testkit';

const DAY = '2026-11-27';
const NOW = Date.parse('2026-11-27T10:30:20+08:00');
const TRADING_DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', DAY];

function Panel({ initial = 1 }: { initial?: IntradaySpan }) {
  const [days, setDays] = useState<IntradaySpan>(initial);
  return <IntradayPanel thscode="600519.SH" name="贵州茅台" priceKind="stock" days={days} onDays={setDays} />;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IntradayPanel', () => {
  it('reads the latest minute, the previous close, and says when the recording started', async () => {
    const day = tapeDay(DAY, 100, { from: '10:12', count: 19, startedAt: '10:12' });
    serveIntraday({ serverNow: NOW, tradingDays: TRADING_DAYS, tape: () => tapeSeries([day]) });
    renderWithProviders(<Panel />);
    const last = day.points.at(-1);
    expect(await screen.findByText('记录开始于 10:12')).toBeTruthy();
    expect(screen.getByTestId('readout-time').textContent).toBe('10:30');
    expect(screen.getByTestId('readout-price').textContent).toBe(last?.price.toFixed(2));
    expect(screen.getByTestId('readout-avg').textContent).toBe(last?.avg_price.toFixed(2));
    const change = (((last?.price ?? 0) / 100 - 1) * 100).toFixed(2);
    expect(screen.getByTestId('readout-change').textContent).toBe(
      `${Number(change) > 0 ? '+' : ''}${change}%`,
    );
    expect(screen.getByTestId('intraday-base').textContent).toBe('昨收 100.00');
    expect(screen.getByTestId('intraday-recording').textContent).toBe('记录中 · 最新 10:30');
  });

  it('a complete tape has no note', async () => {
    serveIntraday({
      serverNow: NOW,
      tradingDays: TRADING_DAYS,
      tape: () => tapeSeries([tapeDay(DAY, 100, { count: 61 })]),
    });
    renderWithProviders(<Panel />);
    await waitFor(() => expect(screen.getByTestId('readout-time').textContent).toBe('10:30'));
    expect(screen.queryByTestId('intraday-notes')).toBeNull();
  });

  it('says so in English too', async () => {
    languagePreference.write('en');
    try {
      const day = tapeDay(DAY, 100, { from: '10:12', count: 19, startedAt: '10:12' });
      serveIntraday({ serverNow: NOW, tradingDays: TRADING_DAYS, tape: () => tapeSeries([day]) });
      renderWithProviders(<Panel />);
      expect(await screen.findByText('Recording started at 10:12')).toBeTruthy();
      expect(screen.getByRole('button', { name: '5 days' })).toBeTruthy();
      expect(screen.getByTestId('intraday-base').textContent).toBe('Prev close 100.00');
    } finally {
      languagePreference.write('zh-CN');
    }
  });

  it('the five-day view asks for five days and names the day that started late', async () => {
    const previous = TRADING_DAYS.slice(0, 4).map((d) => tapeDay(d, 100));
    const today = tapeDay(DAY, 100, { from: '10:12', count: 19, startedAt: '10:12' });
    const { tapeRequests } = serveIntraday({
      serverNow: NOW,
      tradingDays: TRADING_DAYS,
      tape: (days) => tapeSeries(days === 1 ? [today] : [...previous, today]),
    });
    renderWithProviders(<Panel />);
    await screen.findByText('记录开始于 10:12');
    fireEvent.click(screen.getByRole('button', { name: '五日' }));
    expect(await screen.findByText('2026-11-27 记录开始于 10:12')).toBeTruthy();
    expect(tapeRequests.map((q) => q.get('days'))).toEqual(['1', '5']);
    expect(tapeRequests.every((q) => q.get('thscode') === '600519.SH')).toBe(true);
    expect(screen.getByTestId('readout-time').textContent).toBe('11-27 10:30');
    expect(screen.getByTestId('intraday-base').textContent).toBe('2026-11-23 前收盘 100.00');
  });

  it('a tape that is off and has nothing says so instead of drawing', async () => {
    serveIntraday({
      serverNow: NOW,
      tradingDays: TRADING_DAYS,
      tape: () => tapeSeries([], { state: 'off' }),
    });
    renderWithProviders(<Panel />);
    expect(await screen.findByText('分时记录已关闭，没有可显示的分钟。')).toBeTruthy();
    expect(screen.getByTestId('readout-price').textContent).toBe('—');
  });

  it('minutes kept from before the tape was turned off are marked as such', async () => {
    serveIntraday({
      serverNow: NOW,
      tradingDays: TRADING_DAYS,
      tape: () => tapeSeries([tapeDay('2026-11-26', 100)], { state: 'off' }),
    });
    renderWithProviders(<Panel />);
    expect(await screen.findByTestId('intraday-off')).toBeTruthy();
    expect(screen.getByTestId('readout-time').textContent).toBe('15:00');
  });

  it('no minutes yet is an empty state, not a flat line', async () => {
    serveIntraday({ serverNow: NOW, tradingDays: TRADING_DAYS, tape: () => tapeSeries([]) });
    renderWithProviders(<Panel />);
    expect(await screen.findByText(/还没有分时记录/)).toBeTruthy();
    expect(screen.getByTestId('readout-time').textContent).toBe('—');
  });

  it('a failure is an error with the service’s words and a retry, and the readout stays empty', async () => {
    serveIntraday({
      serverNow: NOW,
      tradingDays: TRADING_DAYS,
      tape: { status: 503, body: { code: 5003, message: 'tape unavailable', request_id: 'r1', data: null } },
    });
    renderWithProviders(<Panel />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('5003');
    expect(screen.getByTestId('readout-price').textContent).toBe('—');
    expect(screen.queryByTestId('intraday-chart')).toBeNull();
  });

  it('an answer that does not match the contract is an error naming the field', async () => {
    serveIntraday({
      serverNow: NOW,
      tradingDays: TRADING_DAYS,
      tape: { status: 200, body: { thscode: '600519.SH', days: [{ date: DAY }] } },
    });
    renderWithProviders(<Panel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/days\[0\]|tape/);
  });

  it('the minute it reads is the one of the tape (not the browser’s clock)', async () => {
    const day = tapeDay(DAY, 100, { count: 2 });
    serveIntraday({ serverNow: NOW, tradingDays: TRADING_DAYS, tape: () => tapeSeries([day]) });
    renderWithProviders(<Panel />);
    await waitFor(() => expect(screen.getByTestId('readout-time').textContent).toBe('09:31'));
    expect(day.points.at(-1)?.t).toBe(minuteOf(DAY, '09:31'));
  });
});
