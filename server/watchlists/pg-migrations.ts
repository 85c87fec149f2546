/**
 * The PostgreSQL watchlist database's migrations, in order: migration n brings the schema from version
 * n-1 to n. Like the SQLite ones (migrations.ts) each is frozen SQL text as it was released and never
 * reads a live constant (limits, asset types): a database made by an old release must come out of the
 * same steps the same way, whatever the code says today. Never edit a released one: append a new one.
 * `pg-migrations.test.ts` holds the fingerprint of each released migration (and of the tracking table)
 * and upgrades databases made by old releases with the current store.
 *
 * The store applies them (pg-repository.ts `migratePg`) in one transaction under an advisory lock, so
 * replicas that start together apply each once; `watchlist_migrations` records which are applied.
 */

/** The table that records applied migrations; created before the first one, and frozen like them. */
export const PG_MIGRATIONS_TABLE = `
      CREATE TABLE IF NOT EXISTS watchlist_migrations (
        version integer PRIMARY KEY CHECK (version >= 1),
        applied_at timestamptz NOT NULL DEFAULT now()
      );
    `;

export const PG_MIGRATIONS: readonly string[] = [
  // 1: lists with owners, visibility and soft deletion; items; version history. The schema of SQLite
  // migrations 1 and 2 together. Times are Unix ms (bigint). The CHECKs restate the asset types and the
  // note limit of this release on purpose; widening them later takes a migration of its own.
  `
      CREATE TABLE watchlists (
        -- An identity is never handed out twice (even by a rolled-back insert), so a stale tab cannot
        -- write into a new list.
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL,
        -- owner id, U+001F, the name in NFKC lower case: its UNIQUE constraint is "one name per owner".
        name_key text NOT NULL UNIQUE,
        version integer NOT NULL CHECK (version >= 1),
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        owner_id text NOT NULL,
        owner_name text NOT NULL,
        visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'team')),
        deleted_at bigint
      );
      CREATE INDEX watchlists_owner ON watchlists (owner_id, deleted_at);
      CREATE INDEX watchlists_visible ON watchlists (visibility, deleted_at);
      CREATE TABLE watchlist_items (
        watchlist_id bigint NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
        thscode text NOT NULL,
        asset_type text NOT NULL CHECK (asset_type IN ('a-share', 'a-share-index', 'fund-etf', 'fund-lof', 'fund-otc', 'fund-reits', 'futures', 'options')),
        name text NOT NULL,
        note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
        position integer NOT NULL CHECK (position >= 0),
        added_at bigint NOT NULL,
        PRIMARY KEY (watchlist_id, thscode),
        -- Checked at commit: a reorder moves positions one row at a time.
        CONSTRAINT watchlist_items_position UNIQUE (watchlist_id, position) DEFERRABLE INITIALLY DEFERRED
      );
      CREATE TABLE watchlist_versions (
        watchlist_id bigint NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
        version integer NOT NULL,
        at bigint NOT NULL,
        actor_id text NOT NULL,
        actor_name text NOT NULL,
        action text NOT NULL,
        detail text NOT NULL DEFAULT '',
        name text NOT NULL,
        -- The items in order: [{ thscode, asset_type, name, note, added_at }].
        items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array'),
        PRIMARY KEY (watchlist_id, version)
      );
    `,
  // 2: calendar feed tokens, as SQLite migration 3: at most one per user, kept as the SHA-256 of the
  // token (hex) and the nonce it was derived from, never the token.
  `
      CREATE TABLE calendar_feed_tokens (
        user_id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE CHECK (char_length(token_hash) = 64),
        nonce text NOT NULL,
        created_at bigint NOT NULL
      );
    `,
];

/** The schema version this code writes; a database with a higher one was written by a newer server. */
export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;
