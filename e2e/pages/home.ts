import { expect, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The market home as a user sees it: session, period switch and the four cards with their links. */
export class HomePage {
  readonly page: Page;
  readonly view: Locator;
  readonly session: Locator;
  readonly periods: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.view = app.main.getByTestId('market-home');
    this.session = app.main.getByTestId('home-session-phase');
    this.periods = app.main.getByTestId('home-period');
  }

  async open(path = '/'): Promise<void> {
    await this.app.open(path);
    await expect(this.view).toBeVisible();
  }

  card(id: 'hot' | 'skyrocket' | 'dragon-tiger' | 'monitor'): Locator {
    return this.app.main.getByTestId(`home-${id}`);
  }

  /** The card's title link to its page. */
  link(id: 'hot' | 'skyrocket' | 'dragon-tiger' | 'monitor'): Locator {
    return this.app.main.getByTestId(`home-link-${id}`);
  }

  period(label: string): Locator {
    return this.periods.getByRole('button', { name: label, exact: true });
  }

  /** Names in a ranking card, top first. */
  async names(id: 'hot' | 'skyrocket'): Promise<string[]> {
    return this.card(id)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
  }
}
