/**
 * Premium (positive) or discount (negative) of an exchange-traded fund's price to its net value, in
 * percent: (price / net value − 1) × 100.
 */

type Num = number | null | undefined;

function isNum(value: Num): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Null when the price or the net value is missing, or the net value is not above zero. */
export function premiumPct(price: Num, nav: Num): number | null {
  if (!isNum(price) || !isNum(nav) || nav <= 0) return null;
  return (price / nav - 1) * 100;
}

/** Change between the two newest values in percent, as a daily net-value change; null without both. */
export function changePct(latest: Num, previous: Num): number | null {
  if (!isNum(latest) || !isNum(previous) || previous === 0) return null;
  return (latest / previous - 1) * 100;
}
