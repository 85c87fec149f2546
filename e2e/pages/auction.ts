import { expect, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The call-auction page as a user sees it: codes form, notes, stage switch, snapshot and benchmark. */
export class AuctionPage {
  readonly page: Page;
  readonly view: Locator;
  readonly input: Locator;
  readonly count: Locator;
  readonly submit: Locator;
  readonly tooMany: Locator;
  readonly duplicates: Locator;
  readonly resolved: Locator;
  readonly flagged: Locator;
  readonly stages: Locator;
  readonly snapshot: Locator;
  readonly idle: Locator;
  readonly phase: Locator;
  readonly dataStatus: Locator;
  readonly indicative: Locator;
  readonly snapshotTable: Locator;
  readonly benchmark: Locator;
  readonly benchDate: Locator;
  readonly benchOf: Locator;
  readonly benchDayProblem: Locator;
  readonly benchTable: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.view = app.main.getByTestId('auction-view');
    this.input = app.main.getByTestId('codes-input');
    this.count = app.main.getByTestId('codes-count');
    this.submit = app.main.getByTestId('codes-submit');
    this.tooMany = app.main.getByTestId('codes-too-many');
    this.duplicates = app.main.getByTestId('codes-duplicates');
    this.resolved = app.main.getByTestId('codes-resolved');
    this.flagged = app.main.getByTestId('codes-flagged');
    this.stages = app.main.getByTestId('stage-switch');
    this.snapshot = app.main.getByTestId('snapshot');
    this.idle = app.main.getByTestId('snapshot-idle');
    this.phase = app.main.getByTestId('auction-phase');
    this.dataStatus = app.main.getByTestId('data-status');
    this.indicative = app.main.getByTestId('indicative');
    this.snapshotTable = this.snapshot.getByRole('table');
    this.benchmark = app.main.getByTestId('benchmark');
    this.benchDate = app.main.getByTestId('bench-date').getByRole('button', { name: /^日期:/ });
    this.benchOf = app.main.getByTestId('bench-of');
    this.benchDayProblem = app.main.getByTestId('bench-day-problem');
    this.benchTable = this.benchmark.getByRole('table');
  }

  async open(path: string): Promise<void> {
    await this.app.open(path);
    await expect(this.view).toBeVisible();
  }

  stage(label: string): Locator {
    return this.stages.getByRole('button', { name: label, exact: true });
  }

  /** A flagged token's chip (its reason is inside). */
  flag(token: string): Locator {
    return this.flagged.locator(`[data-token="${token}"]`);
  }

  rows(table: Locator): Locator {
    return table.locator('tbody tr[data-index]');
  }

  async column(table: Locator, index: number): Promise<string[]> {
    return this.rows(table).evaluateAll(
      (rows, i) => rows.map((row) => row.querySelectorAll('td')[i]?.textContent ?? ''),
      index,
    );
  }

  /** Every auction snapshot request the page sends from now on. */
  watchSnapshotRequests(): string[] {
    const seen: string[] = [];
    this.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/a-share/auction/snapshot') seen.push(request.url());
    });
    return seen;
  }
}
