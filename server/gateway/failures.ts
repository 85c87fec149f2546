import { ErrorCode } from '../../src/contract/envelope';

/**
 * Why an upstream call produced no valid envelope. Each kind maps to one gateway code and HTTP status,
 * and to a message an analyst can act on; `detail` is for the log only.
 */
export const failureKinds = [
  'unreachable',
  'timeout',
  'rate-limited',
  'http-error',
  'not-offered',
  'redirect',
  'bad-response',
  // Decided by the gateway without calling the service:
  'paused',
  'circuit-open',
  'busy',
] as const;
export type FailureKind = (typeof failureKinds)[number];

export interface GatewayFailure {
  kind: FailureKind;
  code: number;
  httpStatus: number;
  message: string;
  /** `Retry-After` as the upstream sent it (seconds or an HTTP date), when it sent a valid one. */
  retryAfter: string | null;
  detail: string;
  /** HTTP status of the service's answer, when there was one. */
  upstreamStatus?: number;
  /** A 429 whose message names the global limit pauses every operation, not just this one. */
  globalLimit?: boolean;
}

const SERVICE = 'The market data service';

export function unreachable(detail: string): GatewayFailure {
  return {
    kind: 'unreachable',
    code: ErrorCode.GATEWAY_UNREACHABLE,
    httpStatus: 502,
    message: `${SERVICE} could not be reached. Please try again in a moment.`,
    retryAfter: null,
    detail,
  };
}

export function timedOut(timeoutMs: number, detail: string): GatewayFailure {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return {
    kind: 'timeout',
    code: ErrorCode.GATEWAY_TIMEOUT,
    httpStatus: 504,
    message: `${SERVICE} did not answer within ${seconds} s. Please try again in a moment.`,
    retryAfter: null,
    detail,
  };
}

export function rateLimited(retryAfter: string | null, globalLimit = false): GatewayFailure {
  const when = retryAfter !== null && /^\d+$/.test(retryAfter) ? `in ${retryAfter} s` : 'in a moment';
  return {
    kind: 'rate-limited',
    code: ErrorCode.GATEWAY_RATE_LIMITED,
    httpStatus: 429,
    message: `${SERVICE} is limiting how often it can be asked (HTTP 429). Please try again ${when}.`,
    retryAfter,
    detail: globalLimit ? 'HTTP 429 (global limit)' : 'HTTP 429',
    upstreamStatus: 429,
    globalLimit,
  };
}

export function httpError(status: number): GatewayFailure {
  if (status === 404) return notOffered();
  return {
    kind: 'http-error',
    code: ErrorCode.GATEWAY_HTTP_ERROR,
    httpStatus: 502,
    message: `${SERVICE} answered with an error (HTTP ${status}) instead of data.`,
    retryAfter: null,
    detail: `HTTP ${status}`,
    upstreamStatus: status,
  };
}

/** HTTP 404 from the service: it does not offer this operation (to this key); asking again will not help. */
export function notOffered(): GatewayFailure {
  return {
    kind: 'not-offered',
    code: ErrorCode.GATEWAY_HTTP_ERROR,
    httpStatus: 502,
    message: `${SERVICE} does not offer this data (HTTP 404).`,
    retryAfter: null,
    detail: 'HTTP 404',
    upstreamStatus: 404,
  };
}

/** Redirects are never followed: the key must only go to the configured service. */
export function redirected(status: number): GatewayFailure {
  return {
    kind: 'redirect',
    code: ErrorCode.GATEWAY_HTTP_ERROR,
    httpStatus: 502,
    message: `${SERVICE} answered with a redirect (HTTP ${status}), which the dashboard does not follow.`,
    retryAfter: null,
    detail: `HTTP ${status} redirect`,
  };
}

export function badResponse(what: string): GatewayFailure {
  return {
    kind: 'bad-response',
    code: ErrorCode.GATEWAY_BAD_RESPONSE,
    httpStatus: 502,
    message: `${SERVICE} sent a response the dashboard cannot read (${what}).`,
    retryAfter: null,
    detail: what,
  };
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** A Retry-After pause is running: the service is not asked until it ends. */
export function paused(remainingMs: number, scope: 'operation' | 'global'): GatewayFailure {
  const s = seconds(remainingMs);
  const what = scope === 'global' ? 'any data' : 'this data';
  return {
    kind: 'paused',
    code: ErrorCode.GATEWAY_RATE_LIMITED,
    httpStatus: 429,
    message: `${SERVICE} asked the dashboard to slow down (HTTP 429); it will not be asked for ${what} for ${s} s. Please try again then.`,
    retryAfter: String(s),
    detail: `paused (${scope})`,
  };
}

/** The circuit breaker of the operation's group is open after repeated failures. */
export function circuitOpen(group: string, remainingMs: number): GatewayFailure {
  const s = seconds(remainingMs);
  return {
    kind: 'circuit-open',
    code: ErrorCode.GATEWAY_UNREACHABLE,
    httpStatus: 503,
    message: `${SERVICE} failed repeatedly for ${group} data, so the dashboard stops asking for ${s} s. Please try again then.`,
    retryAfter: String(s),
    detail: `circuit open (${group})`,
  };
}

/** The upstream budget's queue is full or the wait for a turn took too long. */
export function busy(reason: 'queue-full' | 'queue-timeout'): GatewayFailure {
  return {
    kind: 'busy',
    code: ErrorCode.GATEWAY_RATE_LIMITED,
    httpStatus: 503,
    message: `The dashboard is already asking the market data service as often as it allows (${reason === 'queue-full' ? 'too many requests waiting' : 'the wait for a turn took too long'}). Please try again in a moment.`,
    retryAfter: '1',
    detail: reason,
  };
}

/** The longest wait the dashboard takes from a Retry-After, or tells a browser: a far-off value is a mistake. */
export const RETRY_AFTER_MAX_S = 600;

/**
 * A `Retry-After` as the service sent it (delay-seconds or an HTTP date), as whole seconds from `now`
 * capped at RETRY_AFTER_MAX_S; null when it is neither, so nothing odd is echoed to the browser.
 */
export function parseRetryAfter(
  value: string | readonly string[] | undefined,
  now: number = Date.now(),
): string | null {
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || text === '') return null;
  let seconds: number;
  if (/^\d{1,12}$/.test(text)) seconds = Number(text);
  else if (/^[\w ,:-]{1,64}$/.test(text) && !Number.isNaN(Date.parse(text)))
    seconds = Math.ceil((Date.parse(text) - now) / 1000);
  else return null;
  return String(Math.min(RETRY_AFTER_MAX_S, Math.max(0, seconds)));
}

/** What goes out in a `Retry-After` header: whole seconds, at most RETRY_AFTER_MAX_S; null drops it. */
export function retryAfterHeader(value: string | null): string | null {
  if (value === null || !/^\d{1,12}$/.test(value)) return null;
  return String(Math.min(RETRY_AFTER_MAX_S, Number(value)));
}
