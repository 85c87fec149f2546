import type { LiveState } from './live';
import { useWatchlistText } from './messages';

/**
 * A small mark beside a watchlist page's title: whether changes from elsewhere show up by themselves
 * (实时同步 · Live), or the page is reconnecting. Nothing when the browser cannot listen at all.
 */
export function LiveIndicator({ state }: { state: LiveState }) {
  const { t } = useWatchlistText();
  if (state === 'off') return null;
  return (
    <span className="wl-live" data-state={state} data-testid="live-indicator" title={t(`live.hint.${state}`)}>
      <span className="wl-live__dot" aria-hidden="true" />
      {t(`live.${state}`)}
    </span>
  );
}
