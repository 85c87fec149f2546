import { restoreBackup, RestoreError } from './backup';

/**
 * `npm run watchlists:restore -- <backup file> [database]`: puts a backup (BACKUP_DIR) back as the
 * watchlist database (WATCHLIST_DB, or data/watchlists.sqlite). Stop the server first.
 */

const [backup, target = process.env['WATCHLIST_DB'] ?? 'data/watchlists.sqlite'] = process.argv.slice(2);
if (backup === undefined) {
  console.error('Usage: npm run watchlists:restore -- <backup file> [database file]');
  process.exit(2);
}
try {
  const kept = await restoreBackup(backup, target);
  console.log(`Restored ${backup} into ${target}.`);
  if (kept !== null) console.log(`The database it replaced is kept as ${kept}.`);
} catch (err) {
  console.error(err instanceof RestoreError ? err.message : err);
  process.exit(1);
}
