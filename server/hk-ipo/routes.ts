import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { catalog } from '../../src/contract/catalog';
import {
  CALENDAR_FEED_ROUTES,
  CALENDAR_FILE_ROUTES,
  FEED_URL_ROUTE,
  calendarFeedPath,
  calendarFileQuery,
  feedTokenParams,
  issueFileParams,
  type CalendarFileQuery,
  type FeedUrlAnswer,
} from '../../src/contract/calendar-files';
import type { FeedTokenStore } from '../watchlists/repository';
import { currentFeedToken, feedOwner, mintFeedToken } from './feed-tokens';
import { ErrorCode } from '../../src/contract/envelope';
import { toQuery } from '../../src/contract/params';
import { IPO_CALENDAR_STATUSES, type IpoCalendarStatus } from '../../src/contract/operations/hk-ipo';
import type { Upstream } from '../gateway/upstream-client';
import { ClientRateLimitError } from '../gateway/client-rate-limit';
import { newRequestId } from '../gateway/request-id';
import { errorStatus } from '../error-status';
import { ipoCalendarFile, type IpoCalendarEntry } from './calendar-file';

/**
 * Calendar files of the Hong Kong IPO calendar (src/contract/calendar-files.ts), a plugin registered
 * under HK_IPO_FILES_BASE_PATH:
 *
 *   GET /calendar.ics?status=all|subscribable|awaiting_listing&lang=zh-CN|en
 *   GET /issues/:issueCode.ics?lang=zh-CN|en
 *
 * Both read the calendar lists through the gateway's upstream, so they share the answer cache, the
 * request budget and the breakers with /api (a calendar application polling the file costs the service
 * nothing while the lists are cached). A refusal is `{ statusCode, message }` naming the parameter (400),
 * the unknown issue (404), the service's refusal (502) or the gateway's failure (503).
 *
 * With sign-in (AUTH_MODE=proxy or oidc) those two need a signed-in user (the auth hook), and the same
 * files are also served at each user's secret address (feed-tokens.ts), for calendar applications:
 *
 *   GET /feed/:token/calendar.ics?status=…&lang=…      (no sign-in: the token is the credential)
 *   GET /feed/:token/issues/:issueCode.ics?lang=…
 *   GET | POST | DELETE /feed-url                      (signed in: read, make anew, revoke)
 *
 * A token that is not live is 404, the same whether it never existed, was replaced or was revoked.
 * Without sign-in the plain files are the address to subscribe to, and these routes do not exist.
 */

export interface HkIpoFilesOptions {
  upstream: Upstream;
  simulated: boolean;
  /** The gateway's clock (pinned by SIM_NOW in simulated mode): the files' DTSTAMP. */
  clock: () => number;
  /** The per-client rate limit of /api (client-rate-limit.ts): it applies here too. */
  limitClients: onRequestHookHandler;
  /** The per-client limit of writes to the store (shared with the watchlists'): feed address changes. */
  limitWrites: onRequestHookHandler;
  /**
   * The secret addresses (servers with sign-in): the secret tokens derive from, and the store that keeps
   * them (the watchlists' database, once it is open). null without sign-in.
   */
  feed: { secret: string; tokens: () => FeedTokenStore | undefined } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Whose calendar feed a request reads, found from its token before the rate limit counts it. */
    feedOwner: string | null;
  }
}

class FileRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'FileRefusal';
  }
}

const calendarList = catalog['hk-share/ipo/calendar-list'];

/** One calendar list, as the contract's data schema reads it. */
async function readList(
  upstream: Upstream,
  status: IpoCalendarStatus,
  requestId: string,
): Promise<IpoCalendarEntry[]> {
  const outcome = await upstream.call({ operation: calendarList, query: toQuery({ status }), requestId });
  if (!outcome.ok)
    throw new FileRefusal(503, `The market data service could not be asked: ${outcome.failure.message}`);
  const { envelope } = outcome;
  if (envelope.code !== ErrorCode.OK)
    throw new FileRefusal(
      502,
      `The market data service refused the Hong Kong IPO calendar (code ${envelope.code}): ${envelope.message}`,
    );
  const data = calendarList.data.safeParse(envelope.data);
  if (!data.success)
    throw new FileRefusal(502, 'The market data service answered the IPO calendar in an unexpected shape');
  return data.data.item;
}

/** The lists of a status choice, in the calendar's order (subscribable first). */
async function readCalendar(
  upstream: Upstream,
  status: CalendarFileQuery['status'],
  requestId: string,
): Promise<IpoCalendarEntry[]> {
  const statuses = status === 'all' ? IPO_CALENDAR_STATUSES : [status];
  const lists = await Promise.all(statuses.map((s) => readList(upstream, s, requestId)));
  return lists.flat();
}

function parameterMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  const name = issue?.path.join('.') ?? '';
  return name === '' ? 'The request is malformed' : `Parameter '${name}' ${issue?.message ?? 'is invalid'}`;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new FileRefusal(400, parameterMessage(result.error));
  return result.data;
}

function sendFile(reply: FastifyReply, fileName: string, ics: string): FastifyReply {
  return (
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // Calendar applications poll on their own schedule; the gateway's cache keeps that cheap.
      .header('cache-control', 'private, max-age=60')
      .send(ics)
  );
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const hkIpoFilesPlugin: FastifyPluginAsync<HkIpoFilesOptions> = async (app, opts) => {
  const fileOptions = (request: FastifyRequest, lang: CalendarFileQuery['lang']) => ({
    lang,
    simulated: opts.simulated,
    stampMs: opts.clock(),
    appOrigin: originOf(request),
  });

  const routeOptions = { onRequest: opts.limitClients };

  async function sendCalendar(request: FastifyRequest, reply: FastifyReply) {
    const query = parse(calendarFileQuery, request.query);
    const entries = await readCalendar(opts.upstream, query.status, newRequestId());
    const name = query.status === 'all' ? 'hk-ipo-calendar.ics' : `hk-ipo-${query.status}.ics`;
    return sendFile(reply, name, ipoCalendarFile(entries, fileOptions(request, query.lang)));
  }

  async function sendIssue(request: FastifyRequest, reply: FastifyReply) {
    const { issueCode } = parse(issueFileParams, request.params);
    const query = parse(calendarFileQuery.pick({ lang: true }), request.query);
    const entries = await readCalendar(opts.upstream, 'all', newRequestId());
    const entry = entries.find((e) => e.issue_code === issueCode);
    if (entry === undefined)
      throw new FileRefusal(
        404,
        `Issue '${issueCode}' is not in the Hong Kong IPO calendar (open for subscription or awaiting listing)`,
      );
    const ics = ipoCalendarFile([entry], { ...fileOptions(request, query.lang), title: entry.name });
    return sendFile(reply, `hk-ipo-${issueCode}.ics`, ics);
  }

  app.get(CALENDAR_FILE_ROUTES.calendar, routeOptions, sendCalendar);
  app.get(CALENDAR_FILE_ROUTES.issue, routeOptions, sendIssue);

  const { feed } = opts;
  if (feed !== null) {
    const tokens = (): FeedTokenStore => {
      const store = feed.tokens();
      if (store === undefined) throw new FileRefusal(503, 'The calendar addresses cannot be read right now');
      return store;
    };
    app.decorateRequest('feedOwner', null);
    const findOwner: onRequestAsyncHookHandler = async (request) => {
      const params = feedTokenParams.safeParse(request.params);
      const owner = params.success ? await feedOwner(tokens(), feed.secret, params.data.token) : null;
      // Counted as the token's user, else as the address; never as a user header, which the reverse
      // proxy does not vouch for on these paths (it lets them through without its sign-in).
      request.clientKey = owner === null ? `ip:${request.ip}` : `user:${owner}`;
      request.feedOwner = owner;
    };
    const feedOptions = { onRequest: [findOwner, opts.limitClients] };
    const live = (request: FastifyRequest): void => {
      // One answer for every token that is not live: nothing tells whether it ever was.
      if (request.feedOwner === null) throw new FileRefusal(404, 'There is no calendar at this address');
    };
    app.get(CALENDAR_FEED_ROUTES.calendar, feedOptions, async (request, reply) => {
      live(request);
      return sendCalendar(request, reply);
    });
    app.get(CALENDAR_FEED_ROUTES.issue, feedOptions, async (request, reply) => {
      live(request);
      return sendIssue(request, reply);
    });

    const userOf = (request: FastifyRequest): string => {
      // The auth hook lets nobody here unsigned; this is the last word, not the first.
      if (request.identity === null) throw new FileRefusal(401, 'Please sign in to use the dashboard.');
      return request.identity.id;
    };
    const answer = (request: FastifyRequest, token: string, createdAt: number): FeedUrlAnswer => {
      const path = calendarFeedPath(token);
      return { feed: { path, url: `${originOf(request)}${path}`, created_at: createdAt } };
    };
    app.get(FEED_URL_ROUTE, async (request, reply): Promise<FeedUrlAnswer> => {
      reply.header('cache-control', 'no-store');
      const current = await currentFeedToken(tokens(), feed.secret, userOf(request));
      return current === null ? { feed: null } : answer(request, current.token, current.createdAt);
    });
    app.post(FEED_URL_ROUTE, { onRequest: opts.limitWrites }, async (request, reply) => {
      const user = userOf(request);
      const minted = mintFeedToken(feed.secret, user);
      const stored = await tokens().replace(user, { hash: minted.hash, nonce: minted.nonce });
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(answer(request, minted.token, stored.created_at));
    });
    app.delete(FEED_URL_ROUTE, { onRequest: opts.limitWrites }, async (request, reply) => {
      await tokens().revoke(userOf(request));
      return reply.code(204).header('cache-control', 'no-store').send();
    });
  }

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof FileRefusal)
      return reply.code(error.status).send({ statusCode: error.status, message: error.message });
    if (error instanceof ClientRateLimitError)
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ statusCode: 429, message: error.message });
    const status = errorStatus(error);
    if (status >= 500) request.log.error({ err: error }, 'calendar file failed');
    return reply
      .code(status)
      .send({ statusCode: status, message: status < 500 ? 'Bad request' : 'Internal server error' });
  });
};
