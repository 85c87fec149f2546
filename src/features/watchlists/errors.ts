import type { WatchlistApiError } from '../../api/watchlists';
import type { WatchlistMessageKey, WatchlistT } from './messages';

/**
 * A refusal in the reader's language where the code is one a person can act on; otherwise the server's
 * own message (English, naming the field and the rule).
 */
const KNOWN: Readonly<Record<string, WatchlistMessageKey>> = {
  name_taken: 'error.nameTaken',
  limit: 'error.limit',
  network: 'error.network',
  not_found: 'error.notFound',
  cross_origin: 'error.crossOrigin',
  search_unavailable: 'error.searchUnavailable',
  unknown_instrument: 'error.unknownInstrument',
  forbidden: 'error.forbidden',
  csrf: 'error.csrf',
  unauthenticated: 'error.unauthenticated',
};

export function apiErrorText(error: WatchlistApiError, t: WatchlistT): string {
  const key = KNOWN[error.code];
  return key === undefined ? error.message : t(key, { message: error.message });
}
