import { fork } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { OK_BODY, startFakeUpstream } from './fake-upstream.testkit';

/**
 * A fake service in a process of its own that notes when each request arrives: in the test's process its
 * handler would run late whenever the app, the load and the other test share a busy event loop, and the
 * arrival times would measure that, not the budget. Answers as `mixed` below.
 */

export interface ArrivalUpstream {
  url: string;
  /** Every request so far: its arrival (ms, this machine's clock) and path. */
  arrivals(): Promise<{ at: number; url: string }[]>;
  close(): Promise<void>;
}

const arrivalsSchema = z.object({
  type: z.literal('arrivals'),
  requests: z.array(z.object({ at: z.number(), url: z.string() })),
});
const readySchema = z.object({ type: z.literal('ready'), url: z.string() });

export async function startArrivalUpstream(): Promise<ArrivalUpstream> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ARRIVAL_UPSTREAM_CHILD: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // The service stands for another machine, whose clock notes arrivals whatever this one is busy with:
  // on a loaded 2-CPU test machine its process gets the scheduler first where that is allowed (root, as
  // in CI), so that its notes are not bunched by its own waits for a CPU. Without the right it runs as is.
  try {
    if (child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_HIGH);
  } catch {
    // Not permitted: arrivals are noted as the scheduler lets them be.
  }
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake service exited with ${code}`)));
    child.on('message', (message) => {
      const ready = readySchema.safeParse(message);
      if (ready.success) resolve(ready.data.url);
    });
  });
  return {
    url,
    arrivals: () =>
      new Promise((resolve) => {
        const onMessage = (message: unknown) => {
          const parsed = arrivalsSchema.safeParse(message);
          if (!parsed.success) return;
          child.off('message', onMessage);
          resolve(parsed.data.requests);
        };
        child.on('message', onMessage);
        child.send({ type: 'arrivals' });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/**
 * Mostly a success after 0-40 ms; every 11th request a 503, every 29th a 429 (both retried by the
 * gateway); every 4th answer closes its connection, so later calls must open a new one.
 */
async function serve(): Promise<void> {
  const fake = await startFakeUpstream();
  fake.behave((_req, res) => {
    const n = fake.requests.length;
    const close = n % 4 === 0 ? { connection: 'close' } : {};
    if (n % 11 === 3) {
      res.writeHead(503, { 'content-type': 'text/plain', ...close });
      res.end('unavailable');
    } else if (n % 29 === 5) {
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1', ...close });
      res.end('Per-user request rate limit exceeded');
    } else {
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json', ...close });
        res.end(OK_BODY);
      };
      setTimeout(answer, (n * 37) % 41);
    }
  });
  process.on('message', () => {
    const requests = fake.requests.map((r) => ({ at: performance.timeOrigin + r.at, url: r.url }));
    process.send?.({ type: 'arrivals', requests });
  });
  process.send?.({ type: 'ready', url: fake.url });
}

if (process.env['ARRIVAL_UPSTREAM_CHILD'] === '1') await serve();
