import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { expect } from 'vitest';

/**
 * The crash loop of the store tests: a child process (crash-child.ts) writes through a repository in a
 * loop, printing `begin …` before each write and `ack …` once it returned; the parent kills it with
 * SIGKILL at varied points, again and again on the same store, and after each kill compares what the
 * store holds with what the acknowledged writes made it. It may hold at most one more write: the one
 * in flight at the kill, whole. crash.test.ts runs it on an SQLite file, pg-crash.test.ts on PostgreSQL.
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');

/**
 * The child runs as plain JavaScript: under `--import tsx` each start costs close to a second of
 * loader work (zod alone is dozens of modules), which 200 starts cannot afford. esbuild bundles the
 * child and the store's writer thread (sqlite-writer.ts, which the child starts as a worker) once, with
 * the libraries they load on every start (Kysely is some 280 modules as published: loaded one by one it
 * more than doubled a start). What both share goes into chunks beside them, and the PostgreSQL store,
 * imported only for a database URL, into a chunk of its own; the native and driver packages stay
 * outside (node_modules is linked). Returns the child's entry.
 */
export function compileChild(outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(outDir, 'node_modules'), 'dir');
  const { outputFiles } = buildSync({
    entryPoints: [join(here, 'crash-child.ts'), join(here, 'sqlite-writer.ts')],
    outdir: join(outDir, 'watchlists'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3', 'pg'],
    logLevel: 'warning',
    write: false,
  });
  for (const file of outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    // The writer's entry, as sqlite-writer-thread.ts names it: `new URL('./sqlite-writer.ts', …)`.
    writeFileSync(file.path, file.text.replaceAll('"./sqlite-writer.ts"', '"./sqlite-writer.mjs"'));
  }
  return join(outDir, 'watchlists', 'crash-child.mjs');
}

export interface ListState {
  id: number;
  name: string;
  version: number;
  items: { thscode: string; note: string }[];
}
export type State = Map<number, ListState>;

type Op =
  | { kind: 'create'; name: string }
  | { kind: 'add'; id: number; codes: string[] }
  | { kind: 'note'; id: number; thscode: string; note: string };

/** Parses `begin ...` / `ack ...` lines of crash-child.ts. */
function parseLine(line: string): { phase: 'begin' | 'ack'; op: Op; id?: number; version?: number } | null {
  const [phase, kind, ...rest] = line.split(' ');
  if (phase !== 'begin' && phase !== 'ack') return null;
  if (kind === 'create') {
    if (phase === 'begin') return { phase, op: { kind, name: rest[0] ?? '' } };
    return { phase, op: { kind, name: rest[1] ?? '' }, id: Number(rest[0]), version: 1 };
  }
  const id = Number(rest[0]);
  const tail = phase === 'ack' ? rest.slice(2) : rest.slice(1);
  const version = phase === 'ack' ? Number(rest[1]) : undefined;
  if (kind === 'add') return { phase, op: { kind, id, codes: tail }, id, ...(version ? { version } : {}) };
  if (kind === 'note') {
    return {
      phase,
      op: { kind, id, thscode: tail[0] ?? '', note: tail[1] ?? '' },
      id,
      ...(version ? { version } : {}),
    };
  }
  throw new Error(`unexpected child line: ${line}`);
}

function clone(state: State): State {
  return new Map([...state].map(([id, l]) => [id, { ...l, items: l.items.map((i) => ({ ...i })) }]));
}

/** `state` after `op`; for a create, the new list's id is whatever the database gave it. */
function apply(state: State, op: Op, createdId: number | undefined): State {
  const next = clone(state);
  if (op.kind === 'create') {
    if (createdId === undefined) return next;
    next.set(createdId, { id: createdId, name: op.name, version: 1, items: [] });
    return next;
  }
  const list = next.get(op.id);
  if (list === undefined) throw new Error(`write to unknown list ${op.id}`);
  list.version += 1;
  if (op.kind === 'add') for (const thscode of op.codes) list.items.push({ thscode, note: '' });
  else {
    const item = list.items.find((i) => i.thscode === op.thscode);
    if (item === undefined) throw new Error(`note on unknown item ${op.thscode}`);
    item.note = op.note;
  }
  return next;
}

function canonical(state: State): string {
  return JSON.stringify([...state.values()].sort((a, b) => a.id - b.id));
}

/** Deterministic choices of the parent (where to kill), so a failing run can be replayed by seed. */
function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x1_0000_0000;
  };
}

interface Run {
  lines: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Starts the child and kills it: right away (mid-open or mid-migration), at `ready`, after some acks,
 * or at the next `begin` after some acks (just before a write starts). Resolves once the child is gone
 * and all of its output has been read.
 */
function runOnce(childJs: string, target: string, seed: number, random: () => number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childJs, target, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let stderr = '';
    let partial = '';
    const r = random();
    const mode = r < 0.08 ? 'immediately' : r < 0.16 ? 'ready' : r < 0.5 ? 'begin' : 'ack';
    const acksBeforeKill = 1 + Math.floor(random() * 6);
    let acks = 0;
    let killed = false;
    const kill = () => {
      if (!killed) {
        killed = true;
        child.kill('SIGKILL');
      }
    };
    if (mode === 'immediately') kill();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line.startsWith('ack ')) acks += 1;
        if (mode === 'ready' && line === 'ready') kill();
        if (mode === 'ack' && acks >= acksBeforeKill) kill();
        if (mode === 'begin' && acks >= acksBeforeKill && line.startsWith('begin ')) kill();
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    // 'close' comes after the process is gone and its pipes are drained: every printed ack is in `lines`.
    child.on('close', (_code, signal) => resolve({ lines, signal, stderr }));
  });
}

export interface CrashFigures {
  totalAcks: number;
  lists: number;
  /** Kills that landed after a commit but before its ack (the write is there). */
  inFlightCommitted: number;
  /** Kills that landed during a write that did not commit (it is not there). */
  inFlightLost: number;
}

/**
 * Runs the child `kills` times against `target` (a file path or a database URL) and checks after each
 * kill that `inspect()` (the store as a fresh process reads it) holds exactly the acknowledged writes,
 * plus at most the write in flight, whole.
 */
export async function crashLoop(options: {
  childJs: string;
  target: string;
  kills: number;
  seed: number;
  inspect: (run: number) => Promise<{ state: State; densePositions: boolean }>;
}): Promise<CrashFigures> {
  const random = prng(options.seed);
  let model: State = new Map();
  const figures: CrashFigures = { totalAcks: 0, lists: 0, inFlightCommitted: 0, inFlightLost: 0 };

  for (let run = 0; run < options.kills; run++) {
    const seed = 1 + Math.floor(random() * 1e9);
    const { lines, signal, stderr } = await runOnce(options.childJs, options.target, seed, random);
    expect(signal, `run ${run}: the child died of something else:\n${stderr}`).toBe('SIGKILL');

    let pending: Op | null = null;
    for (const line of lines) {
      const parsed = parseLine(line);
      if (parsed === null) continue;
      if (parsed.phase === 'begin') {
        pending = parsed.op;
        continue;
      }
      figures.totalAcks += 1;
      const before = parsed.op.kind === 'create' ? undefined : model.get(parsed.op.id)?.version;
      model = apply(model, parsed.op, parsed.id);
      if (before !== undefined) expect(parsed.version, `run ${run}: ${line}`).toBe(before + 1);
      pending = null;
    }

    const found = await options.inspect(run);
    expect(found.densePositions, `run ${run}`).toBe(true);

    const acked = canonical(model);
    const actual = canonical(found.state);
    if (actual === acked) {
      if (pending !== null) figures.inFlightLost += 1;
      continue;
    }
    // The only other acceptable state: the write in flight at the kill, committed whole.
    expect(
      pending,
      `run ${run}: state differs from the acknowledged writes and nothing was in flight`,
    ).not.toBeNull();
    if (pending === null) break;
    const createdId =
      pending.kind === 'create' ? [...found.state.keys()].find((id) => !model.has(id)) : undefined;
    const withPending = apply(model, pending, createdId);
    expect(actual, `run ${run}: neither the acknowledged state nor it plus the write in flight`).toBe(
      canonical(withPending),
    );
    figures.inFlightCommitted += 1;
    model = withPending;
  }
  figures.lists = model.size;
  return figures;
}

/** Builds the state from rows of lists (id, name, version) and items (in list and position order). */
export function stateOf(
  lists: readonly { id: number; name: string; version: number }[],
  items: readonly { watchlist_id: number; thscode: string; note: string; position: number }[],
): { state: State; densePositions: boolean } {
  const state: State = new Map();
  for (const l of lists) state.set(l.id, { id: l.id, name: l.name, version: l.version, items: [] });
  let densePositions = true;
  for (const item of items) {
    const list = state.get(item.watchlist_id);
    if (list === undefined) throw new Error(`orphan item ${item.thscode}`);
    if (item.position !== list.items.length) densePositions = false;
    list.items.push({ thscode: item.thscode, note: item.note });
  }
  return { state, densePositions };
}
