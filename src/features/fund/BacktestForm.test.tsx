// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAppAt } from '../../app.testkit';
import { catalog } from '../../contract/catalog';
import { BACKTEST_PLAN_LIMITS } from '../../contract/operations/fund-tools-terms';
import { languagePreference } from '../../lib/i18n';
import { simulatedFundPages } from './simulated-fetch.testkit';

const sim = simulatedFundPages();

const backtestCalls = () => sim.requests.filter((u) => u.pathname === catalog['fund/backtest/result'].path);

async function openForm(path = '/fund/005827.OF?tab=tools') {
  const router = renderAppAt(path);
  const panel = await screen.findByTestId('backtest-panel', {}, { timeout: 20_000 });
  const run = await within(panel).findByTestId('run-backtest', {}, { timeout: 20_000 });
  return { router, panel, run };
}

describe('the fund back-test form', () => {
  it('refuses more buys than a plan may hold, naming the field, and runs once it is within the limit', async () => {
    const { router, panel, run } = await openForm();
    const maxBuys = within(panel).getByRole('textbox', { name: '最多买入次数' });
    const tooMany = BACKTEST_PLAN_LIMITS.maxBuys + 1;
    fireEvent.change(maxBuys, { target: { value: String(tooMany) } });
    fireEvent.click(run);

    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toBe(`“最多买入次数”不能大于 ${BACKTEST_PLAN_LIMITS.maxBuys}`);
    expect(maxBuys.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).not.toHaveProperty('bt');
    expect(backtestCalls()).toHaveLength(0);

    fireEvent.change(maxBuys, { target: { value: String(BACKTEST_PLAN_LIMITS.maxBuys) } });
    fireEvent.click(run);
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ bt: { n: BACKTEST_PLAN_LIMITS.maxBuys } }),
    );
    expect(within(panel).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(backtestCalls()).toHaveLength(1));
    expect(backtestCalls()[0]?.searchParams.get('max_buy_times')).toBe(String(BACKTEST_PLAN_LIMITS.maxBuys));
  }, 60_000);

  it('names each field that is not a number, in the words of its label, and sends nothing', async () => {
    const { router, panel, run } = await openForm();
    fireEvent.change(within(panel).getByRole('textbox', { name: '买入条件（全部满足） 1: 阈值' }), {
      target: { value: 'abc' },
    });
    fireEvent.change(within(panel).getByRole('textbox', { name: '卖出条件（全部满足） 1: 阈值' }), {
      target: { value: ' ' },
    });
    fireEvent.change(within(panel).getByRole('textbox', { name: '每次买入金额（元）' }), {
      target: { value: '0' },
    });
    fireEvent.click(run);
    const alert = await within(panel).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual([
      '“买入条件（全部满足） 1: 阈值”必须是数字',
      '“卖出条件（全部满足） 1: 阈值”必须是数字',
      '“每次买入金额（元）”必须是大于 0 的数字',
    ]);
    expect(router.state.location.search).not.toHaveProperty('bt');
    expect(backtestCalls()).toHaveLength(0);
  }, 60_000);

  it('needs a buy condition, and says so in English too', async () => {
    languagePreference.write('en');
    try {
      const { router, panel, run } = await openForm();
      const buy = within(panel).getByRole('group', { name: 'Buy when all hold' });
      fireEvent.click(within(buy).getByRole('button', { name: 'Remove' }));
      fireEvent.click(run);
      expect((await within(panel).findByRole('alert')).textContent).toBe('Add at least one buy condition');
      expect(router.state.location.search).not.toHaveProperty('bt');
    } finally {
      languagePreference.write('zh-CN');
    }
  }, 60_000);

  it('reopens a linked plan in the form, so running it again sends the same plan', async () => {
    const indicators = await sim.client.fetchOperation('fund/backtest/indicators', {});
    const i = indicators[indicators.length - 1]?.indicator_code ?? '';
    const plan = { buy: [{ i, o: '<', v: 25.5 }], sell: [], f: 'MONTHLY', n: 7, a: 2500 };
    const { router, panel, run } = await openForm(
      `/fund/005827.OF?tab=tools&bt=${encodeURIComponent(JSON.stringify(plan))}`,
    );
    expect(within(panel).getByRole('textbox', { name: '买入条件（全部满足） 1: 阈值' })).toHaveProperty(
      'value',
      '25.5',
    );
    expect(within(panel).getByRole('textbox', { name: '最多买入次数' })).toHaveProperty('value', '7');
    expect(within(panel).getByRole('combobox', { name: '买入条件（全部满足） 1: 指标' })).toHaveProperty(
      'value',
      i,
    );
    fireEvent.click(run);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ bt: plan }));
    expect(within(panel).queryByRole('alert')).toBeNull();
  }, 60_000);
});
