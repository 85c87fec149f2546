import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deletedWatchlistsQuery,
  watchlistEventsUrl,
  watchlistHistoryQuery,
  watchlistIndexQuery,
  watchlistKeys,
  watchlistQuery,
} from '../../api/watchlists';
import {
  WATCHLIST_CHANGE_EVENT,
  watchlistChangeSchema,
  type WatchlistChange,
} from '../../contract/watchlists';

/**
 * Live lists: while a watchlist page is open, the tab listens to the server's change events
 * (`GET /bff/watchlists/events`, one EventSource per tab whichever watchlist pages are mounted) and reads
 * again what a change makes out of date: the list when its version is newer than the one on screen,
 * its history, the index, "recently deleted". The tab's own writes are already in the cache when their
 * events are looked at (events that arrive while a write is on its way wait for it), so they cost no
 * extra request and cause no flicker.
 *
 * The browser reconnects a dropped stream by itself; every time the stream (re)opens, the watchlist
 * queries are read again once, since changes may have been missed while nobody was listening. A hidden
 * tab closes its stream (browsers allow few connections per server over HTTP/1.1, and a hidden page
 * needs no live updates) and reopens it when shown again. A stream the server refuses (too many open)
 * is tried again after a while; meanwhile the page refreshes on focus as before.
 */

/** off: this browser has no EventSource; paused: the server refused the stream, retried later. */
export type LiveState = 'off' | 'connecting' | 'live' | 'reconnecting' | 'paused';

/** What this module uses of an EventSource. */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export type ConnectLive = (url: string) => LiveSource;

/** `EventSource.CLOSED`: the browser gave up (an HTTP error such as 429 or 503), it will not retry. */
const CLOSED = 2;

export interface LiveOptions {
  /** Opens a stream; null when the browser cannot (no EventSource). */
  connect?: ConnectLive | null;
  /** Whose visibility decides whether the stream is open; none: always open. */
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> | null;
  url?: string;
  /** After the server refused a stream: the wait before asking again. */
  pausedRetryMs?: number;
  /** After the last watchlist page unmounted: the wait before the stream closes (the next page keeps it). */
  releaseGraceMs?: number;
}

export const PAUSED_RETRY_MS = 30_000;
export const RELEASE_GRACE_MS = 1_000;

/** A change event's payload, or null when it is not one (it is then ignored). */
export function parseChange(data: unknown): WatchlistChange | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = watchlistChangeSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Marks out of date (and so reads again, where a page shows it) what `change` makes stale. A query read
 * after the change needs nothing. `afterOwnWrites`: the tab's own writes were just answered and started
 * their own reloads after the commit, which are left to finish instead of being restarted.
 */
export function applyChange(queryClient: QueryClient, change: WatchlistChange, afterOwnWrites = false): void {
  const { id, version, deleted } = change;
  const options = { cancelRefetch: !afterOwnWrites };
  const refetch = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey, exact: true }, options);

  const detail = queryClient.getQueryState(watchlistQuery(id).queryKey);
  // A list that failed (gone: a 404) may be back, with the version it had.
  const detailBehind =
    detail !== undefined &&
    (deleted || detail.status === 'error' || detail.data === undefined || detail.data.version < version);
  if (detailBehind) refetch(watchlistKeys.detail(id));

  const history = queryClient.getQueryData(watchlistHistoryQuery(id).queryKey);
  if (history !== undefined && (detailBehind || deleted || (history.versions[0]?.version ?? 0) < version)) {
    refetch(watchlistKeys.history(id));
  }

  const index = queryClient.getQueryData(watchlistIndexQuery().queryKey);
  if (index !== undefined) {
    const summary = index.watchlists.find((list) => list.id === id);
    const indexBehind = deleted ? summary !== undefined : summary === undefined || summary.version < version;
    if (indexBehind) refetch(watchlistKeys.index());
  }

  const recentlyDeleted = queryClient.getQueryData(deletedWatchlistsQuery().queryKey);
  if (recentlyDeleted !== undefined && (deleted || recentlyDeleted.some((list) => list.id === id))) {
    refetch(watchlistKeys.deleted());
  }
}

export interface LiveWatchlists {
  /** A watchlist page is shown: the stream opens (if it is not open). Returns the release. */
  acquire(): () => void;
  getState(): LiveState;
  subscribe(listener: () => void): () => void;
}

function browserConnect(): ConnectLive | null {
  if (typeof EventSource === 'undefined') return null;
  return (url) => new EventSource(url);
}

export function createLiveWatchlists(queryClient: QueryClient, options: LiveOptions = {}): LiveWatchlists {
  const connect = options.connect === undefined ? browserConnect() : options.connect;
  const doc =
    options.document === undefined ? (typeof document === 'undefined' ? null : document) : options.document;
  const url = options.url ?? watchlistEventsUrl();
  const pausedRetryMs = options.pausedRetryMs ?? PAUSED_RETRY_MS;
  const releaseGraceMs = options.releaseGraceMs ?? RELEASE_GRACE_MS;

  let state: LiveState = connect === null ? 'off' : 'connecting';
  const listeners = new Set<() => void>();
  let users = 0;
  let source: LiveSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let releaseTimer: ReturnType<typeof setTimeout> | null = null;
  /** Changes that came while the tab's own writes were on their way. */
  const deferred: WatchlistChange[] = [];
  let unwatchMutations: (() => void) | null = null;

  function setState(next: LiveState): void {
    if (state === next) return;
    state = next;
    for (const listener of listeners) listener();
  }

  const hidden = () => doc?.visibilityState === 'hidden';

  function flushDeferred(): void {
    if (queryClient.isMutating() > 0) return;
    unwatchMutations?.();
    unwatchMutations = null;
    for (const change of deferred.splice(0)) applyChange(queryClient, change, true);
  }

  function receive(event: Event): void {
    const change = 'data' in event ? parseChange(event.data) : null;
    if (change === null) return;
    if (queryClient.isMutating() === 0) {
      applyChange(queryClient, change);
      return;
    }
    // The write's answer (and its version) is not in the cache yet: look once it is.
    deferred.push(change);
    unwatchMutations ??= queryClient.getMutationCache().subscribe(() => queueMicrotask(flushDeferred));
  }

  function clearRetry(): void {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  }

  function open(): void {
    if (connect === null || source !== null || users === 0 || hidden()) return;
    clearRetry();
    const current = connect(url);
    source = current;
    current.addEventListener('open', () => {
      if (source !== current) return;
      setState('live');
      // Whatever was read before the stream listened may have missed a change: read it again, once.
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.all });
    });
    current.addEventListener('error', () => {
      if (source !== current) return;
      if (current.readyState !== CLOSED) {
        setState('reconnecting');
        return;
      }
      // Refused (or not an event stream): the browser will not retry, so this does, later.
      current.close();
      source = null;
      setState('paused');
      retryTimer = setTimeout(() => {
        retryTimer = null;
        open();
      }, pausedRetryMs);
    });
    current.addEventListener(WATCHLIST_CHANGE_EVENT, (event) => {
      if (source === current) receive(event);
    });
  }

  function close(): void {
    clearRetry();
    source?.close();
    source = null;
    unwatchMutations?.();
    unwatchMutations = null;
    deferred.length = 0;
  }

  function onVisibility(): void {
    if (hidden()) {
      close();
      setState('connecting');
    } else {
      open();
    }
  }

  return {
    acquire() {
      users += 1;
      if (releaseTimer !== null) {
        clearTimeout(releaseTimer);
        releaseTimer = null;
      }
      if (users === 1 && connect !== null) {
        doc?.addEventListener('visibilitychange', onVisibility);
        if (source === null && retryTimer === null) {
          setState('connecting');
          open();
        }
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users > 0) return;
        releaseTimer = setTimeout(() => {
          releaseTimer = null;
          if (users > 0) return;
          doc?.removeEventListener('visibilitychange', onVisibility);
          close();
          setState(connect === null ? 'off' : 'connecting');
        }, releaseGraceMs);
      };
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One connection per query client (per tab), shared by every watchlist page. */
const connections = new WeakMap<QueryClient, LiveWatchlists>();

export function liveWatchlistsFor(queryClient: QueryClient): LiveWatchlists {
  let live = connections.get(queryClient);
  if (live === undefined) {
    live = createLiveWatchlists(queryClient);
    connections.set(queryClient, live);
  }
  return live;
}

/** Keeps the tab's stream open while the calling page is mounted; the stream's state for the indicator. */
export function useLiveWatchlists(): LiveState {
  const live = liveWatchlistsFor(useQueryClient());
  useEffect(() => live.acquire(), [live]);
  return useSyncExternalStore(live.subscribe, live.getState, () => 'off');
}
