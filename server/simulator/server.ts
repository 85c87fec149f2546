import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { operations } from '../../src/contract/catalog';
import type { OperationId } from '../../src/contract/catalog';
import { ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { toRawQuery } from '../../src/contract/params';
import { routes } from './handlers/index';
import type { Route } from './route';
import { warmIndexCurves } from './model/indices';
import { prepareAllCurves } from './model/prices';
import { allStocks } from './model/universe';
import type { DumpCodes } from './model/dumps';
import { createDumpStore, DUMP_FILE_ROUTE, type DumpStore } from './dumps/store';

export interface SimulatorOptions {
  apiKey: string;
  /** Unix ms; defaults to real time. The BFF passes a pinned clock when SIM_NOW is set. */
  now?: () => number;
  /** Whether the operations the real service keeps closed (high-frequency, capital flow) answer. */
  restricted?: 'open' | 'closed';
  /** Folder of the generated dump files (default: `market-sim-dumps` in the OS temp folder). */
  dumpDir?: string;
  /** Which stocks the dumps hold: all (default), the first n of the code table, or some codes. */
  dumpCodes?: DumpCodes;
  /** The dump files and their links, made by the caller (then dumpDir and dumpCodes are not read). */
  dumps?: DumpStore;
  /**
   * Work out the exchange indices' histories in the background once listening (startSimulator only), a
   * few milliseconds at a time, so that no request spends a cold index's seconds at once.
   */
  warm?: boolean;
}

function newRequestId(): string {
  return `sim-${randomUUID()}`;
}

export function implementedOperations(): readonly OperationId[] {
  return routes.map((r) => r.id);
}

/** The dump store of a simulator given none: links signed with its key (the same key, the same links). */
function ownDumps(opts: SimulatorOptions): DumpStore {
  return createDumpStore({ dir: opts.dumpDir, codes: opts.dumpCodes, secret: opts.apiKey });
}

/** The simulated market data service as a Fastify instance (not listening; use inject() in tests). */
export function createSimulator(opts: SimulatorOptions): FastifyInstance {
  const now = opts.now ?? Date.now;
  const restricted = opts.restricted ?? 'closed';
  const app = Fastify({ logger: false });
  const byPath = new Map<string, Route>(routes.map((r) => [r.op.path, r]));
  const dumps = opts.dumps ?? ownDumps(opts);
  // A store of the caller's may serve other simulators: its owner closes it.
  if (opts.dumps === undefined) app.addHook('onClose', () => dumps.close());

  const send = (code: number, message: string, data: unknown) => ({
    code,
    message,
    request_id: newRequestId(),
    data,
  });

  // Every catalogued path is answered (restricted ones with 2003 even when not simulated yet);
  // anything else falls through to the plain 404.
  for (const op of operations) {
    const route = byPath.get(op.path);
    if (!route && op.access !== 'restricted') continue;
    app.get(op.path, async (request, reply) => {
      reply.header('content-type', 'application/json; charset=utf-8');
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || key !== opts.apiKey) {
        return errorEnvelope(ErrorCode.UNAUTHENTICATED, 'X-api-key is missing or invalid', newRequestId());
      }
      if (op.access === 'restricted' && restricted !== 'open') {
        return errorEnvelope(
          ErrorCode.FORBIDDEN,
          'This operation is not open to external callers',
          newRequestId(),
        );
      }
      if (!route) {
        return errorEnvelope(ErrorCode.SERVER_ERROR, 'This operation is not simulated yet', newRequestId());
      }
      const origin = `${request.protocol}://${request.host}`;
      const outcome = route.run(toRawQuery(request.query), { now: now(), origin, dumps });
      return outcome.ok
        ? send(0, 'success', outcome.data)
        : errorEnvelope(outcome.code, outcome.message, newRequestId());
    });
  }

  // The dump files, as storage serves them behind a signed link: no key, 403 for an altered or expired link.
  app.get<{ Params: { kind: string; release: string; file: string } }>(
    `${DUMP_FILE_ROUTE}/:kind/:release/:file`,
    async (request, reply) => {
      const answer = dumps.file(request.params, toRawQuery(request.query), now());
      if (!answer.ok) return reply.code(answer.status).type('text/plain; charset=utf-8').send(answer.message);
      return reply
        .type('application/vnd.apache.parquet')
        .header('content-length', answer.size)
        .send(createReadStream(answer.path));
    },
  );

  // Build the price model before the first request, so that a whole-market snapshot is fast from the start.
  app.addHook('onReady', async () => {
    prepareAllCurves(allStocks());
  });

  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
  return app;
}

/** Listen on loopback (port 0 = any free port). */
export async function startSimulator(
  opts: SimulatorOptions & { host?: string; port?: number },
): Promise<{ url: string; close: () => Promise<void>; dumps: DumpStore }> {
  const dumps = opts.dumps ?? ownDumps(opts);
  const app = createSimulator({ ...opts, dumps });
  app.addHook('onClose', () => (opts.dumps === undefined ? dumps.close() : undefined));
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ host, port: opts.port ?? 0 });
  if (opts.warm === true) {
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    warmIndexCurves(pause, () => closing).catch((error: unknown) =>
      app.log.warn({ error }, 'index warm-up failed'),
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (opts.port ?? 0);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shownHost}:${port}`, close: () => app.close(), dumps };
}
