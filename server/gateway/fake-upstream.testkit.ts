import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the market data service in tests: a real HTTP server on 127.0.0.1 that records every
 * request it gets and answers as the current test tells it to.
 */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** When the request arrived, as the service would count it (`performance.now()`, ms). */
  at: number;
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

export interface FakeUpstream {
  /** Base URL without a trailing slash. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  behave(behaviour: Behaviour): void;
  /** Stop listening (connections are refused) while keeping the port number for `reopen`. */
  stop(): Promise<void>;
  reopen(): Promise<void>;
  close(): Promise<void>;
}

export const OK_BODY = JSON.stringify({
  code: 0,
  message: 'success',
  request_id: 'up-req-1',
  data: { timestamp: 1_784_000_000_000, item: [] },
});

export const answerJson =
  (body: string, status = 200, headers: Record<string, string> = {}): Behaviour =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

export const answerOk: Behaviour = answerJson(OK_BODY);

/**
 * The most of `times` (ms) within any one second, wherever it starts, both ends included: what a service
 * counting calls in a sliding second sees at worst.
 */
export function mostInAnySecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while ((sorted[j] ?? 0) - (sorted[i] ?? 0) > 1000) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  let behaviour: Behaviour = answerOk;
  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      at: performance.now(),
    });
    behaviour(req, res);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    behave: (b) => {
      behaviour = b;
    },
    stop,
    reopen: () => listen(port),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
