import pg from 'pg';
import { z } from 'zod';
import { watchlistChangeSchema } from '../../src/contract/watchlists';
import { DELETED_KEPT_MS, LOCAL_ACTOR } from './repository';
import type {
  Actor,
  ChangeListener,
  FeedTokenStore,
  DeletedWatchlist,
  ListChange,
  Watchlist,
  WatchlistRepository,
  WatchlistSummary,
  WatchlistVersion,
} from './repository';
import { PG_MIGRATIONS, PG_MIGRATIONS_TABLE } from './pg-migrations';
import {
  atVersion,
  changeOf,
  restorableRow,
  checkWritable,
  deletedNameKey,
  findItem,
  int,
  keptItems,
  type KeptItem,
  keptOf,
  listOwnerOf,
  nameKey,
  nameTaken,
  ownedLive,
  readableBy,
  refuseAdd,
  refuseListLimit,
  refuseOrder,
  refuseRepeats,
  restoredNames,
  row,
  text,
  toFeedToken,
  toItem,
  toSummary,
  versionNotFound,
  VERSIONS_KEPT,
  WatchlistStoreError,
  type ListOwner,
} from './store-rules';

/**
 * The watchlist store on PostgreSQL (`DATABASE_URL`), for several BFF replicas sharing one database.
 * Same interface and behaviour as the SQLite store (store-rules.ts holds what both decide); what differs
 * is how writers are kept apart:
 *
 * - every write is one transaction that first takes a transaction-scoped advisory lock on the acting
 *   user (so the per-owner list limit and name rule cannot be raced: only the owner writes their lists,
 *   and the unique index on name_key stands behind it), then locks the list's row (`SELECT … FOR UPDATE`)
 *   before reading its version, so two replicas cannot both pass the version check;
 * - a committed change is told through `pg_notify` inside the write's transaction: PostgreSQL delivers
 *   it only if the transaction commits, in commit order, to every session listening. Each store keeps
 *   one dedicated LISTEN connection (reconnected after a loss) and tells its subscribers what it hears,
 *   its own writes included: every replica hears each change once, the same way.
 *
 * Timestamps are Unix ms in bigint columns, read back as numbers (refused if beyond 2^53).
 */

/** The NOTIFY channel of list changes. */
export const CHANGES_CHANNEL = 'watchlist_changes';

/** Advisory lock keys: the migrations (one bigint key), and per owner (class, hashtext(owner id)). */
const MIGRATION_LOCK = 0x574c_4d49_4752; // 'WLMIGR'
const OWNER_LOCK_CLASS = 0x574c_4f57; // 'WLOW'

/** A change as the channel carries it; a payload that does not fit is not told. */
const listChangeSchema = watchlistChangeSchema.extend({ owner_id: z.string(), team: z.boolean() });

type Client = pg.ClientBase;

/** A readiness check waits this long for the database, then says it is not ready. */
const PING_TIMEOUT_MS = 2_000;

/** bigint columns (ids, times, counts) as numbers, refused when they would lose precision. */
function int8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new WatchlistStoreError(`The watchlist database returned ${value}, beyond a safe integer`);
  }
  return n;
}

const TYPES = new pg.TypeOverrides();
TYPES.setTypeParser(20, 'text', int8);

/** Where a URL points, without its credentials: for messages. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port === '' ? '' : `:${u.port}`}${u.pathname}`;
  } catch {
    return 'the configured address';
  }
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  return err instanceof pg.DatabaseError && err.code === '23505' && err.constraint === constraint;
}

/**
 * Applies the pending migrations (pg-migrations.ts) in one transaction, under an advisory lock held until
 * it commits: replicas starting together wait for the first, then find nothing left to do. `migrations`
 * is for tests that try a list other than the released one.
 */
export async function migratePg(
  client: Client,
  migrations: readonly string[] = PG_MIGRATIONS,
): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(PG_MIGRATIONS_TABLE);
    const result = await client.query(
      'SELECT coalesce(max(version), 0) AS version FROM watchlist_migrations',
    );
    const found = int(row(result.rows[0]), 'version');
    if (found > migrations.length) {
      throw new WatchlistStoreError(
        `The watchlist database has schema version ${found}, newer than this server knows (${migrations.length}); upgrade the server.`,
      );
    }
    for (let version = found + 1; version <= migrations.length; version++) {
      const sql = migrations[version - 1];
      if (sql === undefined) break;
      await client.query(sql);
      await client.query('INSERT INTO watchlist_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export type ChangeFeedEvent = { state: 'listening' } | { state: 'lost'; error: unknown };

export interface PgRepositoryOptions {
  /** Unix ms for created_at / updated_at / added_at. */
  clock?: () => number;
  /** The migrations to apply: the released ones (pg-migrations.ts) unless a test tries others. */
  migrations?: readonly string[];
  /** Connections in the pool (the LISTEN connection is one more). */
  poolSize?: number;
  /** The change feed's connection: listening (at open and after each reconnection) or lost. */
  onFeed?: (event: ChangeFeedEvent) => void;
  /** What goes wrong outside a request: an idle connection dropped, a malformed notification. */
  onError?: (error: unknown, what: string) => void;
  /** Waits between reconnection attempts of the feed: from `first`, doubling up to `max`. */
  reconnectDelayMs?: { first: number; max: number };
  /** Names the sessions in pg_stat_activity (the feed's gets `-feed`). */
  applicationName?: string;
}

export interface PgWatchlistRepository extends WatchlistRepository {
  as(actor: Actor): PgWatchlistRepository;
  /** Whether the change feed is connected and listening now. */
  feedListening(): boolean;
}

/** One statement, one snapshot: the list with its items (in order) and their count. */
const LIST_SELECT = `SELECT w.id, w.name, w.version, w.created_at, w.updated_at, w.owner_id, w.owner_name,
    w.visibility,
    (SELECT count(*) FROM watchlist_items i WHERE i.watchlist_id = w.id) AS item_count,
    coalesce(
      (SELECT json_agg(json_build_object('thscode', i.thscode, 'asset_type', i.asset_type, 'name', i.name,
          'note', i.note, 'position', i.position, 'added_at', i.added_at) ORDER BY i.position)
       FROM watchlist_items i WHERE i.watchlist_id = w.id),
      '[]'::json) AS items
  FROM watchlists w WHERE w.id = $1 AND w.deleted_at IS NULL`;

const SUMMARIES = `SELECT w.id, w.name, w.version, w.created_at, w.updated_at, w.owner_id, w.owner_name,
    w.visibility, (SELECT count(*) FROM watchlist_items i WHERE i.watchlist_id = w.id) AS item_count
  FROM watchlists w
  WHERE w.deleted_at IS NULL AND (w.owner_id = $1 OR w.visibility = 'team')
  ORDER BY w.owner_id <> $1, w.id`;

const INSERT_ITEMS = `INSERT INTO watchlist_items (watchlist_id, thscode, asset_type, name, note, position, added_at)
  SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::bigint[])`;

function toList(value: unknown, actor: Actor): Watchlist {
  const r = row(value);
  const items = r['items'];
  if (!Array.isArray(items)) throw new WatchlistStoreError('The items of a watchlist are not a list');
  return { ...toSummary(r, actor), items: items.map(toItem) };
}

export async function openPgWatchlistRepository(
  url: string,
  options: PgRepositoryOptions = {},
): Promise<PgWatchlistRepository> {
  const clock = options.clock ?? Date.now;
  const onError = options.onError ?? (() => undefined);
  const applicationName = options.applicationName ?? 'market-dashboard';
  const connection = {
    connectionString: url,
    types: TYPES,
    connectionTimeoutMillis: 10_000,
    // A replica that stalls inside a transaction must not hold a list's lock for ever.
    idle_in_transaction_session_timeout: 30_000,
  };
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    application_name: applicationName,
  });
  // An idle connection that drops (the server restarted) is replaced by the pool; without a handler
  // its error would end the process.
  pool.on('error', (err) => onError(err, 'an idle database connection failed'));

  try {
    const client = await pool.connect();
    try {
      await migratePg(client, options.migrations);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    if (err instanceof WatchlistStoreError) throw err;
    throw new WatchlistStoreError(`Cannot prepare the watchlist database at ${describeUrl(url)}`, {
      cause: err,
    });
  }

  const listeners = new Set<ChangeListener>();
  let closed = false;

  function tell(change: ListChange): void {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own (a closed stream); the change has committed.
      }
    }
  }

  // ---- the change feed: one LISTEN connection, reconnected after a loss ----

  const delays = options.reconnectDelayMs ?? { first: 100, max: 5_000 };
  let feed: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let nextDelay = delays.first;

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
    tell(parsed.data);
  }

  async function connectFeed(): Promise<void> {
    const client = new pg.Client({ ...connection, application_name: `${applicationName}-feed` });
    let lost = false;
    const onLost = (error: unknown) => {
      if (lost) return;
      lost = true;
      client.removeListener('notification', hear);
      if (feed === client) feed = null;
      void client.end().catch(() => undefined);
      if (closed) return;
      options.onFeed?.({ state: 'lost', error });
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
    options.onFeed?.({ state: 'listening' });
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer !== null) return;
    const delay = nextDelay;
    nextDelay = Math.min(delays.max, nextDelay * 2);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connectFeed().catch((err: unknown) => {
        if (closed) return;
        options.onFeed?.({ state: 'lost', error: err });
        scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
  }

  try {
    await connectFeed();
  } catch (err) {
    // No reconnection loop for a store that never opened.
    closed = true;
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    await pool.end().catch(() => undefined);
    throw new WatchlistStoreError(`Cannot listen for watchlist changes at ${describeUrl(url)}`, {
      cause: err,
    });
  }

  // ---- transactions and the reads they share ----

  /** One transaction on one connection; rolled back when `work` throws. */
  async function transaction<T>(work: (c: Client) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** Serialises the actor's writes (limits, names): taken first in every write, so locks come in one order. */
  async function lockOwner(c: Client, actor: Actor): Promise<void> {
    await c.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [OWNER_LOCK_CLASS, actor.id]);
  }

  async function readList(c: Client | pg.Pool, id: number, actor: Actor): Promise<Watchlist | null> {
    const result = await c.query(LIST_SELECT, [id]);
    const found: unknown = result.rows[0];
    return found === undefined ? null : toList(found, actor);
  }

  async function ensureNameFree(c: Client, name: string, exceptId: number | null, actor: Actor) {
    const key = nameKey(actor.id, name);
    const taken: unknown = (await c.query('SELECT id FROM watchlists WHERE name_key = $1', [key])).rows[0];
    if (taken !== undefined && int(row(taken), 'id') !== exceptId) throw nameTaken(name);
    return key;
  }

  async function refuseListLimitOf(c: Client, actor: Actor): Promise<void> {
    const result = await c.query(
      'SELECT count(*) AS n FROM watchlists WHERE owner_id = $1 AND deleted_at IS NULL',
      [actor.id],
    );
    refuseListLimit(int(row(result.rows[0]), 'n'));
  }

  async function recordVersion(c: Client, list: Watchlist, actor: Actor, action: string, detail: string) {
    await c.query(
      `INSERT INTO watchlist_versions (watchlist_id, version, at, actor_id, actor_name, action, detail, name, items)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
      [
        list.id,
        list.version,
        list.updated_at,
        actor.id,
        actor.name,
        action,
        detail,
        list.name,
        JSON.stringify(keptOf(list)),
      ],
    );
    await c.query('DELETE FROM watchlist_versions WHERE watchlist_id = $1 AND version <= $2', [
      list.id,
      list.version - VERSIONS_KEPT,
    ]);
  }

  /** Told only if the transaction commits, in commit order, to every listening store (this one too). */
  async function notify(c: Client, change: ListChange): Promise<void> {
    await c.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(change)]);
  }

  async function insertItems(c: Client, id: number, items: readonly KeptItem[], from: number): Promise<void> {
    if (items.length === 0) return;
    await c.query(INSERT_ITEMS, [
      id,
      items.map((i) => i.thscode),
      items.map((i) => i.asset_type),
      items.map((i) => i.name),
      items.map((i) => i.note),
      items.map((_, index) => from + index),
      items.map((i) => i.added_at),
    ]);
  }

  /** Whose list `id` is, deleted or not (null: no such row); `lock` takes its row lock (FOR UPDATE). */
  async function ownerOfList(c: Client | pg.Pool, id: number, lock: boolean): Promise<ListOwner | null> {
    const found: unknown = (
      await c.query(
        `SELECT owner_id, owner_name, visibility, deleted_at FROM watchlists WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
        [id],
      )
    ).rows[0];
    return found === undefined ? null : listOwnerOf(found);
  }

  /** Locks the actor, then the list's row, checks the version, changes, bumps, records and tells. */
  async function versionedWrite(
    id: number,
    expectedVersion: number,
    actor: Actor,
    change: (c: Client, current: Watchlist) => Promise<{ action: string; detail: string }>,
  ): Promise<Watchlist> {
    return transaction(async (c) => {
      await lockOwner(c, actor);
      const owner = await ownerOfList(c, id, true);
      const current = checkWritable(id, owner, await readList(c, id, actor), actor.id, expectedVersion);
      const what = await change(c, current);
      await c.query('UPDATE watchlists SET version = version + 1, updated_at = $1 WHERE id = $2', [
        clock(),
        id,
      ]);
      const after = await readList(c, id, actor);
      if (after === null) throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
      await recordVersion(c, after, actor, what.action, what.detail);
      await notify(c, changeOf(after, current));
      return after;
    });
  }

  /** The name check stands behind the advisory lock; the unique index is the last word. */
  async function naming<T>(nameOf: () => string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, 'watchlists_name_key_key')) throw nameTaken(nameOf());
      throw err;
    }
  }

  // One statement each: the row that replaces a token is the same write that ends the old one.
  const feedTokens: FeedTokenStore = {
    async current(userId) {
      const found: unknown = (
        await pool.query(
          'SELECT user_id, token_hash, nonce, created_at FROM calendar_feed_tokens WHERE user_id = $1',
          [userId],
        )
      ).rows[0];
      return found === undefined ? null : toFeedToken(found);
    },
    async replace(userId, token) {
      const result = await pool.query(
        `INSERT INTO calendar_feed_tokens (user_id, token_hash, nonce, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE
         SET token_hash = excluded.token_hash, nonce = excluded.nonce, created_at = excluded.created_at
         RETURNING user_id, token_hash, nonce, created_at`,
        [userId, token.hash, token.nonce, clock()],
      );
      return toFeedToken(result.rows[0]);
    },
    async revoke(userId) {
      const result = await pool.query('DELETE FROM calendar_feed_tokens WHERE user_id = $1', [userId]);
      return (result.rowCount ?? 0) > 0;
    },
    async byHash(hash) {
      const found: unknown = (
        await pool.query(
          'SELECT user_id, token_hash, nonce, created_at FROM calendar_feed_tokens WHERE token_hash = $1',
          [hash],
        )
      ).rows[0];
      return found === undefined ? null : toFeedToken(found);
    },
  };

  function repositoryFor(actor: Actor): PgWatchlistRepository {
    return {
      as: (other) => repositoryFor(other),

      async list(): Promise<WatchlistSummary[]> {
        const result = await pool.query(SUMMARIES, [actor.id]);
        return result.rows.map((r: unknown) => toSummary(r, actor));
      },

      async get(id) {
        return readableBy(await readList(pool, id, actor));
      },

      async create(name) {
        return naming(
          () => name,
          () =>
            transaction(async (c) => {
              await lockOwner(c, actor);
              await refuseListLimitOf(c, actor);
              const key = await ensureNameFree(c, name, null, actor);
              const now = clock();
              const inserted = await c.query(
                `INSERT INTO watchlists (name, name_key, version, created_at, updated_at, owner_id, owner_name)
               VALUES ($1, $2, 1, $3, $3, $4, $5) RETURNING id`,
                [name, key, now, actor.id, actor.name],
              );
              const id = int(row(inserted.rows[0]), 'id');
              const created = await readList(c, id, actor);
              if (created === null)
                throw new WatchlistStoreError('A created watchlist could not be read back');
              await recordVersion(c, created, actor, 'create', name);
              await notify(c, changeOf(created, null));
              return created;
            }),
        );
      },

      async rename(id, name, expectedVersion) {
        return naming(
          () => name,
          () =>
            versionedWrite(id, expectedVersion, actor, async (c, current) => {
              const key = await ensureNameFree(c, name, id, actor);
              await c.query('UPDATE watchlists SET name = $1, name_key = $2 WHERE id = $3', [name, key, id]);
              return { action: 'rename', detail: `${current.name} → ${name}` };
            }),
        );
      },

      async setVisibility(id, visibility, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, async (c) => {
          await c.query('UPDATE watchlists SET visibility = $1 WHERE id = $2', [visibility, id]);
          return { action: 'visibility', detail: visibility };
        });
      },

      async delete(id, expectedVersion) {
        await transaction(async (c) => {
          await lockOwner(c, actor);
          const owner = await ownerOfList(c, id, true);
          const current = checkWritable(id, owner, await readList(c, id, actor), actor.id, expectedVersion);
          // The name is free again at once; a restore takes it back if it still can.
          await c.query('UPDATE watchlists SET deleted_at = $1, name_key = $2 WHERE id = $3', [
            clock(),
            deletedNameKey(id),
            id,
          ]);
          await notify(c, changeOf(current, null, true));
        });
      },

      async listDeleted() {
        const now = clock();
        const oldest = now - DELETED_KEPT_MS;
        await pool.query('DELETE FROM watchlists WHERE deleted_at IS NOT NULL AND deleted_at <= $1', [
          oldest,
        ]);
        const result = await pool.query(
          `SELECT w.id, w.name, w.deleted_at,
             (SELECT count(*) FROM watchlist_items i WHERE i.watchlist_id = w.id) AS item_count
           FROM watchlists w WHERE w.owner_id = $1 AND w.deleted_at IS NOT NULL AND w.deleted_at > $2
           ORDER BY w.deleted_at DESC, w.id DESC`,
          [actor.id, oldest],
        );
        return result.rows.map((value: unknown): DeletedWatchlist => {
          const r = row(value);
          const deletedAt = int(r, 'deleted_at');
          return {
            id: int(r, 'id'),
            name: text(r, 'name'),
            item_count: int(r, 'item_count'),
            deleted_at: deletedAt,
            purge_at: deletedAt + DELETED_KEPT_MS,
          };
        });
      },

      async restore(id) {
        return transaction(async (c) => {
          await lockOwner(c, actor);
          const found: unknown = (
            await c.query(
              'SELECT owner_id, owner_name, visibility, deleted_at, name FROM watchlists WHERE id = $1 FOR UPDATE',
              [id],
            )
          ).rows[0];
          const r = restorableRow(id, found, actor.id, clock() - DELETED_KEPT_MS);
          await refuseListLimitOf(c, actor);
          const name = text(r, 'name');
          let free: { name: string; key: string } | null = null;
          for (const candidate of restoredNames(name, actor.id)) {
            const taken: unknown = (
              await c.query('SELECT id FROM watchlists WHERE name_key = $1', [candidate.key])
            ).rows[0];
            if (taken === undefined || int(row(taken), 'id') === id) {
              free = candidate;
              break;
            }
          }
          if (free === null) throw nameTaken(name);
          await c.query('UPDATE watchlists SET deleted_at = NULL, name = $1, name_key = $2 WHERE id = $3', [
            free.name,
            free.key,
            id,
          ]);
          const list = await readList(c, id, actor);
          if (list === null) throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
          await notify(c, changeOf(list, null));
          return list;
        });
      },

      async history(id) {
        const list = readableBy(await readList(pool, id, actor));
        if (list === null) return null;
        const result = await pool.query(
          `SELECT version, at, actor_name, action, detail, name, items FROM watchlist_versions
           WHERE watchlist_id = $1 ORDER BY version DESC LIMIT $2`,
          [id, VERSIONS_KEPT],
        );
        return result.rows.map((value: unknown): WatchlistVersion => {
          const r = row(value);
          return {
            version: int(r, 'version'),
            at: int(r, 'at'),
            by: text(r, 'actor_name'),
            action: text(r, 'action'),
            detail: text(r, 'detail'),
            name: text(r, 'name'),
            codes: keptItems(r['items']).map((i) => i.thscode),
          };
        });
      },

      async restoreVersion(id, version, expectedVersion) {
        let restoredName = '';
        return naming(
          () => restoredName,
          () =>
            versionedWrite(id, expectedVersion, actor, async (c, current) => {
              const found: unknown = (
                await c.query(
                  'SELECT name, items FROM watchlist_versions WHERE watchlist_id = $1 AND version = $2',
                  [id, version],
                )
              ).rows[0];
              if (found === undefined) throw versionNotFound(id, version);
              const r = row(found);
              const name = text(r, 'name');
              restoredName = name;
              if (name !== current.name) {
                const key = await ensureNameFree(c, name, id, actor);
                await c.query('UPDATE watchlists SET name = $1, name_key = $2 WHERE id = $3', [
                  name,
                  key,
                  id,
                ]);
              }
              await c.query('DELETE FROM watchlist_items WHERE watchlist_id = $1', [id]);
              await insertItems(c, id, keptItems(r['items']), 0);
              return { action: 'restore_version', detail: String(version) };
            }),
        );
      },

      async checkAddItems(id, thscodes, expectedVersion) {
        // The list and its items in one statement (as of one moment); ownership first, then the batch.
        const current = ownedLive(
          id,
          await ownerOfList(pool, id, false),
          await readList(pool, id, actor),
          actor.id,
        );
        refuseRepeats(thscodes);
        refuseAdd(atVersion(current, expectedVersion), thscodes);
      },

      async addItems(id, items, expectedVersion) {
        const thscodes = items.map((i) => i.thscode);
        // A list that is not the actor's (or not there) is refused before the batch is looked at, as in
        // checkAddItems; the transaction checks again (owners never change).
        ownedLive(id, await ownerOfList(pool, id, false), await readList(pool, id, actor), actor.id);
        refuseRepeats(thscodes);
        return versionedWrite(id, expectedVersion, actor, async (c, current) => {
          refuseAdd(current, thscodes);
          const now = clock();
          await insertItems(
            c,
            id,
            items.map((i) => ({ ...i, note: i.note ?? '', added_at: now })),
            current.items.length,
          );
          return { action: 'add', detail: thscodes.join(', ') };
        });
      },

      async removeItem(id, thscode, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, async (c, current) => {
          const item = findItem(current, thscode);
          await c.query('DELETE FROM watchlist_items WHERE watchlist_id = $1 AND thscode = $2', [
            id,
            thscode,
          ]);
          await c.query(
            'UPDATE watchlist_items SET position = position - 1 WHERE watchlist_id = $1 AND position > $2',
            [id, item.position],
          );
          return { action: 'remove', detail: thscode };
        });
      },

      async reorder(id, thscodes, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, async (c, current) => {
          refuseOrder(current, thscodes);
          await c.query(
            `UPDATE watchlist_items i SET position = o.ord - 1
             FROM unnest($2::text[]) WITH ORDINALITY AS o (thscode, ord)
             WHERE i.watchlist_id = $1 AND i.thscode = o.thscode`,
            [id, [...thscodes]],
          );
          return { action: 'reorder', detail: '' };
        });
      },

      async setNote(id, thscode, note, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, async (c, current) => {
          findItem(current, thscode);
          await c.query('UPDATE watchlist_items SET note = $1 WHERE watchlist_id = $2 AND thscode = $3', [
            note,
            id,
            thscode,
          ]);
          return { action: 'note', detail: thscode };
        });
      },

      feedTokens,

      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },

      async ping() {
        if (closed) return false;
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
        });
        const answered = pool.query('SELECT 1').then(
          () => true,
          () => false,
        );
        try {
          return await Promise.race([answered, late]);
        } finally {
          clearTimeout(timer);
        }
      },

      feedListening: () => feed !== null,

      async close() {
        if (closed) return;
        closed = true;
        listeners.clear();
        if (reconnectTimer !== null) clearTimeout(reconnectTimer);
        const listening = feed;
        feed = null;
        await listening?.end().catch(() => undefined);
        await pool.end();
      },
    };
  }

  return repositoryFor(LOCAL_ACTOR);
}
