import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { WatchlistItem } from '../../api/watchlists';
import {
  WATCHLIST_LIMITS,
  normaliseText,
  renameWatchlistBody,
  watchlistNameSchema,
} from '../../contract/watchlists';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatchlistText } from './messages';
import { shareParams } from './share';
import { watchlistCsvText, watchlistFileName } from './csv';
import { ConfirmPrompt } from '../../components/ConfirmPrompt';

/** The buttons around a list: share link, CSV export, rename field, delete with confirmation. */

/** Saves `text` as a file through a temporary link (no server round trip). */
export function downloadFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportButton({ name, items }: { name: string; items: readonly WatchlistItem[] }) {
  const { t } = useWatchlistText();
  return (
    <button
      type="button"
      className="btn btn--small"
      title={t('export.title')}
      onClick={() => downloadFile(watchlistFileName(name), watchlistCsvText(items))}
    >
      {t('export.label')}
    </button>
  );
}

type CopyState = 'idle' | 'done' | 'failed';

export function ShareButton({ name, items }: { name: string; items: readonly WatchlistItem[] }) {
  const { t } = useWatchlistText();
  const router = useRouter();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const { search, notesOmitted } = shareParams(name, items);
  const href = router.buildLocation({ to: '/watchlists/import', search }).href;
  const url = typeof window === 'undefined' ? href : `${window.location.origin}${href}`;

  useEffect(() => {
    if (open) inputRef.current?.select();
  }, [open]);

  useEffect(() => {
    if (copy !== 'done') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  function copyLink() {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setCopy('failed');
      inputRef.current?.select();
      return;
    }
    clipboard.writeText(url).then(
      () => setCopy('done'),
      () => {
        setCopy('failed');
        inputRef.current?.select();
      },
    );
  }

  return (
    <span className="wl-share">
      <button
        type="button"
        className="btn btn--small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('share.label')}
      </button>
      {open && (
        <div
          id={panelId}
          className="wl-share__panel"
          role="group"
          aria-label={t('share.title')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          <label className="wl-share__label">
            <span>{t('share.title')}</span>
            <input
              ref={inputRef}
              className="wl-share__input num"
              readOnly
              value={url}
              data-testid="share-link"
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <span className="wl-share__row">
            <button type="button" className="btn btn--small" onClick={copyLink} aria-live="polite">
              {copy === 'done' ? t('share.copied') : t('share.copy')}
            </button>
            <button type="button" className="btn btn--small btn--ghost" onClick={() => setOpen(false)}>
              {t('share.close')}
            </button>
          </span>
          <span className="muted wl-share__hint">{t('share.hint')}</span>
          {notesOmitted && <span className="wl-share__hint">{t('share.notesOmitted')}</span>}
          {copy === 'failed' && (
            <span className="wl-share__hint" role="alert">
              {t('share.copyFailed')}
            </span>
          )}
        </div>
      )}
    </span>
  );
}

/**
 * The problem with a list name in the reader's words, or null. The contract's name schema decides (1 to
 * `name_length` characters after trimming, no control characters); this only finds the words.
 */
export function nameProblem(name: string, t: ReturnType<typeof useWatchlistText>['t']): string | null {
  const parsed = watchlistNameSchema.safeParse(name);
  if (parsed.success) return null;
  const rules = parsed.error.issues.map((issue): unknown =>
    issue.code === 'custom' ? issue.params?.['rule'] : undefined,
  );
  if (rules.includes('format')) return t('name.format');
  return normaliseText(name).trim() === ''
    ? t('name.empty')
    : t('name.tooLong', { max: WATCHLIST_LIMITS.name_length });
}

/** The rename form's one field: the contract's name rule. */
const renameNameSchema = renameWatchlistBody.pick({ name: true });

/** Rename in place: Enter saves, Esc cancels. */
export function RenameForm({
  name,
  onSave,
  onCancel,
}: {
  name: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useWatchlistText();
  // Checked on the first save, then as the name is typed (react-hook-form's default re-validation).
  const { register, handleSubmit, formState, control } = useForm({
    resolver: zodResolver(renameNameSchema),
    defaultValues: { name },
  });
  // Read as typed: the same rule refuses an empty and a long name, and the words tell them apart.
  const typed = useWatch({ control, name: 'name' });
  const problem = formState.errors.name ? nameProblem(typed, t) : null;
  const errorId = useId();
  const submit = handleSubmit(({ name: next }) => (next === name ? onCancel() : onSave(next)));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form className="wl-rename" onSubmit={(event) => void submit(event)} noValidate>
      <input
        className="wl-input"
        aria-label={t('rename.input', { name })}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem !== null ? errorId : undefined}
        // Opened on request: the field takes the focus.
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onKeyDown={onKeyDown}
        {...register('name')}
      />
      <button type="submit" className="btn btn--small">
        {t('rename.save')}
      </button>
      <button type="button" className="btn btn--small btn--ghost" onClick={onCancel}>
        {t('rename.cancel')}
      </button>
      {problem !== null && (
        <span id={errorId} className="wl-error" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}

/** "Delete" that asks first, naming the list and its size; `message` replaces the question (a 409). */
export function ConfirmDelete({
  name,
  count,
  message,
  onConfirm,
  onCancel,
  busy = false,
}: {
  name: string;
  count: number;
  message?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t } = useWatchlistText();
  return (
    <ConfirmPrompt
      text={message ?? t('delete.confirm', { name, count })}
      label={t('delete.listLabel')}
      yes={t('delete.yes')}
      no={t('delete.no')}
      busy={busy}
      onYes={onConfirm}
      onNo={onCancel}
    />
  );
}
