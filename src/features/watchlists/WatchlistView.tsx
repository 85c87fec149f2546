import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { watchlistQuery, type Watchlist, type WatchlistEdit } from '../../api/watchlists';
import { HistoryPanel } from './HistoryPanel';
import { WATCHLIST_LIMITS } from '../../contract/watchlists';
import type { SortingState } from '../../components/DataTable';
import { ErrorState } from '../../components/states';
import { formatShanghaiMinute } from '../../lib/format';
import { AddInstrumentBox } from './AddInstrumentBox';
import { useWatchlistEditor, type WatchlistEditor } from './editor';
import { ConfirmDelete, ExportButton, RenameForm, ShareButton } from './ListActions';
import { useWatchlistText } from './messages';
import type { InstrumentRecord } from '../../api/instruments';
import { parseListId } from './url-state';
import { useDeleteList } from './useDeleteList';
import { useWatchlistQuotes } from './useWatchlistQuotes';
import { WatchlistTable } from './WatchlistTable';
import { useLiveWatchlists, type LiveState } from './live';
import { LiveIndicator } from './LiveIndicator';
import './watchlists.css';

export interface WatchlistViewProps {
  /** The id as it appears in the URL. */
  rawId: string;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** The panel shown below the list (its history), from the URL. */
  panel?: 'history' | undefined;
  onPanelChange?: (panel: 'history' | undefined) => void;
}

interface PanelProps {
  panel: 'history' | undefined;
  onPanelChange: (panel: 'history' | undefined) => void;
}

/** `/watchlists/$id`: one list with live columns, editing, share and export. */
export function WatchlistView({
  rawId,
  sorting,
  onSortingChange,
  panel,
  onPanelChange = () => undefined,
}: WatchlistViewProps) {
  const { t } = useWatchlistText();
  const id = parseListId(rawId);
  if (id === null) return <ListMissing message={t('list.badId', { id: rawId })} />;
  return (
    <WatchlistPage
      key={id}
      id={id}
      sorting={sorting}
      onSortingChange={onSortingChange}
      panel={panel}
      onPanelChange={onPanelChange}
    />
  );
}

function ListMissing({ message }: { message: string }) {
  const { t } = useWatchlistText();
  return (
    <section className="panel wl-page">
      <h1 className="panel__title">{t('index.title')}</h1>
      <p role="alert">{message}</p>
      <Link to="/watchlists">{t('list.back')}</Link>
    </section>
  );
}

export function WatchlistSkeleton() {
  return (
    <div className="wl-page" aria-busy="true">
      <section className="panel wl-head-panel">
        <div className="skel wl-skel--title" />
        <div className="skel wl-skel--line" />
      </section>
      <section className="panel">
        <div className="skel wl-skel--table" />
      </section>
    </div>
  );
}

function WatchlistPage({
  id,
  sorting,
  onSortingChange,
  ...panelProps
}: {
  id: number;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
} & PanelProps) {
  const { t } = useWatchlistText();
  const query = useQuery(watchlistQuery(id));
  const editor = useWatchlistEditor(id, query.data);
  // Changes made elsewhere show up by themselves while the page is open (the history's too).
  const live = useLiveWatchlists();
  const list = editor.view;

  if (list === undefined) {
    if (query.isError) {
      if (query.error.status === 404) return <ListMissing message={t('list.notFound', { id })} />;
      return (
        <section className="panel wl-page">
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </section>
      );
    }
    return <WatchlistSkeleton />;
  }
  if (query.isError && query.error.status === 404)
    return <ListMissing message={t('list.notFound', { id })} />;
  return (
    <WatchlistWorkspace
      list={list}
      editor={editor}
      live={live}
      sorting={sorting}
      onSortingChange={onSortingChange}
      {...panelProps}
    />
  );
}

function WatchlistWorkspace({
  list,
  editor,
  live,
  sorting,
  onSortingChange,
  panel,
  onPanelChange,
}: {
  list: Watchlist;
  editor: WatchlistEditor;
  live: LiveState;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
} & PanelProps) {
  const { t } = useWatchlistText();
  const navigate = useNavigate();
  const quotes = useWatchlistQuotes(list.items);
  const [announcement, setAnnouncement] = useState('');
  const [renaming, setRenaming] = useState(false);
  const removal = useDeleteList(() => void navigate({ to: '/watchlists' }));
  const { submit } = editor;

  // A repeated message must be announced again: the live region only speaks when its text changes.
  const announce = useCallback((text: string) => {
    setAnnouncement((previous) => (previous === text ? `${text}\u200b` : text));
  }, []);
  const onEdit = useCallback((edit: WatchlistEdit) => void submit(edit), [submit]);
  const present = useMemo(() => new Set(list.items.map((i) => i.thscode.toUpperCase())), [list.items]);

  function add(record: InstrumentRecord) {
    void submit({
      kind: 'add',
      items: [{ thscode: record.thscode, name: record.name, asset_type: record.asset_type }],
    });
    announce(t('add.done', { name: record.name, code: record.thscode }));
  }

  const failedQuotes = quotes.failed.length;
  const owner = list.access === 'owner';

  // Through the editor, after the edits still on their way, on the newest version of the list.
  function toggleVisibility() {
    const next = list.visibility === 'team' ? 'private' : 'team';
    void submit({ kind: 'visibility', visibility: next }).then((outcome) => {
      if (outcome.status === 'applied') {
        announce(t('visibility.done', { name: outcome.list.name, what: t(`visibility.${next}`) }));
      }
    });
  }

  return (
    <div className="wl-page" data-testid="watchlist-view">
      <section className="panel wl-head-panel">
        <Link to="/watchlists" className="wl-back">
          {t('list.back')}
        </Link>
        <div className="wl-head">
          {renaming && owner ? (
            <RenameForm
              name={list.name}
              onSave={(name) => {
                setRenaming(false);
                void submit({ kind: 'rename', name, base: list.name });
              }}
              onCancel={() => setRenaming(false)}
            />
          ) : (
            <>
              <h1 className="panel__title wl-title" data-testid="watchlist-name">
                {list.name}
              </h1>
              {owner ? (
                <button type="button" className="btn btn--small btn--ghost" onClick={() => setRenaming(true)}>
                  {t('rename.label')}
                </button>
              ) : (
                <span className="wl-badge wl-badge--readonly" data-testid="readonly-badge">
                  {t('readonly.badge', { owner: list.owner_name })}
                </span>
              )}
            </>
          )}
          <LiveIndicator state={live} />
          <span className="wl-head__spacer" />
          {owner && (
            <button
              type="button"
              className="btn btn--small"
              aria-pressed={list.visibility === 'team'}
              title={t('visibility.label', { what: t(`visibility.${list.visibility}`) })}
              onClick={toggleVisibility}
            >
              {list.visibility === 'team' ? t('visibility.makePrivate') : t('visibility.makeTeam')}
            </button>
          )}
          <button
            type="button"
            className="btn btn--small"
            aria-expanded={panel === 'history'}
            onClick={() => onPanelChange(panel === 'history' ? undefined : 'history')}
          >
            {panel === 'history' ? t('history.close') : t('history.open')}
          </button>
          <ShareButton name={list.name} items={list.items} />
          <ExportButton name={list.name} items={list.items} />
          {owner && (
            <button
              type="button"
              className="btn btn--small"
              onClick={() => removal.ask({ ...list, item_count: list.items.length })}
            >
              {t('delete.listLabel')}
            </button>
          )}
        </div>
        <p className="muted num wl-meta">
          {t('list.meta', {
            count: list.items.length,
            max: WATCHLIST_LIMITS.items_per_list,
            time: formatShanghaiMinute(list.updated_at),
          })}
          {' · '}
          <span data-testid="watchlist-visibility">
            {t('visibility.label', { what: t(`visibility.${list.visibility}`) })}
          </span>
        </p>
        {removal.state.target && (
          <ConfirmDelete
            name={removal.state.target.name}
            count={removal.state.target.item_count}
            message={removal.state.message}
            busy={removal.state.busy}
            onConfirm={() => void removal.confirm()}
            onCancel={removal.cancel}
          />
        )}
        {removal.state.error && (
          <p className="wl-error" role="alert">
            {removal.state.error}
          </p>
        )}
        {editor.notices.length > 0 && (
          <ul className="wl-notices">
            {editor.notices.map((notice) => (
              <li
                key={notice.id}
                className={notice.tone === 'error' ? 'wl-notice wl-notice--error' : 'wl-notice'}
                role={notice.tone === 'error' ? 'alert' : 'status'}
              >
                <span>{notice.text}</span>
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  onClick={() => editor.dismiss(notice.id)}
                >
                  {t('notice.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {owner && (
          <AddInstrumentBox
            present={present}
            canAdd={list.items.length < WATCHLIST_LIMITS.items_per_list}
            onAdd={add}
            onMessage={(text) => editor.notify({ tone: 'info', text })}
          />
        )}
      </section>
      <section className="panel wl-items">
        {failedQuotes > 0 && (
          <p className="wl-quote-errors" role="status">
            {t('list.quoteErrors', { count: failedQuotes })}{' '}
            <button type="button" className="btn btn--small" onClick={quotes.retry}>
              {t('list.retryQuotes')}
            </button>
          </p>
        )}
        <WatchlistTable
          listName={list.name}
          items={list.items}
          cellOf={quotes.cell}
          sorting={sorting}
          onSortingChange={onSortingChange}
          onEdit={onEdit}
          announce={announce}
          readOnly={!owner}
          toolbar={
            sorting.length > 0 ? (
              <button type="button" className="btn btn--small" onClick={() => onSortingChange([])}>
                {t('list.clearSort')}
              </button>
            ) : undefined
          }
        />
      </section>
      {panel === 'history' && <HistoryPanel list={list} onClose={() => onPanelChange(undefined)} />}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="watchlist-announcer">
        {announcement}
      </p>
    </div>
  );
}
