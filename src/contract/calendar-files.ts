import { z } from 'zod';
import { CALENDAR_FILE_STATUSES, ISSUE_CODE_RE } from './calendar-files-terms';
import type { IpoEventKind } from './operations/hk-ipo-terms';

/**
 * Calendar files (RFC 5545 `.ics`) of the Hong Kong IPO calendar, served by the BFF at stable URLs so a
 * calendar application can subscribe to them: the whole calendar (optionally one status) and one issue.
 * The browser builds its links with these functions and the server routes with the same paths and query
 * schema, so neither restates a path or a rule.
 */

export const HK_IPO_FILES_BASE_PATH = '/bff/hk-ipo';

export const CALENDAR_FILE_ROUTES = {
  /** Every issue of the calendar (or of one status). */
  calendar: '/calendar.ics',
  /** One issue, by its issue code. */
  issue: '/issues/:issueCode.ics',
} as const;

export { CALENDAR_FILE_STATUSES, type CalendarFileStatus } from './calendar-files-terms';

/** Languages of the events' texts (the app's languages). */
export const CALENDAR_FILE_LANGS = ['zh-CN', 'en'] as const;
export type CalendarFileLang = (typeof CALENDAR_FILE_LANGS)[number];

export { ISSUE_CODE_RE } from './calendar-files-terms';

/** Query of both files; a bad value is refused (400) with the parameter named. */
export const calendarFileQuery = z.object({
  status: z.enum(CALENDAR_FILE_STATUSES).default('all'),
  lang: z.enum(CALENDAR_FILE_LANGS).default('zh-CN'),
});
export type CalendarFileQuery = z.output<typeof calendarFileQuery>;

export const issueFileParams = z.object({
  issueCode: z.string().regex(ISSUE_CODE_RE, 'must be an issue code of letters, digits, - or _ (at most 32)'),
});

function withQuery(path: string, params: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) query.append(name, value);
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Defaults are left out, so the plain calendar has one short URL to subscribe to. */
export function calendarFilePath(opts: Partial<CalendarFileQuery> = {}): string {
  const params: Record<string, string> = {};
  if (opts.status !== undefined && opts.status !== 'all') params['status'] = opts.status;
  if (opts.lang !== undefined && opts.lang !== 'zh-CN') params['lang'] = opts.lang;
  return withQuery(`${HK_IPO_FILES_BASE_PATH}${CALENDAR_FILE_ROUTES.calendar}`, params);
}

export function issueFilePath(issueCode: string, opts: { lang?: CalendarFileLang } = {}): string {
  const path = `${HK_IPO_FILES_BASE_PATH}${CALENDAR_FILE_ROUTES.issue.replace(':issueCode', encodeURIComponent(issueCode))}`;
  return withQuery(path, opts.lang !== undefined && opts.lang !== 'zh-CN' ? { lang: opts.lang } : {});
}

/**
 * The calendar feed: the same files at a secret per-user address, for servers with sign-in
 * (AUTH_MODE=proxy or oidc), where the plain files need a signed-in user and a calendar application
 * cannot sign in. The token in the path is the only credential: whoever holds the address reads the
 * files (never anything else). A signed-in user reads, makes anew (the old address stops at once) or
 * revokes their address at FEED_URL_ROUTE. An unknown or revoked token is a plain 404. The prefix is
 * what the deployment's reverse proxy lets through without its own sign-in (deploy/nginx.conf):
 * nothing else may live under it.
 */
export const HK_IPO_FEED_BASE_PATH = `${HK_IPO_FILES_BASE_PATH}/feed`;

/** Routes of the feed, under HK_IPO_FILES_BASE_PATH, with the same queries as the plain files. */
export const CALENDAR_FEED_ROUTES = {
  calendar: '/feed/:token/calendar.ics',
  issue: '/feed/:token/issues/:issueCode.ics',
} as const;

/** `GET` the user's feed address, `POST` a new one (the old one dies), `DELETE` it (signed in, CSRF). */
export const FEED_URL_ROUTE = '/feed-url';
export const FEED_URL_PATH = `${HK_IPO_FILES_BASE_PATH}${FEED_URL_ROUTE}`;

/** A token: 32 bytes, base64url without padding (43 characters). */
export const FEED_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const feedTokenParams = z.object({ token: z.string().regex(FEED_TOKEN_RE) });

/** The user's feed address: `path` on this site, `url` as the server was asked; null when there is none. */
export const feedUrlAnswerSchema = z.object({
  feed: z.object({ path: z.string(), url: z.string(), created_at: z.number() }).nullable(),
});
export type FeedUrlAnswer = z.infer<typeof feedUrlAnswerSchema>;

function feedPath(token: string): string {
  return `${HK_IPO_FEED_BASE_PATH}/${encodeURIComponent(token)}`;
}

/** The feed of the whole calendar (or one status), like `calendarFilePath`. */
export function calendarFeedPath(token: string, opts: Partial<CalendarFileQuery> = {}): string {
  const plain = calendarFilePath(opts);
  return `${feedPath(token)}${plain.slice(HK_IPO_FILES_BASE_PATH.length)}`;
}

/** One issue's file at the feed's address, like `issueFilePath`. */
export function issueFeedPath(token: string, issueCode: string, opts: { lang?: CalendarFileLang } = {}) {
  const plain = issueFilePath(issueCode, opts);
  return `${feedPath(token)}${plain.slice(HK_IPO_FILES_BASE_PATH.length)}`;
}

/** A feed path with another status or language: the path the server answered, its query replaced. */
export function withFeedQuery(path: string, opts: Partial<CalendarFileQuery>): string {
  const q = path.indexOf('?');
  const base = q === -1 ? path : path.slice(0, q);
  const plain = calendarFilePath(opts);
  const query = plain.indexOf('?');
  return query === -1 ? base : `${base}${plain.slice(query)}`;
}

/** Events of one issue, in the order they happen. */
export const EVENT_KINDS = ['subscriptionEnd', 'listing'] as const satisfies readonly IpoEventKind[];

const UID_KIND: Record<IpoEventKind, string> = {
  subscriptionEnd: 'subscription-end',
  listing: 'listing',
};

/**
 * An event's UID: the issue code and the event kind, nothing that changes (dates, names, prices), so
 * re-importing or refreshing a subscription updates an event instead of adding a second one.
 */
export function eventUid(issueCode: string, kind: IpoEventKind): string {
  return `${issueCode}-${UID_KIND[kind]}@hk-ipo.market-dashboard`;
}
