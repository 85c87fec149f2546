import { useMemo } from 'react';
import { addMonths, monthGrid, monthOf, type CalendarEvent } from './model';
import { useHkIpoText } from './messages';
import { WEEKDAYS, dateWithWeekday } from './parts';

export interface MonthGridProps {
  /** `yyyy-MM` shown. */
  month: string;
  /** The server's day, or null while unknown. */
  today: string | null;
  events: readonly CalendarEvent[];
  selected: string | undefined;
  onSelect: (issueCode: string) => void;
  onMonth: (month: string | undefined) => void;
}

function EventChip({
  event,
  selected,
  onSelect,
}: {
  event: CalendarEvent;
  selected: boolean;
  onSelect: (issueCode: string) => void;
}) {
  const { t } = useHkIpoText();
  return (
    <button
      type="button"
      className={`hkipo-chip hkipo-chip--${event.kind}`}
      aria-pressed={selected}
      title={`${t(`event.${event.kind}Long`)} · ${event.row.name}`}
      onClick={() => onSelect(event.row.issue_code)}
    >
      <span className="hkipo-chip__kind">{t(`event.${event.kind}`)}</span>
      <span className="hkipo-chip__name">{event.row.name}</span>
    </button>
  );
}

/**
 * The calendar as a month grid (Monday first, Hong Kong dates): each deadline and listing day as a chip
 * that opens its issue, and below it the month's events as an agenda, readable on a phone.
 */
export function MonthGrid({ month, today, events, selected, onSelect, onMonth }: MonthGridProps) {
  const { t } = useHkIpoText();
  const weeks = useMemo(() => monthGrid(month), [month]);
  const byDate = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const event of events) map.set(event.date, [...(map.get(event.date) ?? []), event]);
    return map;
  }, [events]);
  const inMonth = events.filter((event) => monthOf(event.date) === month);
  const elsewhere = events.length - inMonth.length;
  const [year = '', monthNumber = ''] = month.split('-');
  const todayMonth = today === null ? undefined : monthOf(today);

  return (
    <div className="hkipo-grid" data-testid="hk-ipo-grid" data-month={month}>
      <div className="hkipo-grid__bar">
        <button type="button" className="btn btn--small" onClick={() => onMonth(addMonths(month, -1))}>
          <span aria-hidden="true">‹ </span>
          {t('grid.prev')}
        </button>
        <h3 className="hkipo-grid__month num" aria-live="polite">
          {t('grid.month', { year, month: String(Number(monthNumber)) })}
        </h3>
        <button type="button" className="btn btn--small" onClick={() => onMonth(addMonths(month, 1))}>
          {t('grid.next')}
          <span aria-hidden="true"> ›</span>
        </button>
        {todayMonth !== undefined && todayMonth !== month && (
          <button type="button" className="btn btn--small btn--ghost" onClick={() => onMonth(undefined)}>
            {t('grid.today')}
          </button>
        )}
        {elsewhere > 0 && (
          <span className="muted hkipo-grid__more">{t('grid.more', { count: elsewhere })}</span>
        )}
      </div>
      <table
        className="hkipo-month"
        aria-label={t('grid.month', { year, month: String(Number(monthNumber)) })}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" className={day >= 5 ? 'hkipo-month__weekend' : undefined}>
                {t(`weekday.${day}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((day) => {
                const dayEvents = byDate.get(day.date) ?? [];
                const classes = ['hkipo-day'];
                if (!day.inMonth) classes.push('hkipo-day--outside');
                if (day.date === today) classes.push('hkipo-day--today');
                return (
                  <td
                    key={day.date}
                    className={classes.join(' ')}
                    data-date={day.date}
                    aria-current={day.date === today ? 'date' : undefined}
                  >
                    <span className="hkipo-day__number num">{Number(day.date.slice(8))}</span>
                    {dayEvents.map((event) => (
                      <EventChip
                        key={`${event.row.issue_code}-${event.kind}`}
                        event={event}
                        selected={event.row.issue_code === selected}
                        onSelect={onSelect}
                      />
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <section className="hkipo-agenda" aria-label={t('grid.agenda')}>
        <h3 className="hkipo-agenda__title">{t('grid.agenda')}</h3>
        {inMonth.length === 0 ? (
          <p className="muted">{t('grid.agendaEmpty')}</p>
        ) : (
          <ul className="hkipo-agenda__list">
            {inMonth.map((event) => (
              <li key={`${event.row.issue_code}-${event.kind}`}>
                <button
                  type="button"
                  className="hkipo-agenda__item"
                  aria-pressed={event.row.issue_code === selected}
                  onClick={() => onSelect(event.row.issue_code)}
                >
                  <span className="num hkipo-agenda__date">{dateWithWeekday(event.date, t)}</span>
                  <span className={`hkipo-tag hkipo-tag--${event.kind}`}>{t(`event.${event.kind}Long`)}</span>
                  <span className="hkipo-agenda__name">{event.row.name}</span>
                  <span className="muted num">{event.row.issue_price_text ?? ''}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
