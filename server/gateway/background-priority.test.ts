import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { createGateway } from './gateway';
import { ManualClock, turn } from './manual-clock.testkit';
import type { Upstream, UpstreamRequest } from './upstream-client';

/**
 * Server-side work nobody waits for (the minute tape) goes through `backgroundUpstream`: behind every
 * user request in the budget's queue, whatever the order they came in.
 */

const BODY = JSON.stringify({ code: 0, message: 'success', request_id: 'r', data: { item: [] } });

function recordingClient(order: string[]): Upstream {
  return {
    async call(req: UpstreamRequest) {
      req.onWritten?.();
      order.push(req.query);
      return { ok: true, envelope: { code: 0, message: 'success', request_id: 'r', data: {} }, body: BODY };
    },
    close: async () => undefined,
  };
}

function gatewayOn(ticker: ManualClock, order: string[]) {
  return createGateway(recordingClient(order), {
    ticker,
    marketClock: () => ticker.now(),
    budget: { ratePerSecond: 1, burst: 1, windowMarginMs: 0, queueMax: 10, queueTimeoutMs: 60_000 },
    breaker: { threshold: 5, cooldownMs: 30_000 },
    retry: { maxAttempts: 1, deadlineMs: 60_000, backoffBaseMs: 1, backoffCapMs: 1, random: () => 0 },
    cache: { maxBytes: 1_000_000, staleIfErrorMs: 0 },
  });
}

describe('background calls through the gateway', () => {
  it('wait behind user requests that came later', async () => {
    const ticker = new ManualClock(Date.parse('2026-07-15T10:00:00+08:00'));
    const order: string[] = [];
    const gateway = gatewayOn(ticker, order);
    const operation = catalog['a-share/calendar/trading-days'];
    const call = (upstream: Upstream, query: string) => upstream.call({ operation, query, requestId: query });
    const first = call(gateway.upstream, 'user-1');
    await turn();
    const background = call(gateway.backgroundUpstream, 'tape');
    const later = call(gateway.upstream, 'user-2');
    await turn();
    expect(gateway.status().budget.queued).toMatchObject({ user: 1, background: 1 });
    for (let i = 0; i < 5; i++) {
      ticker.advance(1_000);
      await turn();
    }
    await Promise.all([first, background, later]);
    expect(order).toEqual(['user-1', 'user-2', 'tape']);
    await gateway.close();
  });

  it('tell what the cache keeps without calling the service', async () => {
    const ticker = new ManualClock(Date.parse('2026-07-15T10:00:00+08:00'));
    const order: string[] = [];
    const gateway = gatewayOn(ticker, order);
    const req = { operation: catalog['a-share/calendar/trading-days'], query: '', requestId: 'r' };
    expect(await gateway.kept(req)).toBeNull();
    expect(order).toEqual([]);
    await gateway.backgroundUpstream.call(req);
    const kept = await gateway.kept(req);
    expect(kept?.ok && kept.body).toBe(BODY);
    expect(order).toHaveLength(1);
    await gateway.close();
  });
});
