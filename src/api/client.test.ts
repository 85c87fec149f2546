import { describe, expect, it } from 'vitest';
import { ApiError } from '../contract/envelope';
import { createApiClient, issuePath, type FetchLike } from './client';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(respond: (url: string) => Response | Promise<Response>): {
  fetch: FetchLike;
  calls: Call[];
} {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return respond(url);
  };
  return { fetch, calls };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const quote = {
  thscode: '600519.SH',
  ticker: '600519',
  last_price: 1500.5,
  open_price: 1490,
  high_price: 1510,
  low_price: 1488,
  prev_price: 1495,
  price_change: 5.5,
  price_change_ratio_pct: 0.37,
  volume: 1000,
  turnover: 1500500,
  extra_field: 'kept',
};

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await caught(promise);
  if (!(error instanceof ApiError)) throw new Error(`expected ApiError, got ${String(error)}`);
  return error;
}

describe('fetchOperation', () => {
  it('sends a GET with the canonical query and returns the parsed data, unknown keys kept', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({
        code: 0,
        message: 'success',
        request_id: 'r1',
        data: { timestamp: 1, total: 1, item: [quote] },
      }),
    );
    const client = createApiClient({ fetch });
    const data = await client.fetchOperation('a-share/prices/snapshot', {
      thscodes: ['600519.SH', '000001.SZ'],
      limit: 5,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/a-share/prices/snapshot?limit=5&thscodes=600519.SH%2C000001.SZ');
    expect(calls[0]?.init?.method).toBe('GET');
    expect(data.item[0]?.last_price).toBe(1500.5);
    expect(data.item[0]?.['extra_field']).toBe('kept');
  });

  it('omits the question mark when there are no parameters', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ code: 0, message: 'ok', request_id: 'r', data: { timestamp: null, total: null, item: [] } }),
    );
    await createApiClient({ fetch }).fetchOperation('a-share/prices/snapshot', {});
    expect(calls[0]?.url).toBe('/api/a-share/prices/snapshot');
  });

  it('turns a business error into an ApiError carrying code, message, request id, operation and status', async () => {
    const { fetch } = fakeFetch(() =>
      json({ code: 3001, message: 'instrument does not exist', request_id: 'req-9', data: null }),
    );
    const error = await apiError(createApiClient({ fetch }).fetchOperation('a-share/prices/snapshot', {}));
    expect(error.code).toBe(3001);
    expect(error.message).toBe('instrument does not exist');
    expect(error.requestId).toBe('req-9');
    expect(error.operation).toBe('a-share/prices/snapshot');
    expect(error.httpStatus).toBe(200);
    expect(error.transient).toBe(false);
  });

  it("keeps the BFF's own error envelope and its HTTP status", async () => {
    const { fetch } = fakeFetch(() =>
      json({ code: 6002, message: 'market data service timed out', request_id: 'bff-1', data: null }, 504),
    );
    const error = await apiError(createApiClient({ fetch }).fetchOperation('a-share/prices/snapshot', {}));
    expect(error.code).toBe(6002);
    expect(error.httpStatus).toBe(504);
    expect(error.transient).toBe(true);
  });

  it('reports a data mismatch as 7001 naming the operation and the field path', async () => {
    const { fetch } = fakeFetch(() =>
      json({
        code: 0,
        message: 'success',
        request_id: 'r2',
        data: { timestamp: 1, total: 1, item: [{ ...quote, last_price: '1500.5' }] },
      }),
    );
    const error = await apiError(createApiClient({ fetch }).fetchOperation('a-share/prices/snapshot', {}));
    expect(error.code).toBe(7001);
    expect(error.operation).toBe('a-share/prices/snapshot');
    expect(error.message).toContain('a-share/prices/snapshot');
    expect(error.message).toContain('data.item[0].last_price');
    expect(error.requestId).toBe('r2');
  });

  it('treats data: null with code 0 as a mismatch, never as an empty success', async () => {
    const { fetch } = fakeFetch(() => json({ code: 0, message: 'success', request_id: 'r', data: null }));
    const error = await apiError(createApiClient({ fetch }).fetchOperation('a-share/prices/snapshot', {}));
    expect(error.code).toBe(7001);
  });

  it('maps a network failure to 7002, which is transient', async () => {
    const fetch: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await apiError(createApiClient({ fetch }).fetchOperation('a-share/prices/snapshot', {}));
    expect(error.code).toBe(7002);
    expect(error.transient).toBe(true);
    expect(error.message).toContain('Failed to fetch');
  });

  it('lets a cancellation through unchanged', async () => {
    const controller = new AbortController();
    const fetch: FetchLike = (_url, init) => {
      expect(init?.signal).toBe(controller.signal);
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    const error = await caught(
      createApiClient({ fetch }).fetchOperation('a-share/prices/snapshot', {}, { signal: controller.signal }),
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(DOMException);
  });

  it('classifies answers that are not envelopes by HTTP status', async () => {
    const html = (status: number) => new Response('<html>Bad gateway</html>', { status });
    const bad502 = await apiError(
      createApiClient({ fetch: fakeFetch(() => html(502)).fetch }).fetchOperation(
        'a-share/prices/snapshot',
        {},
      ),
    );
    expect(bad502.code).toBe(6004);
    expect(bad502.httpStatus).toBe(502);
    expect(bad502.transient).toBe(true);

    const limited = await apiError(
      createApiClient({
        fetch: fakeFetch(() => new Response('slow down', { status: 429 })).fetch,
      }).fetchOperation('a-share/prices/snapshot', {}),
    );
    expect(limited.code).toBe(6429);

    const ok200 = await apiError(
      createApiClient({ fetch: fakeFetch(() => json({ hello: 1 })).fetch }).fetchOperation(
        'a-share/prices/snapshot',
        {},
      ),
    );
    expect(ok200.code).toBe(7001);
    expect(ok200.transient).toBe(false);
  });
});

describe('fetchMode', () => {
  it('parses the mode answer', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ mode: 'simulated', version: '0.1.0', now: 1784081400000 }),
    );
    const mode = await createApiClient({ fetch }).fetchMode();
    expect(calls[0]?.url).toBe('/bff/mode');
    expect(mode.mode).toBe('simulated');
  });

  it('rejects an unknown mode instead of guessing', async () => {
    const { fetch } = fakeFetch(() => json({ mode: 'demo', version: '1', now: 0 }));
    const error = await apiError(createApiClient({ fetch }).fetchMode());
    expect(error.code).toBe(7001);
    expect(error.message).toContain('body.mode');
  });
});

describe('issuePath', () => {
  it('renders array indexes and keys', () => {
    expect(issuePath(['item', 3, 'name'])).toBe('data.item[3].name');
    expect(issuePath([])).toBe('data');
  });
});

describe('parameters the contract refuses', () => {
  it.each([
    ['a-share/special-data/hot-stock-list' as const, { limit: 101 }, 1003, 'limit'],
    [
      'a-share/financials/income-statements' as const,
      { thscode: '600519.SH', limit: 4, start: 1 },
      1004,
      'limit',
    ],
  ])('%s %j never leaves the browser: ApiError %i naming %s', async (id, params, code, param) => {
    const { fetch, calls } = fakeFetch(() => json({ code: 0, message: 'ok', request_id: 'r', data: null }));
    const client = createApiClient({ fetch });
    const error = await client.fetchOperation(id, params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    if (!(error instanceof ApiError)) return;
    expect([error.code, error.param, error.operation]).toEqual([code, param, id]);
    expect(error.message).toContain(`'${param}'`);
    expect(calls).toHaveLength(0);
  });
});

describe('fetchOperationRaw', () => {
  it('returns the envelope as sent, with the cache status, request id and the exact URL', async () => {
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(
          JSON.stringify({ code: 0, message: 'success', request_id: 'r-1', data: { odd: true } }),
          {
            headers: { 'x-cache': 'HIT', 'x-request-id': 'r-1' },
          },
        ),
    );
    const client = createApiClient({ fetch });
    const answer = await client.fetchOperationRaw('a-share/prices/snapshot', 'limit=5&offset=0');
    expect(calls.map((c) => c.url)).toEqual(['/api/a-share/prices/snapshot?limit=5&offset=0']);
    // Not checked against the data schema: the caller shows the mismatch itself.
    expect(answer).toMatchObject({
      url: '/api/a-share/prices/snapshot?limit=5&offset=0',
      httpStatus: 200,
      cache: 'HIT',
      requestId: 'r-1',
      envelope: { code: 0, data: { odd: true } },
      problem: null,
    });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('resolves with a refusal too, and says when the body is not an envelope', async () => {
    // As the BFF refuses a parameter: a business error, so HTTP 200 (the spec), read by its code.
    const refusal = { code: 1001, message: "Parameter 'thscode' is required", request_id: 'r-2', data: null };
    const client = createApiClient({ fetch: fakeFetch(() => json(refusal)).fetch });
    const refused = await client.fetchOperationRaw('a-share/prices/historical', '');
    expect(refused).toMatchObject({
      url: '/api/a-share/prices/historical',
      httpStatus: 200,
      envelope: refusal,
      problem: null,
    });

    const broken = createApiClient({ fetch: fakeFetch(() => new Response('<html>', { status: 502 })).fetch });
    const answer = await broken.fetchOperationRaw('a-share/prices/snapshot', '');
    expect(answer.envelope).toBeNull();
    expect(answer.bodyText).toBe('<html>');
    expect(answer.problem?.code).toBe(6004);
  });
});
