import { expect, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The news pages as a user sees them: the flash list, its controls, the announcement reader. */
export class NewsPage {
  readonly page: Page;
  readonly view: Locator;
  readonly list: Locator;
  readonly items: Locator;
  readonly more: Locator;
  readonly unread: Locator;
  readonly reader: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.view = app.main.getByTestId('news-view');
    this.list = app.main.getByTestId('flash-list');
    this.items = this.list.locator('[data-flash-id]');
    this.more = app.main.getByTestId('news-more');
    this.unread = app.main.getByTestId('news-unread');
    this.reader = app.main.getByTestId('notice-view');
  }

  async open(path = '/news'): Promise<void> {
    await this.app.open(path);
    await expect(this.view).toBeVisible();
  }

  item(id: string): Locator {
    return this.list.locator(`[data-flash-id="${id}"]`);
  }

  /** The ids of the items on screen, in order. */
  async ids(): Promise<string[]> {
    return this.items.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-flash-id') ?? ''));
  }
}
