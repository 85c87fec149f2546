import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** A loose JSON object from the server's answers, read field by field with checks. */
export type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `data` of an API answer (the server's own envelope). */
export async function apiData(request: APIRequestContext, path: string): Promise<Json> {
  const res = await request.get(path);
  const body: unknown = await res.json();
  if (!isJson(body) || !isJson(body['data'])) throw new Error(`no data in the answer to ${path}`);
  return body['data'];
}

/** `data.item` of an API answer. */
export async function apiItems(request: APIRequestContext, path: string): Promise<Json[]> {
  const items = (await apiData(request, path))['item'];
  if (!Array.isArray(items)) throw new Error(`no items in the answer to ${path}`);
  return items.filter(isJson);
}

export function text(o: Json | undefined, key: string): string {
  const value = o?.[key];
  if (typeof value !== 'string') throw new Error(`${key} is not a string`);
  return value;
}

export function num(o: Json | undefined, key: string): number {
  const value = o?.[key];
  if (typeof value !== 'number') throw new Error(`${key} is not a number`);
  return value;
}

/** Numbers as the app shows them in Chinese: grouping, fixed decimals, a sign on gains. */
export function zhNumber(value: number, digits: number, sign = false): string {
  return new Intl.NumberFormat('zh-CN', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: sign ? 'exceptZero' : 'negative',
  }).format(value);
}

/** Calendar days between two `yyyy-MM-dd` dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The futures pages as a user sees them. */
export class FuturesPage {
  readonly page: Page;
  readonly list: Locator;
  readonly basisTable: Locator;
  readonly contract: Locator;
  readonly legend: Locator;
  readonly basisKind: Locator;
  readonly chart: Locator;
  readonly terms: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.list = app.main.getByTestId('futures-list');
    this.basisTable = app.main.getByRole('table', { name: '主力连续最新基差' });
    this.contract = app.main.getByTestId('futures-contract');
    this.legend = app.main.getByTestId('basis-legend');
    this.basisKind = app.main.getByTestId('basis-kind');
    this.chart = app.main.getByTestId('basis-chart');
    this.terms = app.main.getByTestId('term-structure');
  }

  exchangeGroup(code: string): Locator {
    return this.app.main.getByTestId(`exchange-${code}`);
  }

  /** The latest-basis row of a main-continuous code. */
  basisRow(thscode: string): Locator {
    return this.basisTable
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: thscode, exact: true }) });
  }

  legendValue(name: 'date' | 'basis' | 'annualised' | 'price' | 'days'): Locator {
    return this.legend.getByTestId(`legend-${name}`);
  }

  /** The basis chart has drawn. */
  async chartDrawn(): Promise<void> {
    await expect(this.chart.locator('canvas').first()).toBeVisible();
  }
}
