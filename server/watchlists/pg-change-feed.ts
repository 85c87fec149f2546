import pg from 'pg';
import { z } from 'zod';
import { watchlistChangeSchema } from '../../src/contract/watchlists';
import type { ListChange } from './repository';
import { CHANGES_CHANNEL } from './store-queries';

/**
 * The PostgreSQL store's change feed: one dedicated LISTEN connection per store, reconnected after a
 * loss (from `first`, doubling up to `max`). A committed change is told by its writer with pg_notify
 * inside its transaction (store-queries.ts): PostgreSQL delivers it only if the transaction commits, in
 * commit order, to every session listening, so every replica hears each change once, its own included.
 * Changes committed while the feed was down are not heard; `onFeed` says when it listens again.
 */

export type ChangeFeedEvent = { state: 'listening' } | { state: 'lost'; error: unknown };

/** A change as the channel carries it; a payload that does not fit is not told. */
const listChangeSchema = watchlistChangeSchema.extend({ owner_id: z.string(), team: z.boolean() });

export interface ChangeFeedOptions {
  /** The connection's settings (the pool's, named `-feed` in pg_stat_activity by the caller). */
  connection: pg.ClientConfig;
  /** Told each change heard. */
  hear: (change: ListChange) => void;
  /** The feed's connection: listening (at start and after each reconnection) or lost. */
  onFeed?: ((event: ChangeFeedEvent) => void) | undefined;
  /** A notification that is not a change. */
  onError: (error: unknown, what: string) => void;
  /** Waits between reconnection attempts: from `first`, doubling up to `max`. */
  reconnectDelayMs?: { first: number; max: number } | undefined;
}

export interface ChangeFeed {
  /** Whether the feed is connected and listening now. */
  listening(): boolean;
  /** Stops listening and reconnecting. */
  close(): Promise<void>;
}

/** Starts listening; rejects (with no reconnection loop) when the first connection fails. */
export async function startChangeFeed(options: ChangeFeedOptions): Promise<ChangeFeed> {
  const { onFeed, onError } = options;
  const delays = options.reconnectDelayMs ?? { first: 100, max: 5_000 };
  let feed: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let nextDelay = delays.first;
  let closed = false;

  function hear(message: pg.Notification): void {
    if (message.channel !== CHANGES_CHANNEL) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message.payload ?? '');
    } catch (err) {
      onError(err, 'a watchlist change notification is not JSON');
      return;
    }
    const parsed = listChangeSchema.safeParse(payload);
    if (!parsed.success) {
      onError(parsed.error, 'a watchlist change notification does not fit its schema');
      return;
    }
    options.hear(parsed.data);
  }

  async function connect(): Promise<void> {
    const client = new pg.Client(options.connection);
    let lost = false;
    const onLost = (error: unknown) => {
      if (lost) return;
      lost = true;
      client.removeListener('notification', hear);
      if (feed === client) feed = null;
      void client.end().catch(() => undefined);
      if (closed) return;
      onFeed?.({ state: 'lost', error });
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the change feed connection ended')));
    client.on('notification', hear);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      lost = true;
      client.removeListener('notification', hear);
      await client.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    feed = client;
    nextDelay = delays.first;
    onFeed?.({ state: 'listening' });
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer !== null) return;
    const delay = nextDelay;
    nextDelay = Math.min(delays.max, nextDelay * 2);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().catch((err: unknown) => {
        if (closed) return;
        onFeed?.({ state: 'lost', error: err });
        scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
  }

  try {
    await connect();
  } catch (err) {
    // No reconnection loop for a feed that never started.
    closed = true;
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    throw err;
  }

  return {
    listening: () => feed !== null,
    async close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      const listening = feed;
      feed = null;
      await listening?.end().catch(() => undefined);
    },
  };
}
