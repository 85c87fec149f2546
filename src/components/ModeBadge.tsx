import { useQuery } from '@tanstack/react-query';
import { modeQuery } from '../api/query';
import { useI18n } from '../lib/i18n';

/**
 * Where the numbers come from. Always on screen: in simulated mode (or when the mode cannot be read)
 * it is amber, so that nobody mistakes generated numbers for market data.
 */
export function ModeBadge() {
  const { t } = useI18n();
  const mode = useQuery(modeQuery());
  const state = mode.isPending ? 'loading' : mode.isError ? 'unknown' : mode.data.mode;
  const text = {
    loading: t('mode.loading'),
    unknown: t('mode.unknown'),
    simulated: t('mode.simulated'),
    live: t('mode.live'),
  }[state];
  const hint =
    state === 'simulated'
      ? t('mode.simulatedHint')
      : state === 'live'
        ? t('mode.liveHint')
        : t('mode.unknownHint');
  return (
    <span className="mode-badge" data-mode={state} title={hint} data-testid="mode-badge">
      <span className="mode-badge__dot" aria-hidden="true" />
      {text}
      <span className="visually-hidden">{hint}</span>
    </span>
  );
}
