import { ErrorCode } from '../../src/contract/envelope';

/**
 * Why an upstream call produced no valid envelope. Each kind maps to one gateway code and HTTP status,
 * and to a message an analyst can act on; `detail` is for the log only.
 */
export type FailureKind =
  'unreachable' | 'timeout' | 'rate-limited' | 'http-error' | 'redirect' | 'bad-response';

export interface GatewayFailure {
  kind: FailureKind;
  code: number;
  httpStatus: number;
  message: string;
  /** `Retry-After` as the upstream sent it (seconds or an HTTP date), when it sent a valid one. */
  retryAfter: string | null;
  detail: string;
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

export function rateLimited(retryAfter: string | null): GatewayFailure {
  const when = retryAfter !== null && /^\d+$/.test(retryAfter) ? `in ${retryAfter} s` : 'in a moment';
  return {
    kind: 'rate-limited',
    code: ErrorCode.GATEWAY_RATE_LIMITED,
    httpStatus: 429,
    message: `${SERVICE} is limiting how often it can be asked (HTTP 429). Please try again ${when}.`,
    retryAfter,
    detail: 'HTTP 429',
  };
}

export function httpError(status: number): GatewayFailure {
  return {
    kind: 'http-error',
    code: ErrorCode.GATEWAY_HTTP_ERROR,
    httpStatus: 502,
    message: `${SERVICE} answered with an error (HTTP ${status}) instead of data.`,
    retryAfter: null,
    detail: `HTTP ${status}`,
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

/** Accept `Retry-After` only in its two legal forms, so nothing odd is echoed to the browser. */
export function parseRetryAfter(value: string | readonly string[] | undefined): string | null {
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || text === '') return null;
  if (/^\d{1,9}$/.test(text)) return text;
  return /^[\w ,:-]{1,64}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null;
}
