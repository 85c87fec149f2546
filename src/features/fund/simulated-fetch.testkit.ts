import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { get, simulatorsForFile } from '../../../server/simulator/testkit';
import { createApiClient } from '../../api/client';
import { requestOf } from '../../lib/testing.testkit';

/** The clock the e2e tests pin too: a Wednesday session, 2026-07-15 10:10 Shanghai. */
export const SIM_NOW = Date.parse('2026-07-15T10:10:00+08:00');

/**
 * A `fetch` for route tests that answers `/api/*` from the embedded simulator (in process, through
 * Fastify's `inject`) and `/bff/mode` with the pinned clock: pages with many operations are tested on
 * the same consistent data the app shows, without a hand-written answer per operation. The page's
 * requests are recorded; `client` reads the same answers for the test's own expectations.
 */
export function simulatedFetch() {
  const sim = simulatorsForFile()(SIM_NOW, 'closed');
  const answer = async (input: unknown): Promise<Response> => {
    const url = requestOf(input);
    if (url.pathname === '/bff/mode') {
      return new Response(JSON.stringify({ mode: 'simulated', version: '0', now: SIM_NOW }));
    }
    const res = await get(sim, url.pathname + url.search);
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': 'application/json' },
    });
  };
  const requests: URL[] = [];
  const fetch = vi.fn((input: unknown) => {
    requests.push(requestOf(input));
    return answer(input);
  });
  const client = createApiClient({ fetch: (input) => answer(input) });
  return { fetch, requests, client };
}

/**
 * A fund page test file's setup around `simulatedFetch`: the simulator's fund universe built once before
 * the tests (a first fund call), and each test on a clean page, storage and request log with the
 * simulated `fetch` in place.
 */
export function simulatedFundPages() {
  const sim = simulatedFetch();
  beforeAll(async () => {
    await sim.client.fetchOperation('fund/performance/returns', { thscode: '005827.OF' });
  }, 120_000);
  beforeEach(() => {
    localStorage.clear();
    sim.requests.length = 0;
    vi.stubGlobal('fetch', sim.fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return sim;
}
