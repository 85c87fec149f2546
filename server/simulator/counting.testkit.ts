import { createSimulator, type SimulatorOptions } from './server';

/**
 * The simulator on a loopback port that records every call it gets (path, query, when it arrived and
 * when it was answered): a counting upstream for tests that check how many calls, and which, a page or
 * a start-up costs.
 */

export interface RecordedCall {
  /** Operation path without `/api/`, e.g. `a-share/prices/snapshot`. */
  op: string;
  query: string;
  /** `performance.now()` of arrival and answer. */
  at: number;
  doneAt: number | null;
}

export interface CountingSimulator {
  url: string;
  apiKey: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

export async function startCountingSimulator(
  opts: Omit<SimulatorOptions, 'apiKey'> & { apiKey?: string },
): Promise<CountingSimulator> {
  const apiKey = opts.apiKey ?? 'counting-simulator-key-0123456789';
  const app = createSimulator({ ...opts, apiKey });
  const calls: RecordedCall[] = [];
  const byRequest = new WeakMap<object, RecordedCall>();
  app.addHook('onRequest', async (request) => {
    const [path = '', query = ''] = request.url.split('?');
    const call: RecordedCall = {
      op: path.replace(/^\/api\//, ''),
      query,
      at: performance.now(),
      doneAt: null,
    };
    calls.push(call);
    byRequest.set(request, call);
  });
  app.addHook('onResponse', async (request) => {
    const call = byRequest.get(request);
    if (call) call.doneAt = performance.now();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, apiKey, calls, close: () => app.close() };
}
