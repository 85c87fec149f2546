import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

/**
 * A pinned simulator clock that end-to-end tests may move forward (`SIM_CLOCK_CONTROL=on`, which
 * config.ts allows only with `SIM_NOW` and without a real key). The simulator and the gateway read the
 * same clock, so a test can let time pass on the server (new news flashes appear) while the page stays
 * open, and exercise the real refresh path: browser, BFF, cache, simulator.
 *
 *   GET /bff/test/clock                      → { now, offset_ms }
 *   PUT /bff/test/clock  { offset_ms }       → { now, offset_ms }   (offset from SIM_NOW, 0 to 7 days)
 *
 * Only loopback clients are answered; the routes do not exist unless the variable is on.
 */

export const TEST_CLOCK_PATH = '/bff/test/clock';

/** How far a test may move the clock from SIM_NOW. */
export const MAX_OFFSET_MS = 7 * 24 * 60 * 60 * 1000;

export interface AdjustableClock {
  now(): number;
  offsetMs(): number;
  setOffsetMs(offsetMs: number): void;
}

export function adjustableClock(pinnedMs: number): AdjustableClock {
  let offset = 0;
  return {
    now: () => pinnedMs + offset,
    offsetMs: () => offset,
    setOffsetMs: (ms) => {
      offset = ms;
    },
  };
}

const body = z.object({ offset_ms: z.number().int().min(0).max(MAX_OFFSET_MS) }).strict();

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const testClockPlugin: FastifyPluginAsync<{ clock: AdjustableClock }> = async (app, { clock }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
      return reply
        .code(403)
        .send({ statusCode: 403, message: 'The test clock answers loopback clients only' });
    }
  });
  const state = () => ({ now: clock.now(), offset_ms: clock.offsetMs() });
  app.get('/', async () => state());
  app.put('/', async (request, reply) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({
        statusCode: 400,
        message: `Body must be { "offset_ms": a whole number from 0 to ${MAX_OFFSET_MS} }`,
      });
    }
    clock.setOffsetMs(parsed.data.offset_ms);
    return state();
  });
};
