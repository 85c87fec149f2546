import { LOCAL_ACTOR } from './repository';
import type {
  Actor,
  ChangeListener,
  FeedTokenStore,
  ListChange,
  Watchlist,
  WatchlistRepository,
} from './repository';
import type { StoreQueries, WriteOutcome, WriteRequest } from './store-queries';
import { atVersion, refuseAdd, refuseRepeats, WatchlistStoreError } from './store-rules';

/**
 * The watchlist store, written once: the repository (repository.ts's interface) over the store's
 * queries (store-queries.ts) on either engine. What an engine brings is how a change reaches its
 * transaction and how its listeners hear of it:
 * - SQLite (sqlite-repository.ts): reads on the main thread, changes on the writer thread, whose
 *   answers tell this process's listeners in commit order before the caller hears back;
 * - PostgreSQL (pg-repository.ts): both on the pool; the change feed (pg-change-feed.ts) tells every
 *   replica's listeners what was committed, its own changes included.
 */

/** What an engine gives the store. */
export interface StoreEngine {
  /** The reads (on the main thread's connection or the pool). */
  readonly reads: Pick<StoreQueries, 'snapshot'>;
  /** Runs a change; resolves once it committed, with what it committed. */
  write(request: WriteRequest): Promise<WriteOutcome>;
  /** Whether the engine answers now; never throws. */
  ping(): Promise<boolean>;
  /** Stops the engine; a change in flight still commits. */
  close(): Promise<void>;
}

/** The store with what an engine adds (a backup, the feed's state), acting for one user. */
export type Store<Extra extends object> = Omit<WatchlistRepository, 'as'> &
  Extra & { as(actor: Actor): Store<Extra> };

/** The store's listeners: the engine tells them of each committed change. */
export interface StoreListeners {
  /** Tells every listener; a listener's failure is its own (a closed stream), the change has committed. */
  tell(change: ListChange): void;
  add(listener: ChangeListener): () => void;
  clear(): void;
}

export function storeListeners(): StoreListeners {
  const listeners = new Set<ChangeListener>();
  return {
    tell(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // Its own failure; the others are still told.
        }
      }
    },
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => listeners.clear(),
  };
}

/** The repository over `engine`, whose changes are told to `listeners`; `extra` is what only it has. */
export function openStore<Extra extends object>(
  engine: StoreEngine,
  options: { listeners: StoreListeners; clock?: (() => number) | undefined; extra: Extra },
): Store<Extra> {
  const clock = options.clock ?? Date.now;
  const { listeners } = options;
  const { reads } = engine;
  let closing: Promise<void> | null = null;

  function write(request: WriteRequest): Promise<WriteOutcome> {
    if (closing !== null) return Promise.reject(new WatchlistStoreError('The watchlist store is closed'));
    return engine.write(request);
  }
  async function writeList(request: WriteRequest): Promise<Watchlist> {
    const { list } = await write(request);
    if (list === null) throw new WatchlistStoreError('A change of a watchlist gave no list');
    return list;
  }

  // Calendar feed tokens (hk-ipo/feed-tokens.ts): per user, not per actor.
  const feedTokens: FeedTokenStore = {
    current: (userId) => reads.snapshot((r) => r.feedToken(userId)),
    byHash: (hash) => reads.snapshot((r) => r.feedTokenByHash(hash)),
    async replace(userId, token) {
      const now = clock();
      await write({
        op: 'putFeedToken',
        actor: LOCAL_ACTOR,
        now,
        userId,
        hash: token.hash,
        nonce: token.nonce,
      });
      return { user_id: userId, token_hash: token.hash, nonce: token.nonce, created_at: now };
    },
    async revoke(userId) {
      const had = (await reads.snapshot((r) => r.feedToken(userId))) !== null;
      await write({ op: 'dropFeedToken', actor: LOCAL_ACTOR, now: clock(), userId });
      return had;
    },
  };

  function repositoryFor(actor: Actor): Store<Extra> {
    const now = clock;
    const repository: Omit<WatchlistRepository, 'as'> = {
      // A list must not mix its summary from one moment with items from another: one statement, or
      // one read transaction where the engine needs it.
      list: () => reads.snapshot((r) => r.summaries(actor)),

      get: (id) => reads.snapshot((r) => r.readable(id, actor)),

      create: (name) => writeList({ op: 'create', actor, now: now(), name }),

      rename: (id, name, expectedVersion) =>
        writeList({ op: 'rename', actor, now: now(), id, name, expectedVersion }),

      setVisibility: (id, visibility, expectedVersion) =>
        writeList({ op: 'visibility', actor, now: now(), id, visibility, expectedVersion }),

      async delete(id, expectedVersion) {
        await write({ op: 'delete', actor, now: now(), id, expectedVersion });
      },

      async listDeleted() {
        const at = now();
        // Lists past their time are purged first: a write like every other.
        await write({ op: 'purge', actor, now: at });
        return reads.snapshot((r) => r.deleted(actor, at));
      },

      restore: (id) => writeList({ op: 'restore', actor, now: now(), id }),

      history: (id) =>
        reads.snapshot(async (r) => ((await r.readable(id, actor)) === null ? null : r.versions(id))),

      restoreVersion: (id, version, expectedVersion) =>
        writeList({ op: 'restoreVersion', actor, now: now(), id, version, expectedVersion }),

      async checkAddItems(id, thscodes, expectedVersion) {
        // The list and its items as of one moment. Ownership first, then the batch.
        const current = await reads.snapshot((r) => r.ownedList(id, actor));
        refuseRepeats(thscodes);
        refuseAdd(atVersion(current, expectedVersion), thscodes);
      },

      async addItems(id, items, expectedVersion) {
        // A list that is not the actor's (or not there) is refused before the batch is looked at, as in
        // checkAddItems; the change checks again inside its transaction (owners never change).
        await reads.snapshot((r) => r.ownedList(id, actor));
        refuseRepeats(items.map((i) => i.thscode));
        return writeList({ op: 'addItems', actor, now: now(), id, items, expectedVersion });
      },

      removeItem: (id, thscode, expectedVersion) =>
        writeList({ op: 'removeItem', actor, now: now(), id, thscode, expectedVersion }),

      reorder: (id, thscodes, expectedVersion) =>
        writeList({ op: 'reorder', actor, now: now(), id, thscodes, expectedVersion }),

      setNote: (id, thscode, note, expectedVersion) =>
        writeList({ op: 'note', actor, now: now(), id, thscode, note, expectedVersion }),

      feedTokens,

      subscribe: (listener) => listeners.add(listener),

      ping: async () => closing === null && engine.ping(),

      close() {
        closing ??= (async () => {
          listeners.clear();
          await engine.close();
        })();
        return closing;
      },
    };
    return { ...repository, ...options.extra, as: (other) => repositoryFor(other) };
  }

  return repositoryFor(LOCAL_ACTOR);
}
