import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { SCHEMA_VERSION } from './migrations';
import { openSqliteWatchlistRepository, type SqliteWatchlistRepository } from './sqlite-repository';

/**
 * Online backups of the watchlist database (SQLite's backup API through better-sqlite3: a consistent
 * copy taken while the server keeps serving) every `intervalMs` into `dir`, keeping the newest `keep`;
 * and the restore that puts one back (`npm run watchlists:restore -- <backup> [database]`).
 */

export interface BackupOptions {
  dir: string;
  keep: number;
  intervalMs: number;
}

const NAME_RE = /^watchlists-\d{8}T\d{6}(\d{3})?Z\.sqlite$/;

/** `watchlists-20260715T021000123Z.sqlite`: sorts by time. */
export function backupName(at: number): string {
  const stamp = new Date(at).toISOString().replace(/[-:.]/g, '');
  return `watchlists-${stamp}.sqlite`;
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => NAME_RE.test(f))
    .sort()
    .map((f) => join(dir, f));
}

export async function takeBackup(
  repo: SqliteWatchlistRepository,
  options: Pick<BackupOptions, 'dir' | 'keep'>,
  now: number = Date.now(),
): Promise<string> {
  mkdirSync(options.dir, { recursive: true });
  const target = join(options.dir, backupName(now));
  await repo.backup(target);
  const all = listBackups(options.dir);
  for (const old of all.slice(0, Math.max(0, all.length - options.keep))) rmSync(old, { force: true });
  return target;
}

export interface BackupSchedule {
  stop(): void;
}

export function scheduleBackups(
  repo: SqliteWatchlistRepository,
  options: BackupOptions,
  onResult: (result: { ok: true; path: string } | { ok: false; error: unknown }) => void,
): BackupSchedule {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    takeBackup(repo, options)
      .then(
        (path) => onResult({ ok: true, path }),
        (error: unknown) => onResult({ ok: false, error }),
      )
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

/** Checks that a file is a watchlist database this server can open, without changing it. */
function checkBackup(path: string): void {
  if (!existsSync(path)) throw new RestoreError(`No backup at ${path}`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch {
    throw new RestoreError(`${path} is not an SQLite database`);
  }
  try {
    const integrity: unknown = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new RestoreError(`${path} is damaged: ${String(integrity)}`);
    const version: unknown = db.pragma('user_version', { simple: true });
    if (typeof version !== 'number' || version < 1 || version > SCHEMA_VERSION) {
      throw new RestoreError(
        `${path} is not a watchlist database this server can read (schema ${String(version)})`,
      );
    }
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'watchlists'")
      .get();
    if (table === undefined) throw new RestoreError(`${path} holds no watchlists`);
  } finally {
    db.close();
  }
}

/**
 * Puts the backup at `backupPath` in place of the database at `databasePath` (stop the server first).
 * The database it replaces is kept beside it as `<database>.before-restore-<time>`, so a restore loses
 * nothing either; the restored database is opened once with the store (migrated if older) to prove it
 * works. Returns where the replaced database went, or null when there was none.
 */
export async function restoreBackup(
  backupPath: string,
  databasePath: string,
  now: number = Date.now(),
): Promise<string | null> {
  checkBackup(backupPath);
  mkdirSync(dirname(databasePath), { recursive: true });
  let kept: string | null = null;
  if (existsSync(databasePath)) {
    // The running server would hold a lock: an exclusive one cannot be had while it runs.
    const current = new Database(databasePath, { timeout: 0 });
    try {
      current.pragma('wal_checkpoint(TRUNCATE)');
      current.exec('BEGIN EXCLUSIVE; COMMIT;');
    } catch {
      current.close();
      throw new RestoreError(`${databasePath} is in use: stop the server before restoring`);
    }
    current.close();
    kept = `${databasePath}.before-restore-${new Date(now).toISOString().replace(/[-:.]/g, '')}`;
    copyFileSync(databasePath, kept);
  }
  const source = new Database(backupPath, { readonly: true });
  try {
    await source.backup(databasePath);
  } finally {
    source.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${databasePath}${suffix}`, { force: true });
  const repo = openSqliteWatchlistRepository(databasePath);
  try {
    await repo.list();
  } finally {
    await repo.close();
  }
  return kept;
}
