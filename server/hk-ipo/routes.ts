import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { catalog } from '../../src/contract/catalog';
import {
  CALENDAR_FILE_ROUTES,
  calendarFileQuery,
  issueFileParams,
  type CalendarFileQuery,
} from '../../src/contract/calendar-files';
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
 */

export interface HkIpoFilesOptions {
  upstream: Upstream;
  simulated: boolean;
  /** The gateway's clock (pinned by SIM_NOW in simulated mode): the files' DTSTAMP. */
  clock: () => number;
  /** The per-client rate limit of /api (client-rate-limit.ts): it applies here too. */
  limitClients: onRequestHookHandler;
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

  app.get(CALENDAR_FILE_ROUTES.calendar, routeOptions, async (request, reply) => {
    const query = parse(calendarFileQuery, request.query);
    const entries = await readCalendar(opts.upstream, query.status, newRequestId());
    const name = query.status === 'all' ? 'hk-ipo-calendar.ics' : `hk-ipo-${query.status}.ics`;
    return sendFile(reply, name, ipoCalendarFile(entries, fileOptions(request, query.lang)));
  });

  app.get(CALENDAR_FILE_ROUTES.issue, routeOptions, async (request, reply) => {
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
  });

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
