import { useEffect, useState } from 'react';
import { useI18n } from '../lib/i18n';

type CopyState = 'idle' | 'done' | 'failed';

/** How long "copied" stays on the button. */
const CONFIRM_MS = 2000;

/**
 * Copies the page's URL, which holds the whole view state (or another `url`, under another `label`).
 * Where the clipboard is refused (no secure context, denied permission) the link is shown selected so
 * it can be copied by hand.
 */
export function CopyLinkButton({ url, label }: { url?: string; label?: string } = {}) {
  const { t } = useI18n();
  const [state, setState] = useState<CopyState>('idle');
  const [href, setHref] = useState('');

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => setState('idle'), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    const link = url ?? window.location.href;
    setHref(link);
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setState('failed');
      return;
    }
    clipboard.writeText(link).then(
      () => setState('done'),
      () => setState('failed'),
    );
  };

  return (
    <span className="copy-link">
      <button type="button" className="btn btn--small" onClick={copy} aria-live="polite">
        <span aria-hidden="true">⧉ </span>
        {state === 'done' ? t('copy.done') : (label ?? t('copy.label'))}
      </button>
      {state === 'failed' && (
        <label className="copy-link__fallback">
          <span>{t('copy.failed')}</span>
          <input
            className="copy-link__input"
            readOnly
            value={href}
            ref={(el) => el?.select()}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      )}
    </span>
  );
}
