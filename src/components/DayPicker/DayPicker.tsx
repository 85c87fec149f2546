import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { addDays } from '../../contract/time';
import { useI18n, type Language } from '../../lib/i18n';
import './day-picker.css';

/**
 * A day picker whose unavailable days cannot be chosen (the native `<input type="date">` can only limit
 * a range, not skip weekends and holidays). Days are `yyyy-MM-dd` Shanghai calendar days; the grid
 * starts on Monday, as Chinese calendars do, and always has six weeks so its height never changes.
 *
 * Keyboard: the arrows move by a day or a week to the nearest choosable day in that direction,
 * Page Up / Page Down by a month, Enter or Space chooses, Escape closes and returns to the button.
 */

export interface DayPickerProps {
  /** Accessible name of the control ("Trading day"). */
  label: string;
  /** The day shown on the button; undefined shows a dash. */
  value: string | undefined;
  /** First and last day that may be chosen (inclusive). */
  min: string;
  max: string;
  /** Whether a day inside [min, max] may be chosen (a trading day, for example). */
  isDayEnabled: (day: string) => boolean;
  /** Why a day cannot be chosen (tooltip and accessible description); a generic note otherwise. */
  disabledNote?: (day: string) => string | undefined;
  onChange: (day: string) => void;
  testId?: string;
}

const WEEKS = 6;

function monthOf(day: string): string {
  return day.slice(0, 7);
}

function shiftMonth(month: string, delta: number): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const total = y * 12 + (m - 1) + delta;
  const year = Math.floor(total / 12);
  return `${String(year).padStart(4, '0')}-${String(total - year * 12 + 1).padStart(2, '0')}`;
}

/** The 42 days shown for a month: from the Monday on or before its first day. */
export function monthGrid(month: string): string[] {
  const first = `${month}-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
  const start = addDays(first, -((weekday + 6) % 7));
  return Array.from({ length: WEEKS * 7 }, (_, i) => addDays(start, i));
}

const monthFormats = new Map<Language, Intl.DateTimeFormat>();
function monthTitle(month: string, lang: Language): string {
  let format = monthFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' });
    monthFormats.set(lang, format);
  }
  return format.format(new Date(`${month}-01T00:00:00Z`));
}

function weekdayNames(lang: Language): string[] {
  const format = new Intl.DateTimeFormat(lang, { weekday: 'narrow', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

export function DayPicker({
  label,
  value,
  min,
  max,
  isDayEnabled,
  disabledNote,
  onChange,
  testId,
}: DayPickerProps) {
  const { t, lang } = useI18n();
  const [open, setOpen] = useState(false);
  const choosable = (day: string) => day >= min && day <= max && isDayEnabled(day);
  /** The nearest choosable day from `day` going by `step` days, or null past the window. */
  const nearest = (day: string, step: number): string | null => {
    for (let d = addDays(day, step); d >= min && d <= max; d = addDays(d, step)) {
      if (choosable(d)) return d;
    }
    return null;
  };
  const initialFocus = (): string => {
    if (value !== undefined && choosable(value)) return value;
    const from =
      value === undefined || value > max ? addDays(max, 1) : value < min ? addDays(min, -1) : value;
    return nearest(from, from > max ? -1 : 1) ?? nearest(from, -1) ?? max;
  };
  const [focusDay, setFocusDay] = useState<string>(max);
  const month = monthOf(focusDay);
  const grid = useMemo(() => monthGrid(month), [month]);
  const weekdays = useMemo(() => weekdayNames(lang), [lang]);

  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const dialogId = useId();

  // Focus follows the roving day once the grid shows it (after a keyboard move or on opening).
  useEffect(() => {
    if (!open || !moveFocus.current) return;
    moveFocus.current = false;
    const button = gridRef.current?.querySelector(`button[data-day="${focusDay}"]`);
    if (button instanceof HTMLButtonElement) button.focus();
  }, [open, focusDay]);

  // A press outside closes the panel, as menus do.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setFocusDay(initialFocus());
    moveFocus.current = true;
    setOpen(true);
  };

  const choose = (day: string) => {
    if (!choosable(day)) return;
    close();
    if (day !== value) onChange(day);
  };

  const goTo = (day: string | null) => {
    if (day === null) return;
    moveFocus.current = true;
    setFocusDay(day);
  };

  /** The first (or last) choosable day of a month, for month navigation. */
  const dayInMonth = (target: string, preferLast: boolean): string | null => {
    const first = `${target}-01`;
    const last = addDays(`${shiftMonth(target, 1)}-01`, -1);
    const days: string[] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) if (choosable(d)) days.push(d);
    return (preferLast ? days.at(-1) : days[0]) ?? null;
  };

  const showMonth = (delta: number) => {
    const target = shiftMonth(month, delta);
    const day = dayInMonth(target, delta < 0);
    // A month without a choosable day is still shown, with the focus day on its first day.
    setFocusDay(day ?? `${target}-01`);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      // By a week, the same weekday is preferred; a closed day falls back to the nearest day onwards.
      const target = addDays(focusDay, step);
      goTo(choosable(target) ? target : nearest(target, Math.sign(step)));
      return;
    }
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      goTo(dayInMonth(shiftMonth(month, event.key === 'PageUp' ? -1 : 1), event.key === 'PageUp'));
    }
  };

  const canPrev = monthOf(min) < month;
  const canNext = monthOf(max) > month;
  const note = (day: string) =>
    day < min || day > max
      ? t('picker.outside', { min, max })
      : (disabledNote?.(day) ?? t('picker.unavailable'));

  return (
    <div className="day-picker" ref={rootRef} data-testid={testId}>
      <button
        ref={triggerRef}
        type="button"
        className="day-picker__trigger num"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        aria-label={`${label}: ${value ?? t('picker.none')}`}
        onClick={toggle}
      >
        <span aria-hidden="true">▦</span>
        <span>{value ?? '—'}</span>
      </button>
      {open && (
        <div
          id={dialogId}
          className="day-picker__panel"
          role="dialog"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
        >
          <div className="day-picker__head">
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={!canPrev}
              onClick={() => showMonth(-1)}
              aria-label={t('picker.previousMonth')}
              title={t('picker.previousMonth')}
            >
              ‹
            </button>
            <span className="day-picker__month" aria-live="polite">
              {monthTitle(month, lang)}
            </span>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={!canNext}
              onClick={() => showMonth(1)}
              aria-label={t('picker.nextMonth')}
              title={t('picker.nextMonth')}
            >
              ›
            </button>
          </div>
          <table ref={gridRef} className="day-picker__grid" role="grid" onKeyDown={onGridKeyDown}>
            <thead>
              <tr>
                {weekdays.map((name, i) => (
                  <th key={i} scope="col" className="day-picker__weekday">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: WEEKS }, (_, week) => (
                <tr key={week}>
                  {grid.slice(week * 7, week * 7 + 7).map((day) => {
                    const inMonth = monthOf(day) === month;
                    const enabled = choosable(day);
                    const selected = day === value;
                    const classes = ['day-picker__day'];
                    if (!inMonth) classes.push('day-picker__day--other');
                    if (selected) classes.push('day-picker__day--selected');
                    return (
                      <td key={day} role="gridcell" aria-selected={selected}>
                        <button
                          type="button"
                          className={classes.join(' ')}
                          data-day={day}
                          disabled={!enabled}
                          tabIndex={day === focusDay ? 0 : -1}
                          aria-label={enabled ? day : `${day} ${note(day)}`}
                          title={enabled ? undefined : note(day)}
                          onClick={() => choose(day)}
                        >
                          {Number(day.slice(8))}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
