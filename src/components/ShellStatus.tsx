import { useMarketSession } from '../api/live';
import { useDataTime } from '../api/data-time';
import { formatShanghaiDateTime, formatShanghaiMinute } from '../lib/format';
import { isLivePhase } from '../contract/market-session';
import { useI18n } from '../lib/i18n';

/** Where the A-share session stands on the server's clock; the dot pulses while prices can move. */
export function SessionIndicator() {
  const { t } = useI18n();
  const session = useMarketSession();
  if (!session.ready) {
    return (
      <span className="session" data-phase="unknown" data-testid="market-session">
        <span className="session__dot" aria-hidden="true" />
        {t('session.loading')}
      </span>
    );
  }
  const label = t(`session.${session.phase}`);
  const hint = [
    t('session.next', { time: formatShanghaiMinute(session.nextChangeMs) }),
    session.calendarKnown ? null : t('session.calendarUnknown'),
  ]
    .filter((line) => line !== null)
    .join(' ');
  return (
    <span
      className="session"
      data-phase={session.phase}
      data-live={isLivePhase(session.phase)}
      data-testid="market-session"
      title={hint}
      role="status"
      aria-label={`${t('session.label')}: ${label}`}
    >
      <span className="session__dot" aria-hidden="true" />
      {label}
      {!session.calendarKnown && <span aria-hidden="true">?</span>}
    </span>
  );
}

/** The newest quote time of the market data on screen, in Shanghai time (a stale screen shows an old time). */
export function DataTime() {
  const { t } = useI18n();
  const latest = useDataTime();
  // Phones show the time only: the date is the session's day in all but the oldest data.
  const [day, time] = formatShanghaiDateTime(latest).split(' ');
  return (
    <span
      className="data-time"
      title={t(latest === null ? 'shell.dataTimeNone' : 'shell.dataTimeHint')}
      data-testid="data-time"
    >
      <span className="data-time__label">{t('shell.dataTime')}</span>
      <time className="num" dateTime={latest === null ? undefined : new Date(latest).toISOString()}>
        {time === undefined ? (
          day
        ) : (
          <>
            <span className="data-time__date">{day} </span>
            {time}
          </>
        )}
      </time>
    </span>
  );
}
