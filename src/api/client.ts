import { z } from 'zod';
import { ApiError, ErrorCode, rawEnvelopeSchema } from '../contract/envelope';
import { catalog, type DataOf, type OperationId, type ParamsIn } from '../contract/catalog';
import { parseParams, toQuery } from '../contract/params';

/**
 * The browser's only way to the market data: same-origin GETs to the BFF, every answer parsed with the
 * contract's schemas so that a component never sees unchecked data. All failures become `ApiError`.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface CallOptions {
  signal?: AbortSignal;
}

export const modeSchema = z.looseObject({
  mode: z.enum(['simulated', 'live']),
  version: z.string(),
  /** Server clock (ms or ISO text); the simulator's pinned clock in tests. */
  now: z.union([z.number(), z.string()]),
});
export type BffMode = z.infer<typeof modeSchema>;

/**
 * The catalog seen through a mapped type: TypeScript checks each entry here once, and indexing it with a
 * generic `Id` then yields `DataOf<Id>` (indexing the catalog itself would give the union of all of them).
 */
const dataSchemas: { readonly [K in OperationId]: { readonly data: z.ZodType<DataOf<K>> } } = catalog;

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
    const url = `${base}/api/${id}${query ? `?${query}` : ''}`;
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
    const parsed = dataSchemas[id].data.safeParse(data);
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

  async function fetchMode(callOpts: CallOptions = {}): Promise<BffMode> {
    const res = await get(`${base}/bff/mode`, null, callOpts.signal);
    const body = await readJson(res);
    if (!res.ok || !body.ok) throw nonEnvelopeError(res, null, 'mode is not JSON');
    const parsed = modeSchema.safeParse(body.value);
    if (!parsed.success) {
      throw new ApiError({
        code: ErrorCode.CLIENT_SCHEMA_MISMATCH,
        message: `/bff/mode does not match the expected shape at ${describeIssue(parsed.error.issues[0], 'body')}`,
        httpStatus: res.status,
      });
    }
    return parsed.data;
  }

  return { fetchOperation, fetchMode };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const defaultClient = createApiClient();
export const fetchOperation = defaultClient.fetchOperation;
export const fetchMode = defaultClient.fetchMode;
