import type { ColumnType, Generated } from 'kysely';
import type { WatchlistVisibility } from './repository';

/**
 * The watchlist store's tables as the queries (store-queries.ts) see them: the same on SQLite
 * (migrations.ts) and PostgreSQL (pg-migrations.ts). The types are what the queries write; what comes
 * back is still read through store-rules.ts's guards (ids and times are bigint in PostgreSQL, JSON is
 * text in SQLite).
 */
export interface StoreTables {
  watchlists: WatchlistsTable;
  watchlist_items: WatchlistItemsTable;
  watchlist_versions: WatchlistVersionsTable;
  calendar_feed_tokens: CalendarFeedTokensTable;
}

interface WatchlistsTable {
  id: Generated<number>;
  name: string;
  /** nameKey(owner, name) of a live list, deletedNameKey(id) of a deleted one: UNIQUE. */
  name_key: string;
  version: number;
  created_at: number;
  updated_at: number;
  owner_id: string;
  owner_name: string;
  visibility: ColumnType<WatchlistVisibility, WatchlistVisibility | undefined, WatchlistVisibility>;
  deleted_at: number | null;
}

interface WatchlistItemsTable {
  watchlist_id: number;
  thscode: string;
  asset_type: string;
  name: string;
  note: string;
  position: number;
  added_at: number;
}

interface WatchlistVersionsTable {
  watchlist_id: number;
  version: number;
  at: number;
  actor_id: string;
  actor_name: string;
  action: string;
  detail: string;
  name: string;
  /** The items in order, as JSON text (SQLite TEXT, PostgreSQL jsonb). */
  items: ColumnType<unknown, string, string>;
}

interface CalendarFeedTokensTable {
  user_id: string;
  token_hash: string;
  nonce: string;
  created_at: number;
}
