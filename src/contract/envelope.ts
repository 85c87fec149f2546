import { z } from 'zod';

/**
 * Error codes of the service (spec files and upstream-notes.md), plus the gateway's own codes for
 * failures that never reached a valid upstream envelope. Gateway codes live in the 6xxx range so a
 * caller can always tell "the service said so" from "the BFF could not ask".
 */
export const ErrorCode = {
  OK: 0,
  PARAM_MISSING: 1001,
  PARAM_FORMAT: 1002,
  PARAM_RANGE: 1003,
  PARAM_CONFLICT: 1004,
  UNAUTHENTICATED: 2001,
  /** Market dumps only (their own page of the vendor docs): the key was refused while signing a link. */
  DUMP_AUTH_FAILED: 2002,
  FORBIDDEN: 2003,
  /** Market dumps only: the key is not allowed to sign dump links. */
  DUMP_AUTH_DENIED: 2004,
  INSTRUMENT_NOT_FOUND: 3001,
  DATA_NOT_READY: 3002,
  UNSUPPORTED_TYPE: 3004,
  RATE_LIMITED: 4001,
  /** Market dumps only: today's file is not ready yet (try again later). */
  DUMP_NOT_READY: 4040,
  SERVER_ERROR: 5001,
  UPSTREAM_TIMEOUT: 5002,
  UPSTREAM_UNAVAILABLE: 5003,
  GATEWAY_UNREACHABLE: 6001,
  GATEWAY_TIMEOUT: 6002,
  GATEWAY_RATE_LIMITED: 6003,
  GATEWAY_HTTP_ERROR: 6004,
  GATEWAY_BAD_RESPONSE: 6005,
  GATEWAY_UNKNOWN_OPERATION: 6404,
  GATEWAY_CLIENT_RATE_LIMITED: 6429,
  CLIENT_SCHEMA_MISMATCH: 7001,
  CLIENT_NETWORK: 7002,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** What each code means and whether a bounded retry can help (vendor guidance in upstream-notes.md). */
export const errorCodeInfo: Record<number, { meaning: string; transient: boolean }> = {
  0: { meaning: 'success', transient: false },
  1001: { meaning: 'required parameter missing', transient: false },
  1002: { meaning: 'parameter format invalid', transient: false },
  1003: { meaning: 'parameter out of range', transient: false },
  1004: { meaning: 'parameter conflict', transient: false },
  2001: { meaning: 'API key missing or invalid', transient: false },
  2002: { meaning: 'market dump: authentication failed', transient: false },
  2003: { meaning: 'not available with this key', transient: false },
  2004: { meaning: 'market dump: key not allowed to sign links', transient: false },
  3001: { meaning: 'instrument does not exist', transient: false },
  3002: { meaning: 'data not ready, or no data for the chosen scope', transient: false },
  3004: { meaning: 'instrument type not supported by this operation', transient: false },
  4001: { meaning: 'rate limited by the service', transient: true },
  4040: { meaning: 'market dump not ready yet', transient: true },
  5001: { meaning: 'service error', transient: true },
  5002: { meaning: 'upstream source timed out', transient: true },
  5003: { meaning: 'upstream source unavailable', transient: true },
  6001: { meaning: 'market data service unreachable', transient: true },
  6002: { meaning: 'market data service timed out', transient: true },
  6003: { meaning: 'market data service rate limit (HTTP 429)', transient: true },
  6004: { meaning: 'market data service HTTP error', transient: true },
  6005: { meaning: 'market data service answered with something that is not an envelope', transient: false },
  6404: { meaning: 'not an operation of the contract', transient: false },
  6429: { meaning: 'too many requests from this client', transient: true },
  7001: { meaning: 'response does not match the contract', transient: false },
  7002: { meaning: 'network error between browser and server', transient: true },
};

export function isTransientCode(code: number): boolean {
  return errorCodeInfo[code]?.transient ?? false;
}

/** The raw envelope, before `data` is checked against an operation's schema. */
export const rawEnvelopeSchema = z.looseObject({
  code: z.number().int(),
  message: z.string(),
  request_id: z.string().nullish(),
  data: z.unknown(),
});
export type RawEnvelope = z.infer<typeof rawEnvelopeSchema>;

export function envelopeSchema<D extends z.ZodType>(data: D) {
  return rawEnvelopeSchema.extend({ data: data });
}

export interface ErrorEnvelope {
  code: number;
  message: string;
  request_id: string;
  data: null;
}

/**
 * The HTTP status of an answer about an operation, whatever its code. The spec: "Business errors are
 * carried in `code` with HTTP status 200" (the vendor: success is "HTTP 200 and `code == 0`"). Only a
 * rate limit (429) and a failure to reach or read the service (the gateway's 502/503/504) have a status
 * of their own; a client reads `code` first either way.
 */
export const BUSINESS_ERROR_HTTP_STATUS = 200;

export function errorEnvelope(code: number, message: string, requestId: string): ErrorEnvelope {
  return { code, message, request_id: requestId, data: null };
}

/** A failed call, from any layer: the service, the gateway, or the client's own checks. */
export class ApiError extends Error {
  readonly code: number;
  readonly requestId: string | null;
  readonly operation: string | null;
  readonly param: string | null;
  readonly httpStatus: number | null;

  constructor(init: {
    code: number;
    message: string;
    requestId?: string | null;
    operation?: string | null;
    param?: string | null;
    httpStatus?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.operation = init.operation ?? null;
    this.param = init.param ?? null;
    this.httpStatus = init.httpStatus ?? null;
  }

  get transient(): boolean {
    return isTransientCode(this.code);
  }
}
