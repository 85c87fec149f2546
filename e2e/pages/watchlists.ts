import { expect, type Locator, type Page } from '@playwright/test';

/** The watchlist pages as a user sees them: the index, one list with its table, the import preview. */
export class WatchlistsPage {
  readonly page: Page;
  readonly createName: Locator;
  readonly addBox: Locator;
  readonly addResults: Locator;
  readonly table: Locator;
  readonly announcer: Locator;
  readonly title: Locator;
  readonly shareLink: Locator;
  /** The live mark beside the title (data-state: connecting, live, reconnecting, paused). */
  readonly live: Locator;

  constructor(page: Page) {
    this.page = page;
    this.createName = page.getByLabel('新清单名称');
    this.addBox = page.getByTestId('watchlist-add').getByRole('combobox');
    this.addResults = page.getByTestId('watchlist-add').getByRole('listbox');
    this.table = page.getByRole('table', { name: /的品种$/ });
    this.announcer = page.getByTestId('watchlist-announcer');
    this.title = page.getByTestId('watchlist-name');
    this.shareLink = page.getByTestId('share-link');
    this.live = page.getByTestId('live-indicator');
  }

  /** Wait until the app has mounted (the badge knows the mode), so keys reach it. */
  async ready(): Promise<void> {
    await expect(this.page.getByTestId('mode-badge')).toHaveAttribute('data-mode', /^(simulated|live)$/);
  }

  async openIndex(): Promise<void> {
    await this.page.goto('/watchlists');
    await this.ready();
    await expect(this.page.getByRole('heading', { level: 1, name: '我的清单' })).toBeVisible();
  }

  /** Create a list from the index with the keyboard; resolves on its page. */
  async create(name: string): Promise<void> {
    await this.createName.fill(name);
    await this.createName.press('Enter');
    await expect(this.page).toHaveURL(/\/watchlists\/\d+$/);
    await expect(this.title).toHaveText(name);
  }

  /** Type into the page's search, wait for the instrument among the results, Enter adds it. */
  async addByKeyboard(typed: string, code: string): Promise<void> {
    const before = await this.rows().count();
    await this.addBox.focus();
    await this.page.keyboard.type(typed);
    await expect(
      this.addResults.getByRole('option', { name: new RegExp(code.replace('.', '\\.')) }),
    ).toBeVisible();
    await this.page.keyboard.press('Enter');
    await expect(this.rows()).toHaveCount(before + 1);
    await expect(this.addBox).toHaveValue('');
  }

  rows(): Locator {
    return this.table.locator('tbody tr').filter({ has: this.page.locator('[data-code]') });
  }

  row(code: string): Locator {
    return this.rows().filter({ has: this.page.locator(`[data-code="${code}"]`) });
  }

  handle(code: string): Locator {
    return this.page.locator(`button[data-code="${code}"]`);
  }

  /** The codes in the order shown. */
  async codes(): Promise<string[]> {
    return this.page
      .locator('button[data-code]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-code') ?? ''));
  }

  /** Code and note of every row, in order. */
  async items(): Promise<{ code: string; note: string }[]> {
    return this.rows().evaluateAll((rows) =>
      rows.map((row) => {
        const note = row.querySelector('.wl-note');
        return {
          code: row.querySelector('[data-code]')?.getAttribute('data-code') ?? '',
          note: note?.classList.contains('wl-note--empty') ? '' : (note?.textContent ?? ''),
        };
      }),
    );
  }

  /** A cell of a row by its column header. */
  async cell(code: string, header: string): Promise<Locator> {
    const headers = await this.table.locator('thead th').allInnerTexts();
    const index = headers.findIndex((h) => h.replace(/[▲▼↕]/g, '').trim() === header);
    if (index === -1) throw new Error(`no column ${header} in ${headers.join(', ')}`);
    return this.row(code).locator('td').nth(index);
  }

  async editNote(code: string, note: string): Promise<void> {
    await this.row(code).getByRole('button', { name: /备注/ }).click();
    const field = this.row(code).getByRole('textbox');
    await expect(field).toBeFocused();
    await field.fill(note);
    await field.press('Enter');
    await expect(this.row(code).locator('.wl-note')).toHaveText(note);
  }
}
