import { issueFilePath } from '../../contract/calendar-files';
import { DASH, formatNumber } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { daysUntil } from './model';
import { useHkIpoText, type HkIpoT } from './messages';

/** Small pieces the list, the grid and the detail share. */

/** HKD as the service returns it (no arithmetic), null as a dash. */
export function formatHkd(value: number | null, lang: Language): string {
  return value === null ? DASH : `HK$${formatNumber(value, lang, 2)}`;
}

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Monday-first weekday index of a date, 0 = Monday. */
export function weekdayIndex(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] ?? 0;
}

/** `2026-07-17 周五`. */
export function dateWithWeekday(date: string, t: HkIpoT): string {
  return `${date} ${t(`weekday.${weekdayIndex(date)}`)}`;
}

export function relativeDays(date: string, today: string | null, t: HkIpoT): string | null {
  if (today === null) return null;
  const days = daysUntil(date, today);
  if (days === 0) return t('days.today');
  return days > 0 ? t('days.future', { days }) : t('days.past', { days: -days });
}

/** A date with its weekday and, when the server's day is known, how far away it is. */
export function DateCell({ date, today }: { date: string | null; today: string | null }) {
  const { t } = useHkIpoText();
  if (date === null) return <span className="muted">{DASH}</span>;
  const relative = relativeDays(date, today, t);
  return (
    <span className="hkipo-date num">
      {dateWithWeekday(date, t)}
      {relative !== null && <span className="hkipo-date__rel muted"> · {relative}</span>}
    </span>
  );
}

/** A download of one issue's calendar file, in the app's language. */
export function IssueFileLink({ issueCode, compact = false }: { issueCode: string; compact?: boolean }) {
  const { lang, t } = useHkIpoText();
  return (
    <a
      className={compact ? 'hkipo-ics hkipo-ics--compact' : 'btn btn--small hkipo-ics'}
      href={issueFilePath(issueCode, { lang })}
      download
      title={t('ics.issue')}
      // A row click opens the detail; the download must not do both.
      onClick={(event) => event.stopPropagation()}
    >
      {compact ? '.ics' : t('ics.issue')}
    </a>
  );
}
