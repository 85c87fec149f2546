import type { DataOf } from '../../contract/catalog';
import { EVENT_KINDS } from '../../contract/calendar-files';
import type { IpoCalendarStatus, IpoEventKind } from '../../contract/operations/hk-ipo-terms';
import { addDays } from '../../contract/time';
import type { StatusFilter } from './url-state';

/** The calendar as the page shows it: both lists as rows, the events they make, the month grid. */

export type CalendarEntry = DataOf<'hk-share/ipo/calendar-list'>['item'][number];
export type ApplicationRecord = DataOf<'hk-share/ipo/application-list'>['item'][number];
export type IssueDetail = DataOf<'hk-share/ipo/issue-detail'>;

/** An entry with the list it came from. */
export interface CalendarRow extends CalendarEntry {
  status: IpoCalendarStatus;
}

export interface CalendarEvent {
  kind: IpoEventKind;
  date: string;
  row: CalendarRow;
}

/** Both lists as rows, subscribable first; an issue in both lists (a race between calls) once. */
export function calendarRows(
  subscribable: readonly CalendarEntry[] | undefined,
  awaiting: readonly CalendarEntry[] | undefined,
): CalendarRow[] {
  const rows: CalendarRow[] = [];
  const seen = new Set<string>();
  const add = (entries: readonly CalendarEntry[] | undefined, status: IpoCalendarStatus) => {
    for (const entry of entries ?? []) {
      if (seen.has(entry.issue_code)) continue;
      seen.add(entry.issue_code);
      rows.push({ ...entry, status });
    }
  };
  add(subscribable, 'subscribable');
  add(awaiting, 'awaiting_listing');
  return rows;
}

/** Case-insensitive match of the filter text in a name or code; no filter matches everything. */
export function matchesFilter(q: string | undefined, ...texts: readonly (string | null)[]): boolean {
  if (q === undefined) return true;
  const needle = q.toLowerCase();
  return texts.some((text) => text !== null && text.toLowerCase().includes(needle));
}

export function filterRows(
  rows: readonly CalendarRow[],
  status: StatusFilter,
  q: string | undefined,
): CalendarRow[] {
  return rows.filter(
    (row) =>
      (status === 'all' || row.status === status) && matchesFilter(q, row.name, row.thscode, row.issue_code),
  );
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The deadline and listing events of the rows, in date order (deadlines first on a shared day). */
export function calendarEvents(rows: readonly CalendarRow[]): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const row of rows) {
    for (const kind of EVENT_KINDS) {
      const date = kind === 'subscriptionEnd' ? row.subscription_end_date : row.listing_date;
      if (date !== null && DATE_RE.test(date)) events.push({ kind, date, row });
    }
  }
  return events.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      EVENT_KINDS.indexOf(a.kind) - EVENT_KINDS.indexOf(b.kind) ||
      a.row.name.localeCompare(b.row.name, 'zh-CN'),
  );
}

/** `yyyy-MM` of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** `yyyy-MM` shifted by whole months. */
export function addMonths(month: string, months: number): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Monday-first weekday, 0 = Monday … 6 = Sunday. */
function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export interface GridDay {
  date: string;
  inMonth: boolean;
}

/** The weeks (Monday to Sunday) that cover a month: four to six rows of seven days. */
export function monthGrid(month: string): GridDay[][] {
  const first = `${month}-01`;
  let day = addDays(first, -weekdayOf(first));
  const weeks: GridDay[][] = [];
  do {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ date: day, inMonth: monthOf(day) === month });
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (monthOf(day) === month);
  return weeks;
}

/** Whole days from `today` to `date` (negative when past). */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
