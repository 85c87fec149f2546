import type { IChartApi } from 'lightweight-charts';

/** The library's default floor of the space between points (`timeScale.minBarSpacing`). */
const DEFAULT_MIN_BAR_SPACING_PX = 0.5;

/**
 * Lets `slots` points fit the time scale however narrow the chart, `marginPx` kept free at each end:
 * ten years of daily bars are 0.1 px a bar on a phone, five days of minutes 0.2 px, where the library's
 * own floor (0.5 px) showed only the newest part. Returns the space per point (the floor while the chart
 * has no width yet).
 */
export function fitSlots(chart: IChartApi, slots: number, marginPx = 0): number {
  const width = chart.timeScale().width();
  const fitting =
    width > 0 && slots > 0 ? Math.max(1, width - 2 * marginPx) / slots : DEFAULT_MIN_BAR_SPACING_PX;
  chart.timeScale().applyOptions({ minBarSpacing: Math.min(DEFAULT_MIN_BAR_SPACING_PX, fitting) });
  return fitting;
}
