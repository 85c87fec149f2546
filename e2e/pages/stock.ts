import { expect, type Locator, type Page } from '@playwright/test';
import type { AppPage } from './app';

/** The stock view as a user sees it: header, chart with its toolbar and legend, tabs. */
export class StockPage {
  readonly page: Page;
  readonly header: Locator;
  readonly name: Locator;
  readonly last: Locator;
  readonly change: Locator;
  readonly legend: Locator;
  readonly legendDate: Locator;
  readonly legendClose: Locator;
  readonly chart: Locator;
  readonly ranges: Locator;
  readonly adjusts: Locator;
  readonly intervals: Locator;
  readonly indicators: Locator;
  readonly indicatorLegend: Locator;
  readonly comparePicker: Locator;
  readonly compareChip: Locator;
  readonly tabs: Locator;
  readonly statementTable: Locator;

  constructor(readonly app: AppPage) {
    this.page = app.page;
    this.header = app.main.getByTestId('stock-header');
    this.name = this.header.getByRole('heading', { level: 1 });
    this.last = this.header.getByTestId('quote-last');
    this.change = this.header.getByTestId('quote-change');
    this.legend = app.main.getByTestId('chart-legend');
    this.legendDate = this.legend.getByTestId('legend-date');
    this.legendClose = this.legend.getByTestId('legend-close');
    this.chart = app.main.getByTestId('price-chart');
    this.ranges = app.main.getByTestId('range-switch');
    this.adjusts = app.main.getByTestId('adjust-switch');
    this.intervals = app.main.getByTestId('interval-switch');
    this.indicators = app.main.getByTestId('indicator-switch');
    this.indicatorLegend = app.main.getByTestId('indicator-legend');
    this.comparePicker = app.main.getByTestId('compare-picker').getByRole('combobox');
    this.compareChip = app.main.getByTestId('compare-chip');
    this.tabs = app.main.getByRole('tablist');
    this.statementTable = app.main.getByTestId('statement-table');
  }

  /**
   * Open a stock link and wait until the chart has drawn its candles. The suite's clock is in a session,
   * where the page opens on the intraday line: a link that does not choose a view gets the candles.
   */
  async open(path: string): Promise<void> {
    await this.app.open(withCandles(path));
    await expect(this.name).toBeVisible();
    await this.chartReady();
  }

  async chartReady(): Promise<void> {
    await expect(this.chart.locator('canvas').first()).toBeVisible();
    await expect(this.chart).toHaveAttribute('data-up-color', /rgb/);
    // Every series attached (the first build adds them one at a time).
    await expect(this.chart).toHaveAttribute('data-complete', 'true');
  }

  range(label: string): Locator {
    return this.ranges.getByRole('button', { name: label, exact: true });
  }

  adjust(label: string): Locator {
    return this.adjusts.getByRole('button', { name: label, exact: true });
  }

  interval(label: string): Locator {
    return this.intervals.getByRole('button', { name: label, exact: true });
  }

  indicator(label: string): Locator {
    return this.indicators.getByRole('button', { name: label, exact: true });
  }

  /** A figure of the header by its id (`limitUp`, `turnoverRate`, …). */
  figure(id: string): Locator {
    return this.header.getByTestId(`quote-${id}`);
  }

  tab(label: string): Locator {
    return this.tabs.getByRole('tab', { name: label });
  }

  /** The values of one statement line, by its row label, without the label and the YoY change. */
  statementRow(label: string): Locator {
    return this.statementTable
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell')
      .locator('.stock-cell__value');
  }

  /** The year-on-year changes under the values of one statement line. */
  statementYoy(label: string): Locator {
    return this.statementTable
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) })
      .getByTestId('yoy');
  }

  /** Candle colours as the chart library applied them (the wrapper mirrors them on its element). */
  async candleColors(): Promise<{ up: string | null; down: string | null }> {
    return {
      up: await this.chart.getAttribute('data-up-color'),
      down: await this.chart.getAttribute('data-down-color'),
    };
  }

  /** Computed text colour of an element. */
  colorOf(locator: Locator): Promise<string> {
    return locator.evaluate((el) => getComputedStyle(el).color);
  }

  /** Move the pointer over the chart at a fraction of its width (the crosshair picks that bar). */
  async hoverChart(xFraction: number): Promise<void> {
    const box = await this.chart.boundingBox();
    if (!box) throw new Error('chart not visible');
    await this.page.mouse.move(box.x + box.width * xFraction, box.y + box.height * 0.3);
  }
}

/** The link with the candle view chosen (`chart=daily`) unless it chooses a view itself. */
export function withCandles(path: string): string {
  if (/[?&]chart=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}chart=daily`;
}
