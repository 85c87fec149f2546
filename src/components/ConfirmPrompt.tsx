import { useEffect, useId, useRef } from 'react';

/**
 * An inline "are you sure?" for an action that cannot be undone (deleting a list, replacing or revoking
 * a calendar address): the question, the action in the danger colour, and the way out, which has the
 * focus, so that Enter right away does nothing harmful; Escape is the way out too.
 */
export function ConfirmPrompt({
  text,
  label,
  yes,
  no,
  busy = false,
  onYes,
  onNo,
}: {
  text: string;
  /** The dialog's accessible name. */
  label: string;
  yes: string;
  no: string;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);
  return (
    <div
      className="confirm-prompt"
      role="alertdialog"
      aria-describedby={textId}
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onNo();
      }}
    >
      <span id={textId}>{text}</span>
      <button type="button" className="btn btn--small btn--danger" onClick={onYes} disabled={busy}>
        {yes}
      </button>
      <button ref={cancelRef} type="button" className="btn btn--small" onClick={onNo}>
        {no}
      </button>
    </div>
  );
}
