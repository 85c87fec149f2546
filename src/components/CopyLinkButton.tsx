import { useEffect, useState } from 'react';
import { useI18n } from '../lib/i18n';

type CopyState = 'idle' | 'done' | 'failed';

/** How long "copied" stays on the button. */
const CONFIRM_MS = 2000;

/**
 * The page's URL with `pin`'s values added where the URL has none: a view of "the latest day" copies as
 * a link to that day, so it shows the same data tomorrow (the page's own URL stays "latest").
 */
export function pinnedUrl(href: string, pin: Readonly<Record<string, string | undefined>> = {}): string {
  const url = new URL(href);
  for (const [key, value] of Object.entries(pin)) {
    if (value !== undefined && !url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * Copies the page's URL, which holds the whole view state, with `pin` added (see `pinnedUrl`). Where the
 * clipboard is refused (no secure context, denied permission) the link is shown selected so it can be
 * copied by hand.
 */
export function CopyLinkButton({
  pin,
  text,
  label,
  failedLabel,
  testId,
}: {
  pin?: Readonly<Record<string, string | undefined>>;
  /** Another text to copy instead of the page's link (a curl command, a calendar address). */
  text?: () => string;
  label?: string;
  failedLabel?: string;
  testId?: string;
}) {
  const { t } = useI18n();
  const [state, setState] = useState<CopyState>('idle');
  const [href, setHref] = useState('');

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => setState('idle'), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const pinned = Object.values(pin ?? {}).filter((value) => value !== undefined);

  const copy = () => {
    const url = text ? text() : pinnedUrl(window.location.href, pin);
    setHref(url);
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setState('failed');
      return;
    }
    clipboard.writeText(url).then(
      () => setState('done'),
      () => setState('failed'),
    );
  };

  return (
    <span className="copy-link">
      <button
        type="button"
        className="btn btn--small"
        onClick={copy}
        aria-live="polite"
        data-testid={testId}
        title={pinned.length > 0 ? t('copy.pinned', { values: pinned.join(', ') }) : undefined}
      >
        <span aria-hidden="true">⧉ </span>
        {state === 'done' ? t('copy.done') : (label ?? t('copy.label'))}
      </button>
      {state === 'failed' && (
        <label className="copy-link__fallback">
          <span>{failedLabel ?? t('copy.failed')}</span>
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
