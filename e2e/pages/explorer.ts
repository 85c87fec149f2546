import { expect, type Locator, type Page, type Request } from '@playwright/test';
import type { AppPage } from './app';

/** The API explorer as a user sees it: the operation's form, its Send button, the answer and "copy as". */
export class ExplorerPage {
  readonly page: Page;
  readonly form: Locator;
  readonly send: Locator;
  readonly refusal: Locator;
  readonly answerCode: Locator;
  readonly answerUrl: Locator;
  readonly answerCache: Locator;
  readonly table: Locator;
  readonly copyCurl: Locator;
  /** Every request the page made to the BFF's /api, in order. */
  readonly apiRequests: string[] = [];

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.form = app.main.getByRole('form', { name: /参数/ });
    this.send = this.form.getByRole('button', { name: '发送', exact: true });
    this.refusal = this.form.getByTestId('refusal');
    this.answerCode = app.main.getByTestId('answer-code');
    this.answerUrl = app.main.getByTestId('answer-url');
    this.answerCache = app.main.getByTestId('answer-cache');
    this.table = app.main.locator('.dt__table');
    this.copyCurl = this.form.getByTestId('copy-curl');
    this.page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) this.apiRequests.push(`${url.pathname}${url.search}`);
    });
  }

  /** The requests to one operation's path. */
  callsTo(path: string): string[] {
    return this.apiRequests.filter((request) => request.split('?')[0] === path);
  }

  field(name: string): Locator {
    return this.form.locator(`[data-param="${name}"]`);
  }

  async open(path: string): Promise<void> {
    await this.app.open(path);
    await expect(this.form).toBeVisible();
  }

  /** The texts of one column of the answer's table (1-based). */
  async column(index: number): Promise<string[]> {
    return this.table.locator(`tbody tr td:nth-child(${index})`).allInnerTexts();
  }
}
