import { afterAll, vi } from 'vitest';
import { createSimulator } from '../../../server/simulator/index';
import { createApiClient } from '../../api/client';
import { requestOf } from '../../lib/testing.testkit';

/** The clock the e2e tests pin too: a Wednesday session, 2026-07-15 10:10 Shanghai. */
export const SIM_NOW = Date.parse('2026-07-15T10:10:00+08:00');
const KEY = 'route-test';

/**
 * A `fetch` for route tests that answers `/api/*` from the embedded simulator (in process, through
 * Fastify's `inject`) and `/bff/mode` with the pinned clock: pages with many operations are tested on
 * the same consistent data the app shows, without a hand-written answer per operation. The page's
 * requests are recorded; `client` reads the same answers for the test's own expectations.
 */
export function simulatedFetch() {
  const sim = createSimulator({ apiKey: KEY, now: () => SIM_NOW, restricted: 'closed' });
  afterAll(() => sim.close());
  const answer = async (input: unknown): Promise<Response> => {
    const url = requestOf(input);
    if (url.pathname === '/bff/mode') {
      return new Response(JSON.stringify({ mode: 'simulated', version: '0', now: SIM_NOW }));
    }
    const res = await sim.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { 'x-api-key': KEY },
    });
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
