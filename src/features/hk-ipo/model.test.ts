import { describe, expect, it } from 'vitest';
import {
  addMonths,
  calendarEvents,
  calendarRows,
  daysUntil,
  filterRows,
  monthGrid,
  type CalendarEntry,
} from './model';
import { parseHkIpoSearch } from './url-state';

function entry(code: string, patch: Partial<CalendarEntry> = {}): CalendarEntry {
  return {
    issue_code: code,
    thscode: null,
    name: code,
    listing_date: null,
    issue_price: null,
    currency: 'HKD',
    subscription_end_date: null,
    entry_fee: null,
    issue_price_text: null,
    ...patch,
  };
}

describe('calendar rows and events', () => {
  it('keeps both lists with their status, an issue in both once (as subscribable)', () => {
    const rows = calendarRows([entry('A'), entry('B')], [entry('B'), entry('C')]);
    expect(rows.map((r) => [r.issue_code, r.status])).toEqual([
      ['A', 'subscribable'],
      ['B', 'subscribable'],
      ['C', 'awaiting_listing'],
    ]);
  });

  it('filters by status and by name or code, case-insensitively', () => {
    const rows = calendarRows(
      [entry('HKIPO1', { name: '天祥食品', thscode: '7965.HK' })],
      [entry('HKIPO2', { name: '远利医疗-B' })],
    );
    expect(filterRows(rows, 'awaiting_listing', undefined).map((r) => r.name)).toEqual(['远利医疗-B']);
    expect(filterRows(rows, 'all', '7965.hk').map((r) => r.name)).toEqual(['天祥食品']);
    expect(filterRows(rows, 'all', 'hkipo').length).toBe(2);
    expect(filterRows(rows, 'subscribable', '远利')).toEqual([]);
  });

  it('makes a deadline and a listing event per issue, by date, skipping dates the service lacks or garbles', () => {
    const rows = calendarRows(
      [entry('A', { subscription_end_date: '2026-07-17', listing_date: '2026-07-23' })],
      [
        entry('B', { subscription_end_date: '2026-07-10', listing_date: '2026-07-17' }),
        entry('C', { listing_date: '17/07' }),
      ],
    );
    expect(calendarEvents(rows).map((e) => `${e.date} ${e.kind} ${e.row.issue_code}`)).toEqual([
      '2026-07-10 subscriptionEnd B',
      '2026-07-17 subscriptionEnd A',
      '2026-07-17 listing B',
      '2026-07-23 listing A',
    ]);
  });
});

describe('the month grid', () => {
  it('covers a month in Monday-first weeks, marking the days of other months', () => {
    const weeks = monthGrid('2026-07');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.map((d) => d.date)).toEqual([
      '2026-06-29',
      '2026-06-30',
      '2026-07-01',
      '2026-07-02',
      '2026-07-03',
      '2026-07-04',
      '2026-07-05',
    ]);
    expect(weeks[0]?.[1]?.inMonth).toBe(false);
    expect(weeks.at(-1)?.at(-1)).toEqual({ date: '2026-08-02', inMonth: false });
    // February 2027 starts on a Monday and fills four weeks exactly; August 2026 needs six.
    expect(monthGrid('2027-02')).toHaveLength(4);
    expect(monthGrid('2026-08')).toHaveLength(6);
  });

  it('moves by months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-07', -19)).toBe('2024-12');
  });

  it('counts whole days to a date', () => {
    expect(daysUntil('2026-07-17', '2026-07-15')).toBe(2);
    expect(daysUntil('2026-07-10', '2026-07-15')).toBe(-5);
    expect(daysUntil('2026-07-15', '2026-07-15')).toBe(0);
  });
});

describe('the URL state', () => {
  it('falls back to defaults for anything a link gets wrong', () => {
    expect(
      parseHkIpoSearch({
        view: 'table',
        status: 'listed',
        month: '2026-13',
        issue: 'bad code!',
        apps: 0,
        q: '  ',
      }),
    ).toEqual({ view: 'list', status: 'all', apps: 1 });
    expect(
      parseHkIpoSearch({ view: 'grid', month: '2026-07', issue: 'HKIPO20260714352', q: 7965, apps: 3 }),
    ).toEqual({
      view: 'grid',
      status: 'all',
      month: '2026-07',
      issue: 'HKIPO20260714352',
      q: '7965',
      apps: 3,
    });
  });
});
