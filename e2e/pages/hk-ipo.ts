import { expect, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The Hong Kong IPO page as a user sees it: layout and status switches, the two lists, the grid, the detail. */
export class HkIpoPage {
  readonly page: Page;
  readonly view: Locator;
  readonly layout: Locator;
  readonly subscribable: Locator;
  readonly awaiting: Locator;
  readonly grid: Locator;
  readonly detail: Locator;
  readonly applications: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.view = app.main.getByTestId('hk-ipo-view');
    this.layout = app.main.getByTestId('hk-ipo-layout');
    this.subscribable = app.main.locator('section[data-status="subscribable"]');
    this.awaiting = app.main.locator('section[data-status="awaiting_listing"]');
    this.grid = app.main.getByTestId('hk-ipo-grid');
    this.detail = app.main.getByTestId('hk-ipo-detail');
    this.applications = app.main.getByTestId('hk-ipo-applications');
  }

  async open(path = '/hk-ipo'): Promise<void> {
    await this.app.open(path);
    await expect(this.view).toBeVisible();
  }

  row(list: Locator, name: string): Locator {
    return list.getByRole('row').filter({ hasText: name });
  }
}
