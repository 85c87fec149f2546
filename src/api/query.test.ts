import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_STALE_MS } from '../contract/cache-policy';
import { ApiError } from '../contract/envelope';
import {
  createQueryClient,
  freshnessOf,
  operationKey,
  operationQuery,
  retryDelay,
  shouldRetry,
} from './query';

const emptySnapshot = {
  code: 0,
  message: 'success',
  request_id: 'r',
  data: { timestamp: 1, total: 0, item: [] },
};

function respondWith(bodies: readonly unknown[]) {
  let i = 0;
  const fetch = vi.fn(async () => {
    const body = bodies[Math.min(i, bodies.length - 1)];
    i += 1;
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('retry policy', () => {
  it('retries transient errors at most twice and never caller errors', () => {
    const limited = new ApiError({ code: 4001, message: 'rate limited' });
    const badParam = new ApiError({ code: 1002, message: 'bad format' });
    expect(shouldRetry(0, limited)).toBe(true);
    expect(shouldRetry(1, limited)).toBe(true);
    expect(shouldRetry(2, limited)).toBe(false);
    expect(shouldRetry(0, badParam)).toBe(false);
    expect(shouldRetry(0, new Error('bug in a component'))).toBe(false);
  });

  it('backs off exponentially with a cap', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('a query client calls the service three times for a persistent 5001, once for a 3001', async () => {
    const client = createQueryClient();
    const fetch = respondWith([{ code: 5001, message: 'server error', request_id: 'x', data: null }]);
    const failing = client.fetchQuery({
      ...operationQuery('a-share/prices/snapshot', { limit: 1 }),
      retryDelay: 0,
    });
    await expect(failing).rejects.toMatchObject({ code: 5001 });
    expect(fetch).toHaveBeenCalledTimes(3);

    const notFound = respondWith([
      { code: 3001, message: 'no such instrument', request_id: 'y', data: null },
    ]);
    await expect(
      client.fetchQuery({ ...operationQuery('a-share/prices/snapshot', { limit: 2 }), retryDelay: 0 }),
    ).rejects.toMatchObject({ code: 3001 });
    expect(notFound).toHaveBeenCalledTimes(1);
  });

  it('recovers when a retry succeeds', async () => {
    const client = createQueryClient();
    const fetch = respondWith([
      { code: 4001, message: 'rate limited', request_id: 'x', data: null },
      emptySnapshot,
    ]);
    const data = await client.fetchQuery({ ...operationQuery('a-share/prices/snapshot', {}), retryDelay: 0 });
    expect(data.total).toBe(0);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('operationQuery', () => {
  it('uses hierarchical keys so one operation can be invalidated at once', async () => {
    expect(operationKey('a-share/prices/snapshot', { limit: 3 })).toEqual([
      'op',
      'a-share/prices/snapshot',
      { limit: 3 },
    ]);
    const client = createQueryClient();
    respondWith([emptySnapshot]);
    await client.fetchQuery(operationQuery('a-share/prices/snapshot', { limit: 3 }));
    await client.fetchQuery(operationQuery('a-share/prices/snapshot', { limit: 4 }));
    expect(client.getQueryCache().findAll({ queryKey: ['op', 'a-share/prices/snapshot'] })).toHaveLength(2);
    await client.invalidateQueries({ queryKey: ['op', 'a-share/prices/snapshot'] });
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: ['op', 'a-share/prices/snapshot'] })
        .every((q) => q.state.isInvalidated),
    ).toBe(true);
  });

  it('passes per-use freshness through', () => {
    const options = operationQuery('a-share/prices/snapshot', {}, { staleTime: 60_000, keepPrevious: true });
    expect(options.staleTime).toBe(60_000);
    expect(typeof options.placeholderData).toBe('function');
    expect(operationQuery('a-share/prices/snapshot', {}).placeholderData).toBeUndefined();
  });

  it('keeps an answer as fresh as its cache class allows unless a use says otherwise', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse('2026-07-15T10:00:00+08:00'));
      const client = createQueryClient();
      const fetch = respondWith([emptySnapshot]);
      // A quote (class `quote`) is refetched once it is older than its class's freshness.
      await client.fetchQuery(operationQuery('a-share/prices/snapshot', { limit: 5 }));
      vi.setSystemTime(Date.now() + CLIENT_STALE_MS.quote - 1);
      await client.fetchQuery(operationQuery('a-share/prices/snapshot', { limit: 5 }));
      expect(fetch).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 2);
      await client.fetchQuery(operationQuery('a-share/prices/snapshot', { limit: 5 }));
      expect(fetch).toHaveBeenCalledTimes(2);
      // The same age is nothing for reference data (statements, code tables).
      expect(freshnessOf('meta/tickers/search')()).toBe(CLIENT_STALE_MS.reference);
      expect(CLIENT_STALE_MS.reference).toBeGreaterThan(CLIENT_STALE_MS.quote);
    } finally {
      vi.useRealTimers();
    }
  });
});
