import { useId, useState, type KeyboardEvent } from 'react';
import { WATCHLIST_LIMITS } from '../../contract/watchlists';
import { isValidNote } from './csv';
import { useWatchlistText } from './messages';

/**
 * A note edited in place: the note (or "add note") is a button; in edit mode Enter saves, Esc cancels,
 * Shift+Enter starts a new line, and leaving the field saves (typed text is never thrown away silently).
 */
export function NoteCell({
  note,
  name,
  onSave,
}: {
  note: string;
  name: string;
  /** `base` is the note the edit started from, so a change made elsewhere meanwhile is not overwritten. */
  onSave: (note: string, base: string) => void;
}) {
  const { t } = useWatchlistText();
  const hintId = useId();
  const [draft, setDraft] = useState<{ text: string; base: string } | null>(null);
  const invalid = draft !== null && !isValidNote(draft.text);

  function save() {
    if (draft === null || invalid) return;
    setDraft(null);
    if (draft.text !== draft.base) onSave(draft.text, draft.base);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(null);
    }
  }

  if (draft === null) {
    return (
      <button
        type="button"
        className={note === '' ? 'wl-note wl-note--empty' : 'wl-note'}
        aria-label={t('note.edit', { name })}
        title={note === '' ? undefined : note}
        onClick={() => setDraft({ text: note, base: note })}
      >
        {note === '' ? t('note.add') : note}
      </button>
    );
  }
  return (
    <span className="wl-note-edit">
      <textarea
        className="wl-note-edit__input"
        aria-label={t('note.input', { name })}
        aria-describedby={hintId}
        aria-invalid={invalid || undefined}
        rows={1}
        value={draft.text}
        // Mounted on request: the field takes the focus so typing can start at once.
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setDraft({ ...draft, text: event.target.value })}
        onKeyDown={onKeyDown}
        onBlur={save}
      />
      <span id={hintId} className={invalid ? 'wl-note-edit__hint is-invalid' : 'wl-note-edit__hint'}>
        {invalid ? t('note.tooLong', { max: WATCHLIST_LIMITS.note_length }) : t('note.hint')}
      </span>
    </span>
  );
}
