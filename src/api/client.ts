import { z } from 'zod';
import { ApiError, ErrorCode, rawEnvelopeSchema, type RawEnvelope } from '../contract/envelope';
import { lazySchema } from '../lib/lazy-schema';
import type { Catalog, DataOf, OperationId, ParamsIn } from '../contract/catalog';
import type * as ParamChecks from '../contract/params';
import { loadCatalog } from './catalog';

/**
 * The browser's only way to the market data: same-origin GETs to the BFF, every answer parsed with the
 * contract's schemas so that a component never sees unchecked data. All failures become `ApiError`.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface CallOptions {
  signal?: AbortSignal;
}

const buildModeSchema = () =>
  z.looseObject({
    mode: z.enum(['simulated', 'live']),
    version: z.string(),
    /** Server clock (ms or ISO text); the simulator's pinned clock in tests. */
    now: z.union([z.number(), z.string()]),
  });
/** Built when the first answer comes (the first number schema of a page costs tens of ms to make). */
export const modeSchema = lazySchema(buildModeSchema);
export type BffMode = z.output<ReturnType<typeof buildModeSchema>>;

/**
 * The catalog seen through a mapped type: TypeScript checks each entry here once, and indexing it with a
 * generic `Id` then yields `DataOf<Id>` (indexing the catalog itself would give the union of all of them).
 */
type DataSchemas = { readonly [K in OperationId]: { readonly data: z.ZodType<DataOf<K>> } };
function dataSchemasOf(catalog: Catalog): DataSchemas {
  return catalog;
}

let paramChecks: Promise<typeof ParamChecks> | null = null;

/**
 * The contract's parameter checks, imported with the catalog on the first call: their builders are
 * most of params.ts, and the first paint needs none of them.
 */
function loadParamChecks(): Promise<typeof ParamChecks> {
  paramChecks ??= import('../contract/params');
  return paramChecks;
}

/** `data.item[0].name` style path of a zod issue. */
export function issuePath(path: readonly PropertyKey[], root = 'data'): string {
  let out = root;
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `.${String(part)}`;
  return out;
}

function describeIssue(issue: z.core.$ZodIssue | undefined, root: string): string {
  if (!issue) return root;
  return `${issuePath(issue.path, root)}: ${issue.message}`;
}

async function readJson(res: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await res.json() };
  } catch {
    return { ok: false };
  }
}

/** A response that is not an envelope: the HTTP status says the most about what went wrong. */
function nonEnvelopeError(res: Response, operation: string | null, detail: string): ApiError {
  if (res.status === 429) {
    return new ApiError({
      code: ErrorCode.GATEWAY_CLIENT_RATE_LIMITED,
      message: `Too many requests (HTTP 429)`,
      operation,
      httpStatus: res.status,
    });
  }
  if (!res.ok) {
    return new ApiError({
      code: ErrorCode.GATEWAY_HTTP_ERROR,
      message: `Server answered HTTP ${res.status} without an envelope`,
      operation,
      httpStatus: res.status,
    });
  }
  return new ApiError({
    code: ErrorCode.CLIENT_SCHEMA_MISMATCH,
    message: `Response of ${operation ?? 'the server'} does not match the contract: ${detail}`,
    operation,
    httpStatus: res.status,
  });
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * One call as the BFF answered it, for a tool that shows the exchange itself (the API explorer): the
 * envelope unchecked against the operation's data schema, the headers the BFF sets, the time taken.
 */
export interface RawAnswer {
  /** The same-origin path and query that was requested. */
  url: string;
  httpStatus: number;
  /** `X-Cache`: HIT, MISS or STALE. */
  cache: string | null;
  /** `X-Request-Id`: the service's request id, or the BFF's. */
  requestId: string | null;
  /** From sending the request to the whole body read, in milliseconds. */
  elapsedMs: number;
  /** The envelope, or null with `problem` saying why the body is not one. */
  envelope: RawEnvelope | null;
  problem: ApiError | null;
  bodyText: string;
}

export function createApiClient(opts: { fetch?: FetchLike; baseUrl?: string } = {}) {
  // Looked up per call so that a test (or a polyfill) replacing globalThis.fetch is honoured.
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = opts.baseUrl ?? '';

  async function get(
    url: string,
    operation: string | null,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    try {
      return await doFetch(url, { method: 'GET', headers: { Accept: 'application/json' }, signal });
    } catch (error) {
      // Cancellation is not a failure: let the caller (TanStack Query) see the abort as is.
      if (isAbort(error, signal)) throw error;
      return Promise.reject(
        new ApiError({
          code: ErrorCode.CLIENT_NETWORK,
          message: `Network error while calling ${operation ?? url}: ${error instanceof Error ? error.message : String(error)}`,
          operation,
        }),
      );
    }
  }

  async function fetchOperation<Id extends OperationId>(
    id: Id,
    params: ParamsIn<Id>,
    callOpts: CallOptions = {},
  ): Promise<DataOf<Id>> {
    const [catalog, { parseParams, toQuery }] = await Promise.all([loadCatalog(), loadParamChecks()]);
    const query = toQuery(params);
    // The same check the BFF makes, so a request it would refuse never leaves the browser.
    const op = catalog[id];
    const checked = parseParams(op.params, Object.fromEntries(new URLSearchParams(query)), {
      unknown: 'reject',
      known: op.paramNames,
    });
    if (!checked.ok) {
      throw new ApiError({
        code: checked.code,
        message: checked.message,
        operation: id,
        param: checked.param,
      });
    }
    const url = `${base}${op.path}${query ? `?${query}` : ''}`;
    const res = await get(url, id, callOpts.signal);
    const body = await readJson(res);
    if (!body.ok) throw nonEnvelopeError(res, id, 'body is not JSON');
    const envelope = rawEnvelopeSchema.safeParse(body.value);
    if (!envelope.success) {
      throw nonEnvelopeError(res, id, `not an envelope (${describeIssue(envelope.error.issues[0], 'body')})`);
    }
    const { code, message, request_id: requestId, data } = envelope.data;
    if (code !== ErrorCode.OK) {
      throw new ApiError({
        code,
        message,
        requestId: requestId ?? null,
        operation: id,
        httpStatus: res.status,
      });
    }
    const parsed = dataSchemasOf(catalog)[id].data.safeParse(data);
    if (!parsed.success) {
      throw new ApiError({
        code: ErrorCode.CLIENT_SCHEMA_MISMATCH,
        message: `Response of ${id} does not match the contract at ${describeIssue(parsed.error.issues[0], 'data')}`,
        requestId: requestId ?? null,
        operation: id,
        httpStatus: res.status,
      });
    }
    return parsed.data;
  }

  /**
   * GET an operation with a query string as given (no parameter check: the caller runs `parseParams`
   * itself, and the BFF checks again). Only a network failure rejects; any answer resolves.
   */
  async function fetchOperationRaw(
    id: OperationId,
    query: string,
    callOpts: CallOptions = {},
  ): Promise<RawAnswer> {
    const url = `${base}${(await loadCatalog())[id].path}${query ? `?${query}` : ''}`;
    const started = performance.now();
    const res = await get(url, id, callOpts.signal);
    const bodyText = await res.text();
    const elapsedMs = performance.now() - started;
    let envelope: RawEnvelope | null = null;
    let problem: ApiError | null = null;
    try {
      const parsed = rawEnvelopeSchema.safeParse(JSON.parse(bodyText));
      if (parsed.success) envelope = parsed.data;
      else
        problem = nonEnvelopeError(
          res,
          id,
          `not an envelope (${describeIssue(parsed.error.issues[0], 'body')})`,
        );
    } catch {
      problem = nonEnvelopeError(res, id, 'body is not JSON');
    }
    return {
      url,
      httpStatus: res.status,
      cache: res.headers.get('x-cache'),
      requestId: res.headers.get('x-request-id'),
      elapsedMs,
      envelope,
      problem,
      bodyText,
    };
  }

  async function fetchMode(callOpts: CallOptions = {}): Promise<BffMode> {
    const res = await get(`${base}/bff/mode`, null, callOpts.signal);
    const body = await readJson(res);
    if (!res.ok || !body.ok) throw nonEnvelopeError(res, null, 'mode is not JSON');
    const parsed = modeSchema.schema().safeParse(body.value);
    if (!parsed.success) {
      throw new ApiError({
        code: ErrorCode.CLIENT_SCHEMA_MISMATCH,
        message: `/bff/mode does not match the expected shape at ${describeIssue(parsed.error.issues[0], 'body')}`,
        httpStatus: res.status,
      });
    }
    return parsed.data;
  }

  /**
   * GET one of the BFF's own JSON routes (`/bff/...`, outside the catalog) and parse the answer with its
   * contract schema. A refusal in the standard envelope keeps its code and message; anything else that
   * is not the expected shape is a typed error naming the path and the field.
   */
  async function fetchBff<S extends z.ZodType>(
    path: string,
    schema: S,
    callOpts: CallOptions = {},
  ): Promise<z.output<S>> {
    const url = `${base}${path}`;
    const route = path.split('?')[0] ?? path;
    const res = await get(url, route, callOpts.signal);
    const body = await readJson(res);
    if (!body.ok) throw nonEnvelopeError(res, route, 'body is not JSON');
    const envelope = rawEnvelopeSchema.safeParse(body.value);
    if (envelope.success && envelope.data.code !== ErrorCode.OK) {
      throw new ApiError({
        code: envelope.data.code,
        message: envelope.data.message,
        requestId: envelope.data.request_id ?? null,
        operation: route,
        httpStatus: res.status,
      });
    }
    if (!res.ok) throw nonEnvelopeError(res, route, `HTTP ${res.status}`);
    // The answer itself, or (tolerated) the same answer inside a success envelope.
    const value = envelope.success ? envelope.data.data : body.value;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new ApiError({
        code: ErrorCode.CLIENT_SCHEMA_MISMATCH,
        message: `Response of ${route} does not match the contract at ${describeIssue(parsed.error.issues[0], 'body')}`,
        operation: route,
        httpStatus: res.status,
      });
    }
    return parsed.data;
  }

  return { fetchOperation, fetchOperationRaw, fetchMode, fetchBff };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const defaultClient = createApiClient();
export const fetchOperation = defaultClient.fetchOperation;
export const fetchMode = defaultClient.fetchMode;
export const fetchOperationRaw = defaultClient.fetchOperationRaw;
export const fetchBff = defaultClient.fetchBff;
