import { expect, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The options page as a user sees it: variety and expiry choice, chain, chosen contract and its charts. */
export class OptionsPage {
  readonly page: Page;
  readonly view: Locator;
  readonly chain: Locator;
  readonly rows: Locator;
  readonly contract: Locator;
  readonly dailyChart: Locator;
  readonly dailyLegend: Locator;
  readonly intradayChart: Locator;
  readonly expiries: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.view = app.main.getByTestId('options-view');
    this.chain = app.main.getByTestId('chain-table');
    this.rows = this.chain.getByTestId('chain-row');
    this.contract = app.main.getByTestId('option-contract');
    this.dailyChart = app.main.getByTestId('daily-chart');
    this.dailyLegend = app.main.getByTestId('daily-legend');
    this.intradayChart = app.main.getByTestId('intraday-chart');
    this.expiries = app.main.getByTestId('expiry-switch');
  }

  row(strike: number): Locator {
    return this.chain.locator(`[data-testid="chain-row"][data-strike="${strike}"]`);
  }

  /** The daily chart has drawn its candles and volume. */
  async dailyDrawn(): Promise<void> {
    await expect(this.dailyChart.locator('canvas').first()).toBeVisible();
    await expect(this.dailyChart).toHaveAttribute('data-series-count', '2');
  }
}
