// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAppAt } from '../../app.testkit';
import { catalog } from '../../contract/catalog';
import { formatShanghaiDate } from '../../lib/format';
import { premiumPct } from './premium';
import { simulatedFundPages } from './simulated-fetch.testkit';

// The simulator builds its fund universe on the first fund call: done once, not inside a test.
const sim = simulatedFundPages();

/** The fund operations the page called, with the `fund_type` each one carried. */
function fundCalls(): { path: string; fundType: string | null }[] {
  return sim.requests
    .filter((u) => u.pathname.startsWith('/api/fund/'))
    .map((u) => ({ path: u.pathname, fundType: u.searchParams.get('fund_type') }));
}

describe('fund page', () => {
  it('locates an off-exchange fund by the search’s asset type: every call sends fund_type=otc, no exchange data', async () => {
    renderAppAt('/fund/005827.OF?tab=performance');
    const returns = await screen.findByRole('table', { name: '阶段收益' }, { timeout: 20_000 });
    await waitFor(() =>
      expect(within(returns).getAllByText(/^(优秀|良好|一般|不佳)$/).length).toBeGreaterThan(0),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('中欧医疗健康混合A');
    expect(screen.getByTestId('fund-type').textContent).toBe('场外基金');
    const calls = fundCalls();
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        catalog['fund/profile/detail'].path,
        catalog['fund/performance/returns'].path,
        catalog['fund/performance/drawdowns'].path,
      ]),
    );
    expect(calls.every((c) => c.fundType === 'otc')).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/api/fund/market/'))).toBe(false);
    // Since inception and year to date have no peer ranking: a dash, never a made-up quartile.
    const since = within(returns).getByText('成立以来').closest('tr');
    expect(since?.textContent).toContain('—');
  }, 60_000);

  it('shows an ETF’s exchange price and its premium to the newest unit net value, computed from both answers', async () => {
    renderAppAt('/fund/510300.SH');
    const premium = await screen.findByTestId('etf-premium', {}, { timeout: 20_000 });
    const nav = await sim.client.fetchOperation('fund/performance/nav', {
      thscode: '510300.SH',
      fund_type: 'exchange',
      range: 'week',
    });
    const quote = await sim.client.fetchOperation('fund/market/snapshot', { thscode: '510300.SH' });
    const last = nav.item[nav.item.length - 1];
    const unit = last?.unit_nav;
    const price = quote.item[0]?.last_price;
    const expected = premiumPct(price, unit);
    if (expected === null) throw new Error('no premium');
    await waitFor(() =>
      expect(premium.textContent).toBe(`${expected >= 0 ? '+' : ''}${expected.toFixed(2)}%`),
    );
    expect(screen.getByTestId('nav-date').textContent).toBe(formatShanghaiDate(last?.nav_date));
    const calls = fundCalls();
    expect(
      calls.filter((c) => c.path.startsWith('/api/fund/market/')).every((c) => c.fundType === null),
    ).toBe(true);
    expect(
      calls.filter((c) => !c.path.startsWith('/api/fund/market/')).every((c) => c.fundType === 'exchange'),
    ).toBe(true);
  }, 60_000);

  it('says plainly that a LOF has no exchange quote or candles here (3004), with a way back to its net value', async () => {
    const router = renderAppAt('/fund/161725.SZ?chart=market');
    const refused = await screen.findByTestId('chart-refused', {}, { timeout: 20_000 });
    expect(refused.textContent).toContain('该基金类型不提供此项数据');
    expect(refused.textContent).toContain('3004');
    await waitFor(() =>
      expect(screen.getByTestId('fund-header').textContent).toContain('该基金类型不提供此项数据'),
    );
    fireEvent.click(within(refused).getByRole('button', { name: '改看净值走势' }));
    // The default view is left out of the URL.
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('chart'));
    await waitFor(() => expect(screen.queryByTestId('chart-refused')).toBeNull());
  }, 60_000);

  it('offers exactly the disclosed report dates, opens the linked one, and compares it with the previous report', async () => {
    const router = renderAppAt('/fund/005827.OF?tab=portfolio&sdate=2025-12-31&stype=quarter');
    const picker = await screen.findByTestId('stock-report-picker', {}, { timeout: 20_000 });
    const dates = await sim.client.fetchOperation('fund/portfolio/stock-report-dates', {
      thscode: '005827.OF',
      fund_type: 'otc',
    });
    const expected = dates.item.map((r) => `${String(r.report_type)}|${formatShanghaiDate(r.end_date_ms)}`);
    const options = within(picker)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options).toEqual(expected);
    expect(picker).toHaveProperty('value', 'quarter|2025-12-31');
    const section = screen.getByTestId('stock-holdings');
    await waitFor(() => expect(section.textContent).toContain('对比上期 2025-09-30'));
    // A-share holdings link to their stock view.
    const table = within(section).getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('link').length).toBeGreaterThan(0));
    expect(within(table).getAllByRole('link')[0]?.getAttribute('href')).toMatch(/^\/stock\/\d{6}\.(SH|SZ)$/);

    fireEvent.change(picker, { target: { value: expected[0] } });
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ sdate: expected[0]?.split('|')[1] }),
    );
  }, 60_000);

  it('explains a link to a report that was never disclosed and shows the newest instead', async () => {
    renderAppAt('/fund/005827.OF?tab=portfolio&sdate=2024-02-29');
    const section = await screen.findByTestId('stock-holdings', {}, { timeout: 20_000 });
    await waitFor(() => expect(section.textContent).toContain('链接中的报告期 2024-02-29 未披露'));
  }, 60_000);

  it('sends a stock’s code to its stock page, and names a code that does not exist and one that is malformed', async () => {
    const router = renderAppAt('/fund/600519.SH');
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/600519.SH'), { timeout: 20_000 });
    expect(
      await screen.findByRole('heading', { level: 1, name: '贵州茅台' }, { timeout: 20_000 }),
    ).toBeTruthy();
    cleanup();
    renderAppAt('/fund/999999.OF');
    expect((await screen.findByRole('alert', {}, { timeout: 20_000 })).textContent).toBe(
      '未找到代码为 999999.OF 的基金',
    );
    cleanup();
    renderAppAt('/fund/510300');
    expect((await screen.findByRole('alert')).textContent).toContain('不是有效的基金代码：510300');
    expect(fundCalls()).toEqual([]);
  }, 60_000);

  it('sends an ETF opened as a stock to its fund page', async () => {
    const router = renderAppAt('/stock/510300.SH');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fund/510300.SH'), { timeout: 20_000 });
    expect(await screen.findByRole('heading', { level: 1, name: /沪深300ETF华泰柏瑞/ })).toBeTruthy();
    // The stock loader starts its quote and chart beside the instrument lookup (no waterfall, issue 16),
    // so an ETF's code on /stock/ costs those two requests before the redirect; the fund page is what shows.
  }, 60_000);
});
