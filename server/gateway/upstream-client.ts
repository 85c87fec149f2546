import { Agent, DecoratorHandler, request } from 'undici';
import type { Dispatcher } from 'undici';
import type { AnyOperation } from '../../src/contract/operation';
import { rawEnvelopeSchema } from '../../src/contract/envelope';
import type { RawEnvelope } from '../../src/contract/envelope';
import {
  badResponse,
  httpError,
  parseRetryAfter,
  rateLimited,
  redirected,
  timedOut,
  unreachable,
} from './failures';
import type { GatewayFailure } from './failures';
import { keyRedactor } from './redact';

/**
 * The one place that speaks HTTP to the market data service. Everything a later layer adds (cache,
 * merging of identical calls, request budget, retries, circuit breakers) wraps the `Upstream` interface
 * instead of changing this module: each of those is an `Upstream` that delegates to another.
 */

export interface UpstreamRequest {
  operation: AnyOperation;
  /** Canonical query string rebuilt from the parsed parameters, without '?'. */
  query: string;
  /** The BFF's id of the browser request, for log correlation. */
  requestId: string;
  /** Shorter than the client's own timeout when less of the caller's deadline is left. */
  timeoutMs?: number;
  /** Whose fair share of the budget the call uses (a user, or a client address without sign-in). */
  client?: string;
  /**
   * Told when the request is written on a connection, after any connect and TLS handshake (again if it
   * is written again on another one): the budget counts the call from then (see budget.ts).
   */
  onWritten?: () => void;
}

export type UpstreamOutcome =
  | {
      ok: true;
      envelope: RawEnvelope;
      /** The envelope as the service sent it (key redacted), passed to the browser unchanged. */
      body: string;
    }
  | { ok: false; failure: GatewayFailure };

export interface Upstream {
  /** Never rejects: every failure is an outcome with a gateway code. */
  call(req: UpstreamRequest): Promise<UpstreamOutcome>;
  close(): Promise<void>;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  /** Largest body read from the service; the whole A-share table is well under this. */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY = 32 * 1024 * 1024;

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  // A connection that cannot be opened in time is an unreachable host, not a slow answer.
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function errorCodeOf(err: unknown): string | null {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    if (
      'code' in e &&
      typeof e.code === 'string' &&
      (UNREACHABLE_CODES.has(e.code) || TIMEOUT_CODES.has(e.code))
    ) {
      return e.code;
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return null;
}

function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

export function classifyTransportError(
  err: unknown,
  deadlinePassed: boolean,
  timeoutMs: number,
): GatewayFailure {
  const code = errorCodeOf(err);
  if (deadlinePassed || (code !== null && TIMEOUT_CODES.has(code))) {
    return timedOut(timeoutMs, code ?? 'deadline passed');
  }
  return unreachable(code ?? describeError(err));
}

async function readBody(body: Dispatcher.ResponseData['body'], limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk instanceof Buffer ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > limit) {
      body.destroy();
      return null;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** `handler`, telling `onWrite` each time undici starts writing the request on a connection. */
function toldOfWrites(handler: Dispatcher.DispatchHandler, onWrite: () => void): Dispatcher.DispatchHandler {
  // undici calls onRequestStart just before it writes the request on a connected socket; the decorator
  // passes everything on to the handler, whichever interface that one speaks.
  const inner: Dispatcher.DispatchHandler = new DecoratorHandler(handler);
  return {
    onRequestStart: (controller, context) => {
      onWrite();
      inner.onRequestStart?.(controller, context);
    },
    onRequestUpgrade: (controller, statusCode, headers, socket) =>
      inner.onRequestUpgrade?.(controller, statusCode, headers, socket),
    onResponseStart: (controller, statusCode, headers, statusMessage) =>
      inner.onResponseStart?.(controller, statusCode, headers, statusMessage),
    onResponseData: (controller, chunk) => inner.onResponseData?.(controller, chunk),
    onResponseEnd: (controller, trailers) => inner.onResponseEnd?.(controller, trailers),
    onResponseError: (controller, error) => inner.onResponseError?.(controller, error),
  };
}

export function createUpstreamClient(opts: UpstreamClientOptions): Upstream {
  const maxBodyBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  // A dedicated agent: its own timeouts, no redirect interceptor (undici follows none by default).
  const agent = new Agent({
    connect: { timeout: opts.connectTimeoutMs },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
  // Every form of the key, made once: answers are scanned when they arrive, never on a cache hit.
  const redactor = keyRedactor(opts.apiKey);

  /**
   * Everything this client returns has been scrubbed: the body, the envelope (its request_id becomes
   * the browser's x-request-id), a failure's detail (logged, shown by /bff/status, shared with other
   * replicas). Nothing else the service sent (headers, error bodies) goes further than this module.
   */
  async function call(req: UpstreamRequest): Promise<UpstreamOutcome> {
    const outcome = await callService(req);
    if (outcome.ok) return outcome;
    const { failure } = outcome;
    const detail = redactor.scrub(failure.detail);
    const message = redactor.scrub(failure.message);
    return detail === failure.detail && message === failure.message
      ? outcome
      : { ok: false, failure: { ...failure, detail, message } };
  }

  async function callService(req: UpstreamRequest): Promise<UpstreamOutcome> {
    const url = `${opts.baseUrl}${req.operation.path}${req.query === '' ? '' : `?${req.query}`}`;
    const timeoutMs = Math.max(1, Math.min(opts.timeoutMs, req.timeoutMs ?? opts.timeoutMs));
    // headersTimeout/bodyTimeout bound idle gaps; this bounds the whole call.
    const deadline = new AbortController();
    let deadlinePassed = false;
    const timer = setTimeout(() => {
      deadlinePassed = true;
      deadline.abort();
    }, timeoutMs);
    try {
      const { onWritten } = req;
      const dispatcher = onWritten
        ? agent.compose(
            (dispatch) => (options, handler) => dispatch(options, toldOfWrites(handler, onWritten)),
          )
        : agent;
      const res = await request(url, {
        dispatcher,
        method: 'GET',
        headers: { 'x-api-key': opts.apiKey, accept: 'application/json' },
        signal: deadline.signal,
      });
      const status = res.statusCode;
      if (status < 200 || status >= 300) {
        // The service says in plain text whether its global limit or the per-user one was hit.
        const text = status === 429 ? await readBody(res.body, 4096).catch(() => null) : null;
        await res.body.dump().catch(() => undefined);
        if (status === 429) {
          const globalLimit = text !== null && /global/i.test(text);
          return {
            ok: false,
            failure: rateLimited(parseRetryAfter(res.headers['retry-after'], Date.now()), globalLimit),
          };
        }
        if (status >= 300 && status < 400) return { ok: false, failure: redirected(status) };
        return { ok: false, failure: httpError(status) };
      }
      const raw = await readBody(res.body, maxBodyBytes);
      if (raw === null) return { ok: false, failure: badResponse(`larger than ${maxBodyBytes} bytes`) };
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return { ok: false, failure: badResponse('not JSON') };
      }
      // The text is passed on as it came unless it holds the key in some form: as written (JSON escapes
      // of its characters included) or, when it has escapes at all, once parsed (`\u0037\u0033…` is
      // the key's hex). Then every string of the parsed value is scrubbed and the text made again from
      // it; a property JSON.parse dropped (a duplicate name) goes with the old text.
      let text = raw;
      if (redactor.finds(raw) || (raw.includes('\\') && redactor.findsParsed(json))) {
        json = redactor.scrubParsed(json);
        text = JSON.stringify(json);
        // Only a form made by the whole text (across strings) could be left: such an answer is not used.
        if (redactor.finds(text))
          return { ok: false, failure: badResponse('an echo of the key that could not be removed') };
      }
      const parsed = rawEnvelopeSchema.safeParse(json);
      if (!parsed.success) return { ok: false, failure: badResponse('JSON without the standard envelope') };
      return { ok: true, envelope: parsed.data, body: text };
    } catch (err) {
      return { ok: false, failure: classifyTransportError(err, deadlinePassed, timeoutMs) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    call,
    close: () => agent.close(),
  };
}
