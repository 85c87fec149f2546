import type { ReactNode } from 'react';
import { badUrlDateText, nonTradingDayText } from '../lib/error-text';
import { formatWeekday } from '../lib/format';
import { useI18n } from '../lib/i18n';

/** Builds the link to a day (the page's own route with that day); gets the day and its label. */
export type DayLink = (day: string, label: string) => ReactNode;

/**
 * "Nearest trading days: 2026-07-10 (Fri) · 2026-07-13 (Mon)", each a link the page builds, for a day
 * that does not trade. Nothing when neither is known.
 */
export function NearestTradingDays({
  before,
  after,
  link,
}: {
  before: string | undefined;
  after: string | undefined;
  link: DayLink;
}) {
  const { t, lang } = useI18n();
  if (before === undefined && after === undefined) return null;
  const label = (day: string) => t('nearest.day', { day, weekday: formatWeekday(day, lang) });
  return (
    <p className="state__links" data-testid="nearest-trading-days">
      <span>{t('nearest.label')}</span>
      {before !== undefined && link(before, label(before))}
      {after !== undefined && link(after, label(after))}
    </p>
  );
}

/**
 * A day a view cannot show, said before anything is requested: an impossible date in the link
 * (`2026-13-45`), or a day the trading calendar says does not trade, with links to the trading days
 * around it. `children` adds the way back (the latest day).
 */
export function DateNotice({
  problem,
  param = 'date',
  before,
  after,
  link,
  children,
  testId,
}: {
  problem: { kind: 'invalid'; text: string } | { kind: 'non-trading'; date: string };
  /** The URL parameter, named in the reader's words. */
  param?: string;
  before?: string;
  after?: string;
  link: DayLink;
  children?: ReactNode;
  testId?: string;
}) {
  const { lang } = useI18n();
  return (
    <div className="state state--notice" role="alert" data-testid={testId}>
      <p className="state__message">
        {problem.kind === 'invalid'
          ? badUrlDateText(lang, param, problem.text)
          : nonTradingDayText(lang, problem.date)}
      </p>
      <NearestTradingDays before={before} after={after} link={link} />
      {children}
    </div>
  );
}
