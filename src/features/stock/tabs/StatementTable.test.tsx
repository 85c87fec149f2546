// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { shanghaiMidnight } from '../../../contract/time';
import { INCOME_FIELDS } from '../fields';
import type { StatementColumn } from '../queries';
import { StatementTable } from './StatementTable';
import { DERIVED_ROWS } from '../statements';

afterEach(cleanup);

function column(year: number, values: Record<string, number | null>): StatementColumn {
  return {
    fiscalYear: year,
    fiscalPeriod: 'FY',
    periodEndMs: shanghaiMidnight(`${year}-12-31`),
    reportDateMs: shanghaiMidnight(`${year + 1}-03-30`),
    values,
  };
}

const columns = [
  column(2025, {
    operating_income: 175_000_000_000,
    interest_expenses: null,
    net_profit: 0,
    basic_eps: 68.64,
  }),
  column(2024, { operating_income: 147_020_000_000, interest_expenses: null, net_profit: -2_500_000 }),
];

function cell(field: string, columnIndex: number): string {
  const row = document.querySelector(`tr[data-field="${field}"]`);
  if (!(row instanceof HTMLTableRowElement)) throw new Error(`no row ${field}`);
  // The value itself, without the year-on-year change under it.
  return row.cells[columnIndex + 1]?.querySelector('.stock-cell__value')?.textContent ?? '';
}

describe('statement table', () => {
  it('shows a value that was not disclosed as a dash and a real zero as 0', () => {
    render(<StatementTable columns={columns} fields={INCOME_FIELDS} lang="zh-CN" caption="利润表" />);
    expect(cell('interest_expenses', 0)).toBe('—');
    expect(cell('interest_expenses', 1)).toBe('—');
    expect(cell('net_profit', 0)).toBe('0');
    // A field missing from the answer altogether is not disclosed either.
    expect(cell('sales_fee', 0)).toBe('—');
  });

  it('puts periods in columns and fields in rows, amounts in 万/亿 or K/M/B', () => {
    render(<StatementTable columns={columns} fields={INCOME_FIELDS} lang="zh-CN" caption="利润表" />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['项目', '2025 年报', '2024 年报']);
    expect(screen.getByRole('rowheader', { name: '营业收入' })).toBeTruthy();
    expect(cell('operating_income', 0)).toBe('1,750.00亿');
    expect(cell('net_profit', 1)).toBe('-250.00万');
    // EPS is yuan per share, not an amount to scale.
    expect(cell('basic_eps', 0)).toBe('68.64');
    cleanup();

    render(<StatementTable columns={columns} fields={INCOME_FIELDS} lang="en" caption="Income" />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Item',
      'FY2025',
      'FY2024',
    ]);
    expect(screen.getByRole('rowheader', { name: 'Operating income' })).toBeTruthy();
    expect(cell('operating_income', 0)).toBe('175.00B');
    expect(cell('net_profit', 1)).toBe('-2.50M');
  });

  it('selects a line to chart by click or keyboard', () => {
    const onSelect = vi.fn();
    render(
      <StatementTable
        columns={columns}
        fields={INCOME_FIELDS}
        lang="en"
        caption="Income"
        selected="operating_income"
        onSelect={onSelect}
      />,
    );
    const table = screen.getByRole('table');
    const netProfit = within(table).getByRole('rowheader', { name: 'Net profit' }).closest('tr');
    if (!netProfit) throw new Error('no row');
    fireEvent.click(netProfit);
    expect(onSelect).toHaveBeenLastCalledWith('net_profit');
    fireEvent.keyDown(netProfit, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledTimes(2);
    const selected = document.querySelector('tr[aria-selected="true"]');
    expect(selected?.getAttribute('data-field')).toBe('operating_income');
  });
});

describe('year-on-year change and margins', () => {
  const income = (year: number, fiscalPeriod: string, values: Record<string, number | null>) => ({
    ...column(year, values),
    fiscalPeriod,
  });
  const history = [
    income(2026, 'Q1', { operating_income: 120, operating_costs: 30, net_profit: 60, basic_eps: 1.2 }),
    income(2025, 'FY', { operating_income: 400, operating_costs: 100, net_profit: -10 }),
    income(2025, 'Q1', { operating_income: 100, operating_costs: 40, net_profit: -5, basic_eps: 1 }),
    income(2024, 'FY', { operating_income: 320, operating_costs: 90, net_profit: 20 }),
  ];

  function yoy(field: string, columnIndex: number): string | null {
    const row = document.querySelector(`tr[data-field="${field}"]`);
    if (!(row instanceof HTMLTableRowElement)) throw new Error(`no row ${field}`);
    return row.cells[columnIndex + 1]?.querySelector('[data-testid="yoy"]')?.textContent ?? null;
  }

  it('compares each period with the same period a year before, and not from a loss', () => {
    render(
      <StatementTable
        columns={history.slice(0, 2)}
        history={history}
        fields={INCOME_FIELDS}
        derived={DERIVED_ROWS.income}
        lang="en"
        caption="Income"
      />,
    );
    // Q1 2026 against Q1 2025, FY2025 against FY2024 (fetched but not shown).
    expect(yoy('operating_income', 0)).toBe('+20.00%');
    expect(yoy('operating_income', 1)).toBe('+25.00%');
    expect(yoy('basic_eps', 0)).toBe('+20.00%');
    // Growth from a loss has no percentage; a line without a value has none either.
    expect(yoy('net_profit', 0)).toBeNull();
    expect(yoy('net_profit', 1)).toBe('-150.00%');
    expect(yoy('sales_fee', 0)).toBeNull();
    // Two columns shown, each value with its change under it.
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(cell('operating_income', 0)).toBe('120');
  });

  it('adds margins computed from the lines, in percent with two decimals', () => {
    render(
      <StatementTable
        columns={history.slice(0, 2)}
        history={history}
        fields={INCOME_FIELDS}
        derived={DERIVED_ROWS.income}
        lang="zh-CN"
        caption="利润表"
      />,
    );
    expect(screen.getByRole('rowheader', { name: '利润率与结构' })).toBeTruthy();
    // (120 − 30) / 120 and 60 / 120.
    expect(cell('gross_margin', 0)).toBe('75.00%');
    expect(cell('net_margin', 0)).toBe('50.00%');
    expect(cell('net_margin', 1)).toBe('-2.50%');
    // Without R&D disclosed there is no R&D ratio.
    expect(cell('rnd_ratio', 0)).toBe('—');
  });
});
