import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { tradingDayTest, type DayWindow } from '../lib/trading-days';
import { CopyLinkButton } from './CopyLinkButton';
import { DayPicker } from './DayPicker';
import './day-page.css';

export interface DayToolbarProps {
  /** The day on screen: the picker shows it, and a copied link of a "latest" URL names it. */
  shown: string | undefined;
  /** Days that may be chosen; null while the server clock is unknown (nothing may be chosen). */
  pickable: DayWindow | null;
  /** The trading calendar, sorted; empty while it is unknown (the picker then offers Monday to Friday). */
  days: readonly string[];
  /** The trading days before and after the one shown (the arrows), undefined at the window's edge. */
  prev: string | undefined;
  next: string | undefined;
  /** Whether the URL names a day: "latest" is then offered. */
  hasUrlDay: boolean;
  /** A day chosen (arrows, picker), or undefined for "latest". */
  onDay: (day: string | undefined) => void;
  /** A request of the page is under way. */
  busy?: boolean;
  pickerTestId: string;
  /** Controls or notes after the day's (a board switch, the day the data is of). */
  children?: ReactNode;
}

/** One trading day's toolbar: previous day, day picker, next day, latest day. */
export function DayToolbar({
  shown,
  pickable,
  days,
  prev,
  next,
  hasUrlDay,
  onDay,
  busy = false,
  pickerTestId,
  children,
}: DayToolbarProps) {
  const { t } = useI18n();
  return (
    <div className="day-toolbar" role="toolbar" aria-label={t('day.label')}>
      <button
        type="button"
        className="btn btn--small"
        disabled={prev === undefined}
        onClick={() => onDay(prev)}
        aria-label={t('day.prev')}
        title={t('day.prev')}
      >
        ◀
      </button>
      <DayPicker
        label={t('day.label')}
        value={shown}
        min={pickable?.min ?? '0000-01-01'}
        max={pickable?.max ?? '0000-01-01'}
        isDayEnabled={tradingDayTest(days)}
        disabledNote={() => t('day.nonTrading')}
        onChange={onDay}
        testId={pickerTestId}
      />
      <button
        type="button"
        className="btn btn--small"
        disabled={next === undefined}
        onClick={() => onDay(next)}
        aria-label={t('day.next')}
        title={t('day.next')}
      >
        ▶
      </button>
      <button type="button" className="btn btn--small" disabled={!hasUrlDay} onClick={() => onDay(undefined)}>
        {t('day.latest')}
      </button>
      {children}
      {busy && <span className="spinner" aria-hidden="true" />}
    </div>
  );
}

export interface DayPageHeadProps extends DayToolbarProps {
  title: string;
  intro: string;
}

/**
 * The head of a page about one trading day (the dragon-tiger list, the limit-up review): title and
 * intro, a copy-link button that pins the day shown, and the day toolbar.
 */
export function DayPageHead({ title, intro, ...toolbar }: DayPageHeadProps) {
  return (
    <div className="panel day-head">
      <div className="day-head__row">
        <h1 className="day-head__title">{title}</h1>
        <span className="muted day-head__intro">{intro}</span>
        <span className="day-head__spacer" />
        {/* The latest day's link names that day, so it reopens the same data tomorrow. */}
        <CopyLinkButton pin={{ date: toolbar.shown }} />
      </div>
      <DayToolbar {...toolbar} />
    </div>
  );
}

/** `DayPageHead`'s frame while the route loads: the same boxes with the same heights. */
export function DayPageHeadSkeleton({ title }: { title: string }) {
  return (
    <div className="panel day-head">
      <div className="day-head__row">
        <h1 className="day-head__title">{title}</h1>
      </div>
      <div className="day-toolbar skel day-toolbar--skeleton" />
    </div>
  );
}
