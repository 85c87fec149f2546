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
import { useI18n, type Language, type MessageVars } from '../../lib/i18n';
import { useCreateWatchlist } from './api/create-watchlist';
import { useEditWatchlist } from './api/edit-watchlist';
import './AddToWatchlist.css';

/**
 * "Add to watchlist" for any instrument page: a button that opens a small panel with the reader's lists
 * (choose one) and a field to create a new list with the instrument in it. The add goes through the
 * same edit mutation as the list page: a list changed meanwhile in another tab is handled by `runEdit`
 * (re-planned on the newest version once).
 */

const zhCN = {
  button: '加入自选',
  title: '加入自选清单',
  choose: '选择清单',
  count: '{count} 项',
  none: '还没有清单。',
  loading: '加载清单…',
  newName: '新清单名称',
  create: '新建并加入',
  added: '已加入「{name}」',
  already: '已在「{name}」中',
  open: '查看',
  failed: '未能加入：{message}',
  nameEmpty: '请输入名称',
  nameLong: '名称最多 {max} 个字',
  nameTaken: '已有同名的清单',
  close: '关闭',
} as const;
type Key = keyof typeof zhCN;
const en: Record<Key, string> = {
  button: 'Add to watchlist',
  title: 'Add to a watchlist',
  choose: 'Choose a list',
  count: '{count} items',
  none: 'No lists yet.',
  loading: 'Loading lists…',
  newName: 'Name of a new list',
  create: 'Create and add',
  added: 'Added to “{name}”',
  already: 'Already in “{name}”',
  open: 'Open',
  failed: 'Not added: {message}',
  nameEmpty: 'Enter a name',
  nameLong: 'A name has at most {max} characters',
  nameTaken: 'A list with this name already exists',
  close: 'Close',
};
const texts: Record<Language, Record<Key, string>> = { 'zh-CN': zhCN, en };

function text(lang: Language, key: Key, vars?: MessageVars): string {
  return texts[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars?.[name];
    return value === undefined ? whole : String(value);
  });
}

type Result =
  { kind: 'added' | 'already'; list: { id: number; name: string } } | { kind: 'failed'; message: string };

export function AddToWatchlist({ thscode }: { thscode: string }) {
  const { lang } = useI18n();
  const t = (key: Key, vars?: MessageVars) => text(lang, key, vars);
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
        message:
          outcome.error?.message ??
          (outcome.reason === 'limit' ? `≤ ${WATCHLIST_LIMITS.items_per_list}` : outcome.reason),
      });
  }

  async function choose(summary: WatchlistSummary) {
    setBusy(true);
    setResult(null);
    try {
      await addTo(await queryClient.fetchQuery(watchlistQuery(summary.id)));
    } catch (error) {
      setResult({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setResult({ kind: 'failed', message: t('nameEmpty') });
    if (textLength(trimmed) > WATCHLIST_LIMITS.name_length)
      return setResult({ kind: 'failed', message: t('nameLong', { max: WATCHLIST_LIMITS.name_length }) });
    setBusy(true);
    setResult(null);
    try {
      const list = await createList(trimmed);
      setName('');
      await addTo(list);
    } catch (error) {
      const message =
        isWatchlistApiError(error) && error.code === 'name_taken'
          ? t('nameTaken')
          : error instanceof Error
            ? error.message
            : String(error);
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
        {t('button')}
      </button>
      {open && (
        <div
          id={panelId}
          className="add-watch__panel"
          role="dialog"
          aria-label={t('title')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        >
          <div className="add-watch__title">{t('choose')}</div>
          {index.isPending ? (
            <div className="add-watch__muted" role="status">
              {t('loading')}
            </div>
          ) : index.isError ? (
            <div className="add-watch__error" role="alert">
              {index.error.message}
            </div>
          ) : lists.length === 0 ? (
            <div className="add-watch__muted">{t('none')}</div>
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
                    <span className="add-watch__muted num">{t('count', { count: list.item_count })}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="add-watch__create" onSubmit={(event) => void create(event)}>
            <input
              className="add-watch__input"
              aria-label={t('newName')}
              placeholder={t('newName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <button type="submit" className="btn btn--small" disabled={busy}>
              {t('create')}
            </button>
          </form>
          <div className="add-watch__result" role="status" aria-live="polite">
            {result?.kind === 'added' || result?.kind === 'already' ? (
              <>
                {t(result.kind, { name: result.list.name })}{' '}
                <Link to="/watchlists/$id" params={{ id: String(result.list.id) }}>
                  {t('open')}
                </Link>
              </>
            ) : result?.kind === 'failed' ? (
              <span className="add-watch__error">{t('failed', { message: result.message })}</span>
            ) : null}
          </div>
        </div>
      )}
    </span>
  );
}
