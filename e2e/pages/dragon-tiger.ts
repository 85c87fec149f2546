import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The dragon-tiger page as a user sees it: day picker, board switch, summary cards, table, detail. */
export class DragonTigerPage {
  readonly page: Page;
  readonly view: Locator;
  readonly dateButton: Locator;
  readonly picker: Locator;
  readonly boards: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly detail: Locator;
  readonly error: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.view = app.main.getByTestId('dragon-tiger-page');
    this.dateButton = app.main.getByTestId('dragon-tiger-date').getByRole('button', { name: /^交易日:/ });
    this.picker = app.main.getByRole('dialog', { name: '交易日' });
    this.boards = app.main.getByTestId('board-switch');
    this.table = app.main.getByRole('table', { name: '龙虎榜个股' });
    this.rows = this.table.locator('tbody tr[data-index]');
    this.detail = app.main.getByRole('complementary', { name: '机构明细' });
    this.error = app.main.getByTestId('dragon-tiger-error');
  }

  async open(path: string): Promise<void> {
    await this.app.open(path);
    await expect(this.view).toBeVisible();
  }

  /** Wait until the table shows rows of a loaded day. */
  async loaded(): Promise<void> {
    await expect(this.rows.first()).toBeVisible();
    await expect(this.app.main.getByTestId('summary-records')).not.toHaveText('—');
  }

  board(label: string): Locator {
    return this.boards.getByRole('button', { name: label, exact: true });
  }

  summary(id: 'stocks' | 'records' | 'total-net' | 'org-net'): Locator {
    return this.app.main.getByTestId(`summary-${id}`);
  }

  /** A column header by its label (its accessible name adds the sort state: "净买入, 升序"). */
  header(label: string): Locator {
    return this.table.getByRole('columnheader', { name: new RegExp(`^${label},`) });
  }

  /** A day's button in the open picker. */
  day(date: string): Locator {
    return this.picker.locator(`button[data-day="${date}"]`);
  }

  /** The text of one column of the body rows, by the header's position. */
  async column(index: number): Promise<string[]> {
    return this.rows.evaluateAll(
      (rows, i) => rows.map((row) => row.querySelectorAll('td')[i]?.textContent ?? ''),
      index,
    );
  }

  async headers(): Promise<string[]> {
    return this.table
      .locator('thead th')
      .evaluateAll((cells) =>
        cells.map((cell) => cell.querySelector('button')?.firstChild?.textContent ?? cell.textContent),
      );
  }

  /** Every dragon-tiger list request the page sends from now on. */
  watchListRequests(): string[] {
    const seen: string[] = [];
    this.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/a-share/special-data/dragon-tiger-list') {
        seen.push(request.url());
      }
    });
    return seen;
  }

  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.app.main.getByRole('button', { name: '导出 CSV' }).click();
    return download;
  }
}
