import { describe, expect, it } from 'vitest';
import { formatIndicator, indicatorLabel } from './fields';

describe('indicator labels and units', () => {
  // The vendor's ids (docs/api/endpoints-financials.md, example 02) and the plain spelling of the same.
  const growth = [
    ['calculate_operating_income_yoy_growth_ratio', '营业收入同比增长', 'Operating income YoY'],
    ['operating_income_yoy_growth_ratio', '营业收入同比增长', 'Operating income YoY'],
    ['calculate_operating_profit_yoy_growth_ratio', '营业利润同比增长', 'Operating profit YoY'],
    ['operating_profit_yoy_growth_ratio', '营业利润同比增长', 'Operating profit YoY'],
    ['calculate_parent_holder_net_profit_yoy_growth_ratio', '归母净利润同比增长', 'Net profit to parent YoY'],
    ['parent_holder_net_profit_yoy_growth_ratio', '归母净利润同比增长', 'Net profit to parent YoY'],
    ['operating_income_growth_rate', '营业收入同比增长', 'Operating income YoY'],
  ] as const;

  it.each(growth)('%s has a name in both languages and reads as a percent', (id, zh, en) => {
    expect(indicatorLabel(id, 'zh-CN')).toBe(zh);
    expect(indicatorLabel(id, 'en')).toBe(en);
    expect(formatIndicator(id, '40.80630400', 'en')).toBe('40.81%');
    expect(formatIndicator(id, '-3.13170000', 'zh-CN')).toBe('-3.13%');
  });

  it('shows a dash for a missing value and the raw id only for an id it does not know', () => {
    expect(formatIndicator('calculate_operating_income_yoy_growth_ratio', null, 'en')).toBe('—');
    expect(indicatorLabel('calculate_something_new', 'en')).toBe('calculate_something_new');
  });
});
