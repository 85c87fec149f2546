/**
 * The watchlist database's migrations, in order: migration n brings the schema from version n-1 to n
 * (`PRAGMA user_version`). Each is frozen SQL text as it was released and never reads a live constant
 * (limits, asset types): a database made by an old release must come out of the same steps the same
 * way, whatever the code says today. Never edit a released one: append a new one. The test
 * `migrations.test.ts` holds the fingerprint of each released migration and opens databases made by
 * old releases with the current store.
 */
export const MIGRATIONS: readonly string[] = [
  // 1 (released in 0.1.0): lists and items. The CHECKs restate the limits and asset types of that
  // release on purpose; widening them later takes a migration of its own.
  `
      CREATE TABLE watchlists (
        -- AUTOINCREMENT: a deleted list's id is never reused, so a stale tab cannot write into a new list.
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        version INTEGER NOT NULL CHECK (version >= 1),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE watchlist_items (
        watchlist_id INTEGER NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
        thscode TEXT NOT NULL,
        asset_type TEXT NOT NULL CHECK (asset_type IN ('a-share', 'a-share-index', 'fund-etf', 'fund-lof', 'fund-otc', 'fund-reits', 'futures', 'options')),
        name TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
        position INTEGER NOT NULL CHECK (position >= 0),
        added_at INTEGER NOT NULL,
        PRIMARY KEY (watchlist_id, thscode)
      ) WITHOUT ROWID;
      CREATE INDEX watchlist_items_order ON watchlist_items (watchlist_id, position);
    `,
  // 2: owners, visibility, soft deletion and version history (sign-in for shared use). Lists made
  // before it belong to the local user ('local', the only user without sign-in), stay private, and get
  // their current state as their first recorded version. name_key gains the owner in front, so its
  // UNIQUE constraint now means "one name per owner".
  `
      ALTER TABLE watchlists ADD COLUMN owner_id TEXT NOT NULL DEFAULT 'local';
      ALTER TABLE watchlists ADD COLUMN owner_name TEXT NOT NULL DEFAULT 'local';
      ALTER TABLE watchlists ADD COLUMN visibility TEXT NOT NULL DEFAULT 'private'
        CHECK (visibility IN ('private', 'team'));
      ALTER TABLE watchlists ADD COLUMN deleted_at INTEGER;
      UPDATE watchlists SET name_key = 'local' || char(31) || name_key;
      CREATE INDEX watchlists_owner ON watchlists (owner_id, deleted_at);
      CREATE INDEX watchlists_visible ON watchlists (visibility, deleted_at);
      CREATE TABLE watchlist_versions (
        watchlist_id INTEGER NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        at INTEGER NOT NULL,
        actor_id TEXT NOT NULL,
        actor_name TEXT NOT NULL,
        action TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL,
        -- JSON array of the items in order: thscode, asset_type, name, note, added_at.
        items TEXT NOT NULL,
        PRIMARY KEY (watchlist_id, version)
      ) WITHOUT ROWID;
      INSERT INTO watchlist_versions (watchlist_id, version, at, actor_id, actor_name, action, detail, name, items)
        SELECT w.id, w.version, w.updated_at, 'local', 'local', 'snapshot', '', w.name,
          (SELECT json_group_array(json_object('thscode', i.thscode, 'asset_type', i.asset_type,
              'name', i.name, 'note', i.note, 'added_at', i.added_at))
           FROM (SELECT * FROM watchlist_items WHERE watchlist_id = w.id ORDER BY position) i)
        FROM watchlists w;
    `,
  // 3: calendar feed tokens (a secret calendar address per user, for servers with sign-in): at most one
  // per user, kept as the SHA-256 of the token (hex) and the nonce it was derived from, never the token.
  `
      CREATE TABLE calendar_feed_tokens (
        user_id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
        nonce TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
];

/** The schema version this code writes; a database with a higher one was written by a newer server. */
export const SCHEMA_VERSION = MIGRATIONS.length;
