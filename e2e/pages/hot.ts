import { expect, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The hot-list page as a user sees it: view links, list controls, tables, trend chart and legend, pager. */
export class HotPage {
  readonly page: Page;
  readonly view: Locator;
  readonly views: Locator;
  readonly lists: Locator;
  readonly periods: Locator;
  readonly limit: Locator;
  readonly historyDate: Locator;
  readonly trendChart: Locator;
  readonly trendLegend: Locator;
  readonly trendPicker: Locator;
  readonly monitorState: Locator;
  readonly monitorPage: Locator;
  readonly monitorNext: Locator;
  readonly monitorPrev: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.view = app.main.getByTestId('hot-view');
    this.views = this.view.getByRole('navigation', { name: '视图' });
    this.lists = app.main.getByTestId('list-switch');
    this.periods = app.main.getByTestId('period-switch');
    this.limit = app.main.getByTestId('limit-select');
    // The day picker's button, named "日期: yyyy-MM-dd".
    this.historyDate = app.main.getByTestId('history-date').getByRole('button', { name: /^日期:/ });
    this.trendChart = app.main.getByTestId('trend-chart');
    this.trendLegend = app.main.getByTestId('trend-legend');
    this.trendPicker = app.main.getByTestId('trend-picker').getByRole('combobox');
    this.monitorState = app.main.getByTestId('monitor-state');
    this.monitorPage = app.main.getByTestId('monitor-page');
    this.monitorNext = app.main.getByTestId('monitor-next');
    this.monitorPrev = app.main.getByTestId('monitor-prev');
  }

  async open(path: string): Promise<void> {
    await this.app.open(path);
    await expect(this.view).toBeVisible();
  }

  viewLink(label: string): Locator {
    return this.views.getByRole('link', { name: label, exact: true });
  }

  button(group: Locator, label: string): Locator {
    return group.getByRole('button', { name: label, exact: true });
  }

  /** The data table of the open view, by its accessible name. */
  table(name: string | RegExp): Locator {
    return this.app.main.getByRole('table', { name });
  }

  /** Body rows of a table (not the header, not the virtualisation spacers). */
  rows(table: Locator): Locator {
    return table.locator('tbody tr[data-index]');
  }

  /** The text of one column of a table's body rows. */
  async column(table: Locator, index: number): Promise<string[]> {
    return this.rows(table).evaluateAll(
      (rows, i) => rows.map((row) => row.querySelectorAll('td')[i]?.textContent ?? ''),
      index,
    );
  }

  /** The trend chart has drawn: canvas present and colours resolved. */
  async trendReady(): Promise<void> {
    await expect(this.trendChart.locator('canvas').first()).toBeVisible();
    await expect(this.trendChart).toHaveAttribute('data-invert-scale', 'true');
  }
}
