import type { Language } from '../../lib/i18n';
import type { StatementColumn } from './queries';
import type { StatementKind } from './url-state';

/**
 * What the statements table adds to the disclosed lines: the change of each line against the same
 * period a year before, and the margins and ratios analysts read first. All pure functions of the
 * columns the service sent; a value that cannot be computed is null (a dash), never 0.
 */

type Label = Readonly<Record<Language, string>>;

/** A line computed from the disclosed ones. */
export interface DerivedRow {
  id: string;
  label: Label;
  /** Ratios are percentages of their base; amounts read like the disclosed lines. */
  kind: 'percent' | 'amount';
  compute: (values: Readonly<Record<string, number | null>>) => number | null;
}

function ratio(numerator: number | null | undefined, base: number | null | undefined): number | null {
  if (numerator === null || numerator === undefined || base === null || base === undefined || base <= 0)
    return null;
  return (numerator / base) * 100;
}

function difference(a: number | null | undefined, b: number | null | undefined): number | null {
  return a === null || a === undefined || b === null || b === undefined ? null : a - b;
}

export const DERIVED_ROWS: Readonly<Record<StatementKind, readonly DerivedRow[]>> = {
  income: [
    {
      id: 'gross_margin',
      label: { 'zh-CN': '毛利率', en: 'Gross margin' },
      kind: 'percent',
      compute: (v) => ratio(difference(v['operating_income'], v['operating_costs']), v['operating_income']),
    },
    {
      id: 'operating_margin',
      label: { 'zh-CN': '营业利润率', en: 'Operating margin' },
      kind: 'percent',
      compute: (v) => ratio(v['operating_profit'], v['operating_income']),
    },
    {
      id: 'net_margin',
      label: { 'zh-CN': '净利率', en: 'Net margin' },
      kind: 'percent',
      compute: (v) => ratio(v['net_profit'], v['operating_income']),
    },
    {
      id: 'rnd_ratio',
      label: { 'zh-CN': '研发费用率', en: 'R&D to income' },
      kind: 'percent',
      compute: (v) => ratio(v['research_and_development_expenses'], v['operating_income']),
    },
  ],
  balance: [
    {
      id: 'debt_ratio',
      label: { 'zh-CN': '资产负债率', en: 'Debt to assets' },
      kind: 'percent',
      compute: (v) => ratio(v['total_debt'], v['assets_total']),
    },
    {
      id: 'current_share',
      label: { 'zh-CN': '流动资产占比', en: 'Current assets share' },
      kind: 'percent',
      compute: (v) => ratio(v['total_current_assets'], v['assets_total']),
    },
  ],
  cashflow: [
    {
      id: 'free_cash_flow',
      label: { 'zh-CN': '自由现金流', en: 'Free cash flow' },
      kind: 'amount',
      compute: (v) => difference(v['act_cash_flow_net'], v['pay_fixed_assets_etc_cash']),
    },
  ],
};

export function derivedRow(kind: StatementKind, id: string | undefined): DerivedRow | undefined {
  return DERIVED_ROWS[kind].find((row) => row.id === id);
}

/** The column of the same fiscal period one year earlier, if it was fetched. */
export function priorYear(
  columns: readonly StatementColumn[],
  column: Pick<StatementColumn, 'fiscalYear' | 'fiscalPeriod'>,
): StatementColumn | undefined {
  return columns.find(
    (c) => c.fiscalYear === column.fiscalYear - 1 && c.fiscalPeriod === column.fiscalPeriod,
  );
}

/**
 * Year-on-year change in percent; null when either value is missing or the earlier one is not positive
 * (growth from a loss or from zero has no meaningful percentage).
 */
export function yoyPct(
  current: number | null | undefined,
  previous: number | null | undefined,
): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  return previous > 0 ? (current / previous - 1) * 100 : null;
}

/** Periods fetched beyond those shown, so that the oldest shown column has its prior year. */
export function yoyExtraPeriods(period: 'annual' | 'quarterly'): number {
  return period === 'annual' ? 1 : 4;
}
