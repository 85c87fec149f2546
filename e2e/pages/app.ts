import { expect, type Locator, type Page } from '@playwright/test';

/** The app shell as a user sees it: top bar, search and its results, page body. */
export class AppPage {
  readonly page: Page;
  readonly topBar: Locator;
  readonly modeBadge: Locator;
  readonly search: Locator;
  readonly results: Locator;
  readonly main: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBar = page.getByRole('banner');
    this.modeBadge = page.getByTestId('mode-badge');
    this.search = this.topBar.getByRole('combobox');
    this.results = this.topBar.getByRole('listbox');
    this.main = page.getByRole('main');
  }

  /** Open a page and wait until the app has mounted (the badge knows the mode), so keys reach it. */
  async open(path = '/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.modeBadge).toHaveAttribute('data-mode', /^(simulated|live)$/);
  }

  /**
   * Switch the app to English with the language switch, which sits in the bar on wide screens and
   * behind the menu button below 1024 px.
   */
  async chooseEnglish(): Promise<void> {
    const english = this.topBar.getByRole('button', { name: 'EN' });
    if (!(await english.isVisible())) await this.topBar.getByRole('button', { name: '菜单' }).click();
    await english.click();
  }

  result(code: string): Locator {
    return this.results.getByRole('option', { name: new RegExp(code.replace('.', '\\.')) });
  }

  /** Type into the top-bar search the keyboard way: `/` focuses it from anywhere. */
  async searchFor(text: string): Promise<void> {
    await this.page.keyboard.press('/');
    await this.page.keyboard.type(text);
  }
}
