import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  isWatchlistApiError,
  watchlistIndexQuery,
  watchlistQuery,
  type Watchlist,
  type WatchlistSummary,
} from '../../api/watchlists';
import { WATCHLIST_LIMITS, textLength } from '../../contract/watchlists';
import { useCreateWatchlist } from './api/create-watchlist';
import { useEditWatchlist } from './api/edit-watchlist';
import { apiErrorText } from './errors';
import { useWatchlistText } from './messages';
import './AddToWatchlist.css';

/**
 * "Add to watchlist" for any instrument page: a button that opens a small panel with the reader's lists
 * (choose one) and a field to create a new list with the instrument in it. The add goes through the
 * same edit mutation as the list page: a list changed meanwhile in another tab is handled by `runEdit`
 * (re-planned on the newest version once).
 */

type Result =
  { kind: 'added' | 'already'; list: { id: number; name: string } } | { kind: 'failed'; message: string };

export function AddToWatchlist({ thscode }: { thscode: string }) {
  const { t, lang } = useWatchlistText();
  const queryClient = useQueryClient();
  const { mutateAsync: editList } = useEditWatchlist();
  const { mutateAsync: createList } = useCreateWatchlist();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [name, setName] = useState('');
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const index = useQuery({ ...watchlistIndexQuery(), enabled: open });

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  function failureText(error: unknown): string {
    if (isWatchlistApiError(error)) return apiErrorText(error, t, lang);
    return error instanceof Error ? error.message : String(error);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  async function addTo(base: Watchlist) {
    const outcome = await editList({ id: base.id, base, edit: { kind: 'add', items: [{ thscode }] } });
    const list = { id: base.id, name: outcome.list?.name ?? base.name };
    if (outcome.status === 'applied') setResult({ kind: 'added', list });
    else if (outcome.status === 'noop') setResult({ kind: 'already', list });
    else
      setResult({
        kind: 'failed',
        message: outcome.error
          ? apiErrorText(outcome.error, t, lang)
          : outcome.reason === 'limit'
            ? `≤ ${WATCHLIST_LIMITS.items_per_list}`
            : outcome.reason,
      });
  }

  async function choose(summary: WatchlistSummary) {
    setBusy(true);
    setResult(null);
    try {
      await addTo(await queryClient.fetchQuery(watchlistQuery(summary.id)));
    } catch (error) {
      setResult({ kind: 'failed', message: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setResult({ kind: 'failed', message: t('addTo.nameEmpty') });
    if (textLength(trimmed) > WATCHLIST_LIMITS.name_length)
      return setResult({
        kind: 'failed',
        message: t('addTo.nameLong', { max: WATCHLIST_LIMITS.name_length }),
      });
    setBusy(true);
    setResult(null);
    try {
      const list = await createList(trimmed);
      setName('');
      await addTo(list);
    } catch (error) {
      const message =
        isWatchlistApiError(error) && error.code === 'name_taken' ? t('addTo.nameTaken') : failureText(error);
      setResult({ kind: 'failed', message });
    } finally {
      setBusy(false);
    }
  }

  const lists = index.data?.watchlists ?? [];

  return (
    <span className="add-watch" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((v) => !v);
          setResult(null);
        }}
      >
        <span aria-hidden="true">☆ </span>
        {t('addTo.button')}
      </button>
      {open && (
        <div
          id={panelId}
          className="add-watch__panel"
          role="dialog"
          aria-label={t('addTo.title')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        >
          <div className="add-watch__title">{t('addTo.choose')}</div>
          {index.isPending ? (
            <div className="add-watch__muted" role="status">
              {t('addTo.loading')}
            </div>
          ) : index.isError ? (
            <div className="add-watch__error" role="alert">
              {index.error.message}
            </div>
          ) : lists.length === 0 ? (
            <div className="add-watch__muted">{t('addTo.none')}</div>
          ) : (
            <ul className="add-watch__lists">
              {lists.map((list) => (
                <li key={list.id}>
                  <button
                    type="button"
                    className="add-watch__list"
                    disabled={busy}
                    onClick={() => void choose(list)}
                  >
                    <span>{list.name}</span>
                    <span className="add-watch__muted num">
                      {t('addTo.count', { count: list.item_count })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="add-watch__create" onSubmit={(event) => void create(event)}>
            <input
              className="add-watch__input"
              aria-label={t('addTo.newName')}
              placeholder={t('addTo.newName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <button type="submit" className="btn btn--small" disabled={busy}>
              {t('addTo.create')}
            </button>
          </form>
          <div className="add-watch__result" role="status" aria-live="polite">
            {result?.kind === 'added' || result?.kind === 'already' ? (
              <>
                {t(result.kind === 'added' ? 'addTo.added' : 'addTo.already', { name: result.list.name })}{' '}
                <Link to="/watchlists/$id" params={{ id: String(result.list.id) }}>
                  {t('addTo.open')}
                </Link>
              </>
            ) : result?.kind === 'failed' ? (
              <span className="add-watch__error">{t('addTo.failed', { message: result.message })}</span>
            ) : null}
          </div>
        </div>
      )}
    </span>
  );
}
