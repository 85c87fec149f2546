import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { MARKET_DATA_ROUTES, TAPE_OFF_STATUS } from '../../src/contract/market-data';
import type { IntradaySeries, TapeStatus } from '../../src/contract/market-data';
import { intradayParamsSchema } from '../../src/contract/market-data-params';
import { paramNames, parseParams, toRawQuery } from '../../src/contract/params';
import type { Ticker } from '../gateway/ticker';
import { openResearchStore } from './research-store';
import type { ResearchStore } from './research-store';
import { createTapeRecorder } from './tape-recorder';
import type { TapeRecorder, TapeRecorderOptions } from './tape-recorder';
import { readIntraday } from './tape-store';

/**
 * The minute tape in the app (registered under MARKET_DATA_BASE_PATH when MARKET_DATA is on): the
 * recorder runs from `onReady` to `onClose`, and
 *   GET <base>/intraday?thscode=&days=1..TAPE_MAX_DAYS → IntradaySeries
 * answers from the store alone (never an upstream call; parameters are checked first, with the API's
 * codes and messages naming the field; an unknown code gives no days).
 */

export interface TapeOptions extends Omit<TapeRecorderOptions, 'store'> {
  /**
   * The research store shared with the panel, as the panel has it when the app is ready (null: it could not
   * be opened); opened from `storePath` (and closed with the app) if not given.
   */
  store?: ResearchStore | (() => ResearchStore | null);
  storePath: string;
  /** Real time in production: how often the recorder looks at the market clock. */
  ticker: Ticker;
  /** The per-client rate limit of /api (a flood of chart requests must not take the store). */
  limitClients?: onRequestHookHandler;
  /** Tests drive `tapeRecorderOf(app).tick()` themselves. */
  autoStart?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The minute tape's recorder once the app is ready (registerTape); null before and after. */
    tapeRecorder?: TapeRecorder | null;
  }
}

/** The recorder of an app, once it is ready, if the tape is on. */
export function tapeRecorderOf(app: FastifyInstance): TapeRecorder | undefined {
  return app.tapeRecorder ?? undefined;
}

/** The tape's status for the plane's status route: `off` when the tape is not on in this app. */
export async function tapeStatus(app: FastifyInstance): Promise<TapeStatus> {
  const recorder = app.tapeRecorder;
  return recorder ? recorder.status() : TAPE_OFF_STATUS;
}

const known = paramNames(intradayParamsSchema);

/**
 * Adds the tape to the app: the store is opened and the recorder started when the app is ready, both
 * stopped when it closes; the intraday route under `prefix` (MARKET_DATA_BASE_PATH).
 */
export function registerTape(app: FastifyInstance, prefix: string, opts: TapeOptions): void {
  let store: ResearchStore | null = null;
  const ownStore = opts.store === undefined;
  app.decorate('tapeRecorder', null);
  app.addHook('onReady', async () => {
    try {
      store = typeof opts.store === 'function' ? opts.store() : (opts.store ?? null);
      if (ownStore) store = await openResearchStore(opts.storePath);
      if (!store) throw new Error('the panel has no research store');
    } catch (err) {
      // The rest of the app serves without the tape; the intraday route says why.
      opts.log?.warn({ err, path: opts.storePath }, 'tape: the research store could not be opened');
      return;
    }
    const recorder = createTapeRecorder({ ...opts, store });
    app.tapeRecorder = recorder;
    if (opts.autoStart !== false) recorder.start(opts.ticker);
  });
  // Before the panel closes the shared store (onClose): no minute is written into a closed store.
  app.addHook('preClose', async () => {
    await app.tapeRecorder?.stop();
    app.tapeRecorder = null;
    if (ownStore) await store?.close();
  });
  app.register(
    async (scope) => {
      if (opts.limitClients) scope.addHook('onRequest', opts.limitClients);
      scope.get(MARKET_DATA_ROUTES.intraday, async (request, reply) => {
        reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
        const raw = toRawQuery(request.query);
        const parsed = parseParams(intradayParamsSchema, raw, { unknown: 'reject', known });
        if (!parsed.ok) {
          return reply
            .code(400)
            .header('x-request-id', request.id)
            .send(JSON.stringify(errorEnvelope(parsed.code, parsed.message, request.id)));
        }
        const recorder = app.tapeRecorder;
        if (!store || !recorder) {
          const message = 'The minute tape is not available: its store could not be opened.';
          return reply
            .code(503)
            .header('x-request-id', request.id)
            .send(JSON.stringify(errorEnvelope(ErrorCode.UPSTREAM_UNAVAILABLE, message, request.id)));
        }
        const [days, tape] = await Promise.all([
          readIntraday(store, parsed.value.thscode, parsed.value.days),
          recorder.status(),
        ]);
        const series: IntradaySeries = { thscode: parsed.value.thscode, days, tape };
        return reply.send(JSON.stringify(series));
      });
    },
    { prefix },
  );
}
