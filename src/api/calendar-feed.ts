import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { FEED_URL_PATH, feedUrlAnswerSchema, type FeedUrlAnswer } from '../contract/calendar-files';
import { writeHeaders } from './session';

/**
 * The browser's client for the signed-in user's secret calendar address (`/bff/hk-ipo/feed-url`, see
 * src/contract/calendar-files.ts): read it, make a new one (the old one stops working), revoke it. A
 * refusal or failure is a `CalendarFeedError` with the server's message.
 */

export type CalendarFeed = NonNullable<FeedUrlAnswer['feed']>;

/** The calendar files' refusal body. */
const refusalSchema = z.object({ statusCode: z.number(), message: z.string() });

export class CalendarFeedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CalendarFeedError';
  }
}

async function refusalOf(res: Response): Promise<CalendarFeedError> {
  const body: unknown = await res.json().catch(() => null);
  const parsed = refusalSchema.safeParse(body);
  return new CalendarFeedError(res.status, parsed.success ? parsed.data.message : `HTTP ${res.status}`);
}

async function send(method: 'GET' | 'POST' | 'DELETE', signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Changes carry the session's CSRF token, as every write does.
  if (method !== 'GET') Object.assign(headers, await writeHeaders());
  const res = await fetch(FEED_URL_PATH, { method, headers, credentials: 'same-origin', signal });
  if (!res.ok) throw await refusalOf(res);
  return res;
}

async function feedOf(res: Response): Promise<CalendarFeed | null> {
  return feedUrlAnswerSchema.parse(await res.json()).feed;
}

export const calendarFeedKeys = { all: ['calendar-feed'] as const };

export function calendarFeedQuery() {
  return queryOptions<CalendarFeed | null>({
    queryKey: calendarFeedKeys.all,
    queryFn: async ({ signal }) => feedOf(await send('GET', signal)),
    // Changed only here (and by the same user elsewhere, rarely): no refetch on every focus.
    staleTime: 5 * 60_000,
  });
}

/** A new address; the one before stops working at once. */
export async function renewCalendarFeed(): Promise<CalendarFeed> {
  const feed = await feedOf(await send('POST'));
  if (feed === null) throw new CalendarFeedError(0, 'The server made no calendar address');
  return feed;
}

export async function revokeCalendarFeed(): Promise<void> {
  await send('DELETE');
}
