import { PassThrough } from 'node:stream';
import { WATCHLIST_CHANGE_EVENT, type WatchlistChange } from '../../src/contract/watchlists';
import { mayHear, type ListChange } from './repository';

/**
 * The open event streams of `GET /bff/watchlists/events` (server-sent events): each belongs to one user
 * and is told every committed change that user may hear of (`mayHear`), as one `change` event carrying
 * only the list's id, new version and whether it was deleted. The store tells `publish` of each change
 * (`WatchlistRepository.subscribe`, one subscription for all streams); the streams end when their
 * client goes, when the client falls too far behind, or all at once when the server closes.
 */

export interface ChangeStreamLimits {
  /** A comment line this often keeps proxies and the browser from taking a quiet stream for a dead one. */
  heartbeatMs: number;
  /** The `retry:` hint: how long a browser waits before reconnecting a stream that ended. */
  retryMs: number;
  /** Open streams one user may hold (each watchlist tab holds one while it is shown). */
  maxPerUser: number;
  /** Open streams of the whole server, so that they cannot take every connection it accepts. */
  maxTotal: number;
  /** Bytes a client may leave unread before its stream is ended (it reconnects and reads afresh). */
  maxBacklogBytes: number;
}

export const DEFAULT_STREAM_LIMITS: ChangeStreamLimits = {
  heartbeatMs: 15_000,
  retryMs: 3_000,
  maxPerUser: 20,
  maxTotal: 500,
  maxBacklogBytes: 64 * 1024,
};

export type StreamAdmission =
  { ok: true; stream: PassThrough } | { ok: false; reason: 'user' | 'total'; limit: number };

export interface ChangeStreams {
  /** A new stream for `actorId`, or why not (a limit). The stream starts with the `retry:` hint. */
  open(actorId: string): StreamAdmission;
  /** Tells every stream whose user may hear of it. */
  publish(change: ListChange): void;
  /** Ends every stream (the server is closing). */
  closeAll(): void;
  /** Open streams. */
  readonly size: number;
}

/** One `change` event as the stream sends it: nothing of the list but what a GET of it would tell. */
export function changeEvent(change: WatchlistChange): string {
  const data: WatchlistChange = { id: change.id, version: change.version, deleted: change.deleted };
  return `event: ${WATCHLIST_CHANGE_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
}

interface OpenStream {
  actorId: string;
  stream: PassThrough;
}

export function createChangeStreams(limits: ChangeStreamLimits = DEFAULT_STREAM_LIMITS): ChangeStreams {
  const streams = new Set<OpenStream>();
  const perUser = new Map<string, number>();
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  function write(entry: OpenStream, text: string): void {
    const { stream } = entry;
    if (stream.destroyed || stream.writableEnded) return;
    // A client that reads nothing while changes pile up is cut off; its browser reconnects and reloads.
    if (stream.readableLength + stream.writableLength > limits.maxBacklogBytes) {
      stream.destroy();
      return;
    }
    stream.write(text);
  }

  function forget(entry: OpenStream): void {
    if (!streams.delete(entry)) return;
    const left = (perUser.get(entry.actorId) ?? 1) - 1;
    if (left <= 0) perUser.delete(entry.actorId);
    else perUser.set(entry.actorId, left);
    if (streams.size === 0 && heartbeat !== null) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  return {
    open(actorId) {
      if (streams.size >= limits.maxTotal) return { ok: false, reason: 'total', limit: limits.maxTotal };
      const mine = perUser.get(actorId) ?? 0;
      if (mine >= limits.maxPerUser) return { ok: false, reason: 'user', limit: limits.maxPerUser };
      const entry: OpenStream = { actorId, stream: new PassThrough() };
      streams.add(entry);
      perUser.set(actorId, mine + 1);
      entry.stream.on('close', () => forget(entry));
      // The hint, and the first bytes: the headers leave now, so the browser knows the stream is open.
      entry.stream.write(`retry: ${limits.retryMs}\n: live\n\n`);
      if (heartbeat === null) {
        heartbeat = setInterval(() => {
          for (const open of streams) write(open, ': heartbeat\n\n');
        }, limits.heartbeatMs);
        heartbeat.unref();
      }
      return { ok: true, stream: entry.stream };
    },
    publish(change) {
      const text = changeEvent(change);
      for (const entry of streams) {
        if (mayHear(change, entry.actorId)) write(entry, text);
      }
    },
    closeAll() {
      for (const entry of [...streams]) {
        entry.stream.end();
        forget(entry);
      }
    },
    get size() {
      return streams.size;
    },
  };
}
