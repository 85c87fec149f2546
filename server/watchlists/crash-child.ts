import { writeSync } from 'node:fs';
import { WATCHLIST_LIMITS } from '../../src/contract/watchlist-constants';
import type { NewItem, WatchlistRepository } from './repository';
import { openSqliteWatchlistRepository } from './sqlite-repository';

/**
 * The writer of crash.test.ts and pg-crash.test.ts (crash.testkit.ts runs it):
 * `node crash-child.mjs <db> <seed>`, where <db> is an SQLite file or a postgres:// URL (the PostgreSQL
 * store is loaded only then). Writes through the repository in a loop until it is killed. Before each
 * write it prints what it is about to do (`begin ...`), and after the write returned, which means after
 * the commit, `ack ...` with the version the list reached. Lines are written synchronously so that an
 * ack printed is an ack the parent can read.
 *
 *   begin create <name>            ack create <id> <name>
 *   begin add <id> <code>...       ack add <id> <version> <code>...
 *   begin note <id> <code> <note>  ack note <id> <version> <code> <note>
 */

const [target, seedText] = process.argv.slice(2);
if (target === undefined) throw new Error('usage: crash-child.ts <db file or postgres:// URL> [seed]');

let seed = Number(seedText ?? '1') >>> 0 || 1;
/** xorshift32: the child's choices follow the seed the parent gave. */
function random(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed / 0x1_0000_0000;
}

function say(line: string): void {
  writeSync(1, `${line}\n`);
}

async function open(db: string): Promise<WatchlistRepository> {
  if (!/^postgres(ql)?:\/\//.test(db)) return openSqliteWatchlistRepository(db);
  const { openPgWatchlistRepository } = await import('./pg-repository');
  return openPgWatchlistRepository(db, { poolSize: 1 });
}

const repo = await open(target);
say('ready');

/** Next code number: above every code already stored, whatever run wrote it. */
let next = 100_000;
for (const summary of await repo.list()) {
  for (const item of (await repo.get(summary.id))?.items ?? []) {
    next = Math.max(next, Number.parseInt(item.thscode, 10) + 1);
  }
}
let notes = 0;

for (;;) {
  const lists = await repo.list();
  const open = lists.filter((l) => l.item_count < WATCHLIST_LIMITS.items_per_list - 3);
  const target = open[open.length - 1];
  if (target === undefined) {
    const name = `crash-${lists.length + 1}`;
    say(`begin create ${name}`);
    const created = await repo.create(name);
    say(`ack create ${created.id} ${created.name}`);
    continue;
  }
  const list = await repo.get(target.id);
  if (list === null) throw new Error(`list ${target.id} vanished`);
  const noteOn = list.items[Math.floor(random() * list.items.length)];
  if (noteOn !== undefined && random() < 0.25) {
    const note = `n${seed % 1000}-${notes++}`;
    say(`begin note ${list.id} ${noteOn.thscode} ${note}`);
    const after = await repo.setNote(list.id, noteOn.thscode, note, list.version);
    say(`ack note ${list.id} ${after.version} ${noteOn.thscode} ${note}`);
    continue;
  }
  const items: NewItem[] = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
    thscode: `${next++}.SH`,
    asset_type: 'a-share',
    name: 'crash',
  }));
  const codes = items.map((i) => i.thscode).join(' ');
  say(`begin add ${list.id} ${codes}`);
  const after = await repo.addItems(list.id, items, list.version);
  say(`ack add ${list.id} ${after.version} ${codes}`);
}
