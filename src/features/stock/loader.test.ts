import { describe, expect, it } from 'vitest';
import { catalog } from '../../contract/catalog';
import { shanghaiMidnight } from '../../contract/time';
import { shownColumns, statementParams } from './loader';
import type { StatementColumn } from './queries';
import { parseStockSearch } from './url-state';

const TODAY = '2026-07-15';

function col(year: number, fiscalPeriod: string, end: string): StatementColumn {
  return { fiscalYear: year, fiscalPeriod, periodEndMs: shanghaiMidnight(end), reportDateMs: 0, values: {} };
}

describe('statement requests with a year more for the year-on-year change', () => {
  it('asks for one more year or four more quarters, never over the service’s 20', () => {
    const annual = statementParams('600519.SH', parseStockSearch({ limit: 8 }), TODAY);
    expect(annual).toEqual({ thscode: '600519.SH', period: 'annual', limit: 9 });
    const quarterly = statementParams(
      '600519.SH',
      parseStockSearch({ period: 'quarterly', limit: 8 }),
      TODAY,
    );
    expect(quarterly).toMatchObject({ limit: 12 });
    const many = statementParams('600519.SH', parseStockSearch({ period: 'quarterly', limit: 20 }), TODAY);
    expect(many).toMatchObject({ limit: 20 });
    for (const params of [annual, quarterly, many]) {
      expect(catalog['a-share/financials/income-statements'].params.safeParse(params).success).toBe(true);
    }
  });

  it('starts a range a year early, within the ten years the service allows', () => {
    const search = parseStockSearch({ mode: 'range', from: '2020-01-01', to: '2025-12-31' });
    expect(statementParams('600519.SH', search, TODAY)).toMatchObject({
      start: shanghaiMidnight('2019-01-01'),
      end: shanghaiMidnight('2025-12-31'),
    });
    const tenYears = parseStockSearch({ mode: 'range', from: '2015-12-31', to: '2025-12-31' });
    const params = statementParams('600519.SH', tenYears, TODAY);
    expect(params).toMatchObject({ start: shanghaiMidnight('2015-12-31') });
    expect(catalog['a-share/financials/income-statements'].params.safeParse(params).success).toBe(true);
  });

  it('shows only the periods asked for', () => {
    const fetched = [
      col(2025, 'FY', '2025-12-31'),
      col(2024, 'FY', '2024-12-31'),
      col(2023, 'FY', '2023-12-31'),
    ];
    expect(shownColumns(fetched, parseStockSearch({ limit: 2 }), TODAY)).toEqual(fetched.slice(0, 2));
    const range = parseStockSearch({ mode: 'range', from: '2024-01-01', to: '2025-12-31' });
    expect(shownColumns(fetched, range, TODAY)).toEqual(fetched.slice(0, 2));
  });
});
