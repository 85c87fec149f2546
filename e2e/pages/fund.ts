import { expect, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The fund page as a user sees it: header, tabs, net-value chart with its legend, holdings. */
export class FundPage {
  readonly page: Page;
  readonly header: Locator;
  readonly name: Locator;
  readonly tabs: Locator;
  readonly ranges: Locator;
  readonly views: Locator;
  readonly chart: Locator;
  readonly legendDate: Locator;
  readonly navDate: Locator;
  readonly premium: Locator;
  readonly price: Locator;
  readonly stockHoldings: Locator;
  readonly stockPicker: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.header = app.main.getByTestId('fund-header');
    this.name = this.header.getByRole('heading', { level: 1 });
    this.tabs = app.main.getByRole('tablist');
    this.ranges = app.main.getByTestId('nav-panel').getByTestId('range-switch');
    this.views = app.main.getByTestId('view-switch');
    this.chart = app.main.getByTestId('nav-chart');
    this.legendDate = app.main.getByTestId('chart-legend').getByTestId('legend-date');
    this.navDate = this.header.getByTestId('nav-date');
    this.premium = this.header.getByTestId('etf-premium');
    this.price = this.header.getByTestId('etf-price');
    this.stockHoldings = app.main.getByTestId('stock-holdings');
    this.stockPicker = app.main.getByTestId('stock-report-picker');
  }

  /** Open a fund link and wait until its header names the fund. */
  async open(path: string): Promise<void> {
    await this.app.open(path);
    await expect(this.name).toBeVisible();
  }

  tab(label: string): Locator {
    return this.tabs.getByRole('tab', { name: label, exact: true });
  }

  range(label: string): Locator {
    return this.ranges.getByRole('button', { name: label, exact: true });
  }

  view(label: string): Locator {
    return this.views.getByRole('button', { name: label, exact: true });
  }

  /** The chart has drawn: the library's canvas is there and it holds its series. */
  async chartReady(): Promise<void> {
    await expect(this.chart.locator('canvas').first()).toBeVisible();
    await expect(this.chart).toHaveAttribute('data-series-count', /^[1-9]/);
  }

  /** Values of the report-date picker's options (`type|yyyy-MM-dd`), in order. */
  pickerValues(): Promise<string[]> {
    return this.stockPicker
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o instanceof HTMLOptionElement ? o.value : '')));
  }
}
