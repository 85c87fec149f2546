import type { WatchlistApiError } from '../../api/watchlists';
import { fieldRefusalText } from '../../lib/error-text';
import type { Language } from '../../lib/i18n';
import type { WatchlistMessageKey, WatchlistT } from './messages';

/**
 * A refusal in the reader's language: a code a person can act on has its sentence, a value that breaks
 * a rule is named in the reader's words with the rule; anything else keeps the server's own message.
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
  rate_limited: 'error.rateLimited',
};

/** Refusals of a value that breaks a rule: said as the field (in the reader's words) and the rule. */
const FIELD_RULES = new Set(['invalid', 'format', 'length', 'range', 'required', 'type']);

export function apiErrorText(error: WatchlistApiError, t: WatchlistT, lang: Language): string {
  const key = KNOWN[error.code];
  if (key !== undefined) return t(key, { message: error.message });
  if (error.field !== null && FIELD_RULES.has(error.code)) {
    return fieldRefusalText(lang, error.field, error.message);
  }
  return error.message;
}
