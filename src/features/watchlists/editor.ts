import { useCallback, useMemo, useRef, useState } from 'react';
import {
  applyEdit,
  watchlistClient,
  type EditOutcome,
  type Watchlist,
  type WatchlistClient,
  type WatchlistEdit,
} from '../../api/watchlists';
import { WATCHLIST_LIMITS } from '../../contract/watchlists';
import { useEditWatchlist } from './api/edit-watchlist';
import { apiErrorText } from './errors';
import { useWatchlistText, type WatchlistT } from './messages';
import type { Language } from '../../lib/i18n';

/**
 * Edits of one open list. They go through `useEditWatchlist` (a mutation), one after the other, each
 * planned on the newest list the page knows, so quick keystrokes (Alt+↓ three times) never conflict
 * with each other; meanwhile the page shows the list with the waiting edits applied, from the moment
 * they are made. A conflict with another tab is re-applied once by `runEdit`; whatever could not be
 * applied becomes a notice on the page.
 */

export interface Notice {
  id: number;
  tone: 'error' | 'info';
  text: string;
}

function describe(edit: WatchlistEdit, t: WatchlistT): string {
  switch (edit.kind) {
    case 'add':
      return t('edit.add', { codes: edit.items.map((i) => i.thscode).join(', ') });
    case 'remove':
      return t('edit.remove', { code: edit.thscode });
    case 'move':
      return t('edit.move', { code: edit.thscode });
    case 'note':
      return t('edit.note', { code: edit.thscode });
    case 'rename':
      return t('edit.rename', { name: edit.name });
    case 'visibility':
      return t('edit.visibility', { what: t(`visibility.${edit.visibility}`) });
  }
}

/** What the reader is told about an edit's outcome; null when it simply worked. */
export function outcomeNotice(
  edit: WatchlistEdit,
  outcome: EditOutcome,
  t: WatchlistT,
  lang: Language,
): Omit<Notice, 'id'> | null {
  const what = describe(edit, t);
  if (outcome.status === 'applied') {
    return outcome.retried ? { tone: 'info', text: t('outcome.retried', { what }) } : null;
  }
  if (outcome.status === 'noop') {
    // Asking for what is already so (a note saved unchanged, an item dropped back in place) needs no word.
    return outcome.reason === 'already' && edit.kind === 'add'
      ? { tone: 'info', text: t('outcome.already', { what }) }
      : null;
  }
  switch (outcome.reason) {
    case 'gone':
      return { tone: 'error', text: t('outcome.gone', { what }) };
    case 'changed': {
      if (edit.kind === 'note') {
        const theirs = outcome.list?.items.find((i) => i.thscode === edit.thscode)?.note ?? '';
        return {
          tone: 'error',
          text: t('outcome.changedNote', { code: edit.thscode, theirs, mine: edit.note }),
        };
      }
      if (edit.kind === 'rename') {
        return {
          tone: 'error',
          text: t('outcome.changedName', { theirs: outcome.list?.name ?? '', mine: edit.name }),
        };
      }
      return { tone: 'error', text: t('outcome.conflict', { what }) };
    }
    case 'limit':
      return { tone: 'error', text: t('outcome.limit', { what, max: WATCHLIST_LIMITS.items_per_list }) };
    case 'conflict':
      return { tone: 'error', text: t('outcome.conflict', { what }) };
    case 'error':
      if (outcome.error?.status === 404 && outcome.error.code === 'not_found')
        return { tone: 'error', text: t('outcome.missing') };
      return {
        tone: 'error',
        text: t('outcome.error', {
          what,
          message: outcome.error ? apiErrorText(outcome.error, t, lang) : '',
        }),
      };
  }
}

export interface WatchlistEditor {
  /** The list as shown: the server's with the waiting edits applied. */
  view: Watchlist | undefined;
  submit: (edit: WatchlistEdit) => Promise<EditOutcome>;
  /** Edits not answered yet. */
  busy: boolean;
  notices: readonly Notice[];
  dismiss: (id: number) => void;
  notify: (notice: Omit<Notice, 'id'>) => void;
}

export function useWatchlistEditor(
  id: number,
  server: Watchlist | undefined,
  client: WatchlistClient = watchlistClient,
): WatchlistEditor {
  const { t, lang } = useWatchlistText();
  // The edits not answered yet, shown at once (the mutation's own state reaches the page a tick later).
  const [pending, setPending] = useState<readonly { seq: number; edit: WatchlistEdit }[]>([]);
  const [notices, setNotices] = useState<readonly Notice[]>([]);
  const counter = useRef(0);
  const { mutateAsync } = useEditWatchlist({ serialFor: id, client });

  const notify = useCallback((notice: Omit<Notice, 'id'>) => {
    counter.current += 1;
    const entry = { ...notice, id: counter.current };
    // The newest few are enough: a long stack of old messages helps nobody.
    setNotices((list) => [...list, entry].slice(-4));
  }, []);

  const dismiss = useCallback((noticeId: number) => {
    setNotices((list) => list.filter((n) => n.id !== noticeId));
  }, []);

  const submit = useCallback(
    (edit: WatchlistEdit): Promise<EditOutcome> => {
      counter.current += 1;
      const seq = counter.current;
      setPending((list) => [...list, { seq, edit }]);
      return mutateAsync({ id, edit })
        .then(
          (outcome) => {
            const notice = outcomeNotice(edit, outcome, t, lang);
            if (notice) notify(notice);
            return outcome;
          },
          (error: unknown): EditOutcome => {
            notify({
              tone: 'error',
              text: t('outcome.error', {
                what: describe(edit, t),
                message: error instanceof Error ? error.message : String(error),
              }),
            });
            return { status: 'failed', list: null, reason: 'error', error: null };
          },
        )
        .finally(() => setPending((list) => list.filter((p) => p.seq !== seq)));
    },
    [id, mutateAsync, notify, t, lang],
  );

  const view = useMemo(
    () => (server ? pending.reduce((list, p) => applyEdit(list, p.edit), server) : undefined),
    [pending, server],
  );

  return { view, submit, busy: pending.length > 0, notices, dismiss, notify };
}
