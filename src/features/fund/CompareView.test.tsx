// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAppAt } from '../../app.testkit';
import { simulatedFundPages } from './simulated-fetch.testkit';

// The simulator builds its fund universe on the first fund call: done once, not inside a test.
const sim = simulatedFundPages();

describe('fund comparison', () => {
  it('rebases every fund to 100 on one common day and lists the holdings they share', async () => {
    const router = renderAppAt('/fund/compare?codes=510300.SH,005827.OF,161725.SZ&range=tmonth');
    const legend = await screen.findByTestId('compare-legend', {}, { timeout: 20_000 });
    await waitFor(
      () => expect(within(legend).getAllByTestId('rebased-first')[2]?.textContent).toMatch(/100\.00$/),
      {
        timeout: 20_000,
      },
    );
    const firsts = within(legend)
      .getAllByTestId('rebased-first')
      .map((cell) => cell.textContent);
    const start = screen.getByTestId('common-start').textContent?.replace('共同起点 ', '');
    expect(firsts).toEqual([`${start} 100.00`, `${start} 100.00`, `${start} 100.00`]);
    // Each fund's type comes from its own search record.
    const navCalls = sim.requests.filter((u) => u.pathname === '/api/fund/performance/nav');
    expect(
      new Set(navCalls.map((u) => `${u.searchParams.get('thscode')}:${u.searchParams.get('fund_type')}`)),
    ).toEqual(new Set(['510300.SH:exchange', '005827.OF:otc', '161725.SZ:exchange']));
    const overlap = screen.getByTestId('compare-overlap');
    await waitFor(() => expect(within(overlap).getAllByRole('table')).toHaveLength(2));

    fireEvent.click(
      within(screen.getByTestId('compare-funds')).getByRole('button', { name: /^移除 中欧医疗健康混合A$/ }),
    );
    await waitFor(() => expect(router.state.location.search).toMatchObject({ codes: '510300.SH,161725.SZ' }));
  }, 60_000);

  it('names a code in the link that is not a fund and still compares the others', async () => {
    renderAppAt('/fund/compare?codes=600519.SH,510300.SH');
    const funds = await screen.findByTestId('compare-funds');
    await waitFor(() => expect(funds.textContent).toContain('600519.SH 不是可识别的基金'), {
      timeout: 20_000,
    });
    expect(
      sim.requests.some(
        (u) => u.searchParams.get('thscode') === '600519.SH' && u.pathname.startsWith('/api/fund/'),
      ),
    ).toBe(false);
  }, 60_000);
});
