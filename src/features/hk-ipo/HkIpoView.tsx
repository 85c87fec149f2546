import { useCallback, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { Segmented } from '../../components/Segmented';
import { ErrorState } from '../../components/states';
import { calendarFilePath } from '../../contract/calendar-files';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { useServerToday } from '../../api/live';
import { sessionQuery } from '../../api/session';
import { CalendarFeedSection } from './CalendarFeed';
import { Applications } from './Applications';
import { CalendarTable } from './CalendarTables';
import { IssueDetail } from './IssueDetail';
import { MonthGrid } from './MonthGrid';
import { calendarEvents, calendarRows, filterRows, monthOf } from './model';
import { useHkIpoText } from './messages';
import { calendarListQuery } from './queries';
import { FILTER_MAX, HK_IPO_VIEWS, STATUS_FILTERS, type HkIpoSearch, type UpdateSearch } from './url-state';
import './hk-ipo.css';

export interface HkIpoViewProps {
  search: HkIpoSearch;
  onSearch: UpdateSearch;
}

/** Hong Kong data may be closed to the key in use (upstream-notes): say so plainly. */
function isClosedToKey(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.FORBIDDEN;
}

/**
 * The name filter: typed text stays as typed (the URL keeps it trimmed); a change of the URL from
 * elsewhere (back button, a link) replaces it.
 */
function FilterInput({ value, onChange }: { value: string | undefined; onChange: (q: string) => void }) {
  const { t } = useHkIpoText();
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if ((text.trim().slice(0, FILTER_MAX) || undefined) !== value) setText(value ?? '');
  }
  return (
    <label className="hkipo-filter">
      <span className="visually-hidden">{t('filter.label')}</span>
      <input
        className="search__input hkipo-filter__input"
        type="search"
        value={text}
        placeholder={t('filter.placeholder')}
        maxLength={FILTER_MAX}
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value);
        }}
      />
    </label>
  );
}

/**
 * The calendar files of what is on screen: download, subscribe (webcal) and the URL to paste elsewhere.
 * With sign-in the browser still downloads the plain file (it is signed in), but a calendar application
 * cannot: `feed` opens the user's secret address (CalendarFeedSection) instead.
 */
function CalendarFileActions({
  status,
  feed,
}: {
  status: HkIpoSearch['status'];
  feed: { open: boolean; toggle: () => void; controls: string } | null;
}) {
  const { lang, t } = useHkIpoText();
  const path = calendarFilePath({ status, lang });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const host = typeof window === 'undefined' ? '' : window.location.host;
  const download = (
    <a className="btn btn--small" href={path} download data-testid="hk-ipo-calendar-file">
      {t('ics.download')}
    </a>
  );
  if (feed !== null) {
    return (
      <div className="hkipo-files" title={t('ics.hint')}>
        {download}
        <button
          type="button"
          className="btn btn--small"
          aria-expanded={feed.open}
          aria-controls={feed.controls}
          onClick={feed.toggle}
          data-testid="hk-ipo-feed-toggle"
        >
          {t('feed.open')}
        </button>
      </div>
    );
  }
  return (
    <div className="hkipo-files" title={t('ics.hint')}>
      {download}
      <a className="btn btn--small" href={`webcal://${host}${path}`}>
        {t('ics.subscribe')}
      </a>
      <CopyLinkButton text={() => `${origin}${path}`} label={t('ics.copy')} />
    </div>
  );
}

/**
 * The Hong Kong IPO page: the calendar (issues open for subscription and awaiting listing) as a list or a
 * month grid, the chosen issue's detail beside it, the calendar files, and the recent applications.
 * Everything chosen is in the URL.
 */
export function HkIpoView({ search, onSearch }: HkIpoViewProps) {
  const { t } = useHkIpoText();
  const today = useServerToday();
  const subscribable = useQuery(calendarListQuery('subscribable'));
  const awaiting = useQuery(calendarListQuery('awaiting_listing'));
  const rows = useMemo(
    () => calendarRows(subscribable.data?.item, awaiting.data?.item),
    [subscribable.data, awaiting.data],
  );
  const visible = useMemo(() => filterRows(rows, search.status, search.q), [rows, search.status, search.q]);
  const events = useMemo(() => calendarEvents(visible), [visible]);
  const chosen = search.issue === undefined ? undefined : rows.find((r) => r.issue_code === search.issue);
  const calendarKnown = subscribable.isSuccess && awaiting.isSuccess;
  const select = useCallback((issue: string) => onSearch({ issue }), [onSearch]);
  const close = useCallback(() => onSearch({ issue: undefined }), [onSearch]);
  const month = search.month ?? (today === null ? undefined : monthOf(today));
  const closed = isClosedToKey(subscribable.error) || isClosedToKey(awaiting.error);
  const filtered = search.q !== undefined || search.status !== 'all';
  const empty = filtered ? t('calendar.empty') : t('calendar.emptyAll');
  // Signed-in servers need the secret address for calendar applications; without sign-in (or while the
  // session is unknown) the plain file's address is the one to subscribe to.
  const session = useQuery(sessionQuery());
  const signedIn = session.data !== undefined && session.data.mode !== 'none' && session.data.user !== null;
  const [feedOpen, setFeedOpen] = useState(false);
  const feedId = useId();

  const lists = (['subscribable', 'awaiting_listing'] as const)
    .filter((status) => search.status === 'all' || search.status === status)
    .map((status) => {
      const query = status === 'subscribable' ? subscribable : awaiting;
      const statusRows = visible.filter((row) => row.status === status);
      return (
        <section
          key={status}
          className="hkipo-section"
          aria-labelledby={`hkipo-${status}`}
          data-status={status}
        >
          <h2 id={`hkipo-${status}`} className="hkipo-section__title">
            {t(`section.${status}`, { count: query.isSuccess ? statusRows.length : '…' })}
          </h2>
          <CalendarTable
            status={status}
            rows={statusRows}
            loading={query.isPending}
            error={query.error}
            onRetry={() => void query.refetch()}
            today={today}
            selected={search.issue}
            onSelect={select}
            empty={empty}
          />
        </section>
      );
    });

  return (
    <div className="hkipo-page" data-testid="hk-ipo-view" data-view={search.view}>
      <header className="panel hkipo-head">
        <div className="hkipo-head__titles">
          <h1 className="hkipo-head__title">{t('page.title')}</h1>
          <span className="muted hkipo-head__hint">{t('page.hkt')}</span>
        </div>
        <div className="hkipo-head__controls">
          <Segmented
            label={t('view.label')}
            value={search.view}
            options={HK_IPO_VIEWS.map((view) => ({ value: view, label: t(`view.${view}`) }))}
            onChange={(view) => onSearch({ view })}
            testId="hk-ipo-layout"
          />
          <Segmented
            label={t('status.label')}
            value={search.status}
            options={STATUS_FILTERS.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            onChange={(status) => onSearch({ status })}
            testId="hk-ipo-status"
          />
          <FilterInput value={search.q} onChange={(q) => onSearch({ q }, { replace: true })} />
          <span className="hkipo-head__spacer" />
          <CalendarFileActions
            status={search.status}
            feed={
              signedIn
                ? { open: feedOpen, toggle: () => setFeedOpen((open) => !open), controls: feedId }
                : null
            }
          />
          <CopyLinkButton />
        </div>
      </header>
      {signedIn && feedOpen && <CalendarFeedSection id={feedId} status={search.status} />}
      {closed && (
        <div className="notice" role="status">
          {t('calendar.closed')}
        </div>
      )}
      <div className={search.issue === undefined ? 'hkipo-layout' : 'hkipo-layout hkipo-layout--detail'}>
        <div className="panel hkipo-main">
          {search.view === 'list' ? (
            lists
          ) : (
            <>
              {[subscribable, awaiting].map((query, index) =>
                query.isError ? (
                  <ErrorState key={index} compact error={query.error} onRetry={() => void query.refetch()} />
                ) : null,
              )}
              {month !== undefined && (
                <MonthGrid
                  month={month}
                  today={today}
                  events={events}
                  selected={search.issue}
                  onSelect={select}
                  onMonth={(next) => onSearch({ month: next }, { replace: true })}
                />
              )}
            </>
          )}
        </div>
        {search.issue !== undefined && (
          <IssueDetail
            issueCode={search.issue}
            row={chosen}
            calendarKnown={calendarKnown}
            today={today}
            onClose={close}
          />
        )}
      </div>
      <Applications page={search.apps} q={search.q} onPage={(apps) => onSearch({ apps })} />
    </div>
  );
}
