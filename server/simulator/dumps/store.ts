import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, statSync, utimesSync } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '../../../src/contract/envelope';
import type { RawQuery } from '../../../src/contract/params';
import { DUMP_KINDS, DUMP_LINK_TTL_MS, type DumpKind } from '../../../src/contract/operations/market-dumps';
import { dateOf, tradingDayAt } from '../model/calendar';
import { dumpDataIndex, dumpFromIndex, dumpRelease, dumpStocks, type DumpCodes } from '../model/dumps';
import { SimError, type DumpLink, type DumpLinks } from '../route';
import { dumpJobResult, type DumpJob } from './job';

/**
 * The simulator's dump files and their signed links, as the real service's storage serves them: the
 * signing operations answer a link to `/dump-files/<kind>/<release>/<kind>.parquet?expires=…&signature=…`
 * (an HMAC of the path and expiry with a secret of this process, DUMP_LINK_TTL_MS after the request's
 * clock). The file route needs no API key but refuses an altered or expired link with 403.
 *
 * A dump is generated for its data date on the first request for it (or by `prepare`), in worker
 * threads (`worker.ts`), one dump at a time; until its file exists the signing operation answers 4040.
 * Files are kept in a folder by release (data date + fingerprint of the content), so a restart on the
 * same data date serves the file already there; older releases of a kind are removed once a newer is.
 */

/** Path of the file route (the simulator's stand-in for the storage bucket). */
export const DUMP_FILE_ROUTE = '/dump-files';
/** Codes per writer thread below which one thread writes the whole dump. */
const CODES_PER_WORKER = 500;
const RELEASE_RE = /^\d{8}-[0-9a-f]{10}$/;
const RELEASE_FILE_RE = /^\d{8}-[0-9a-f]{10}\.parquet$/;
/** Files of other releases are removed once unused for this long. */
const PRUNE_AFTER_MS = 24 * 3600_000;
const SIGNATURE_RE = /^[0-9a-f]{64}$/;

export interface DumpStoreOptions {
  /** Folder of the generated files (default: `market-sim-dumps` in the OS temp folder). */
  dir?: string;
  /** Which stocks the dumps hold (default all; tests and e2e runs take a few). */
  codes?: DumpCodes;
  /** Writer threads for the bar dumps (default 2, one per core of the target machine). */
  workers?: number;
  /** Key of the links' signatures (default: random, so links die with the process). */
  secret?: string;
}

/** The answer to a file request: the file, or the status and plain-text message of a refusal. */
export type DumpFileAnswer =
  { ok: true; path: string; size: number } | { ok: false; status: 403 | 404; message: string };

export interface DumpStore extends DumpLinks {
  readonly dir: string;
  /** Generates the dumps (all kinds unless given) of the data date at `now`; resolves when they exist. */
  prepare(now: number, kinds?: readonly DumpKind[]): Promise<void>;
  /** Checks a file request (route parameters and query) at the clock `now`. */
  file(params: { kind: string; release: string; file: string }, query: RawQuery, now: number): DumpFileAnswer;
  /** Stops the writer threads (a dump being generated is left unfinished, and generated again later). */
  close(): Promise<void>;
}

interface Build {
  state: 'building' | 'ready' | 'failed';
  promise: Promise<void>;
  error: string | null;
}

/**
 * Starts a writer thread. Under tsx and vitest the worker is TypeScript: a worker does not inherit the
 * main thread's loader hooks, so it starts from a line of JavaScript that loads the entry through tsx's
 * require hook (as sqlite-writer-thread.ts does for its writer).
 */
function startWorker(job: DumpJob): Worker {
  const here = import.meta.url;
  const file = fileURLToPath(new URL('./worker.ts', here));
  if (!file.endsWith('.ts')) return new Worker(file, { workerData: job });
  const tsx = createRequire(here).resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(file)}, ${JSON.stringify(file)});`;
  return new Worker(code, { eval: true, workerData: job });
}

function queryValue(query: RawQuery, name: string): string | null {
  const value = query[name];
  return typeof value === 'string' ? value : null;
}

function isDumpKind(kind: string): kind is DumpKind {
  return (DUMP_KINDS as readonly string[]).includes(kind);
}

export function createDumpStore(options: DumpStoreOptions = {}): DumpStore {
  const dir = options.dir ?? join(tmpdir(), 'market-sim-dumps');
  const codes = options.codes ?? 'all';
  const workers = Math.max(1, options.workers ?? 2);
  const secret = options.secret ?? randomBytes(32);
  const builds = new Map<string, Build>();
  const releases = new Map<string, { release: string; codes: readonly string[] }>();
  const running = new Set<Worker>();
  let tail: Promise<void> = Promise.resolve();
  let closed = false;

  const fileOf = (kind: DumpKind, release: string) => join(dir, kind, `${release}.parquet`);
  const sign = (kind: DumpKind, release: string, expires: number) =>
    createHmac('sha256', secret).update(`${kind}/${release}/${expires}`).digest('hex');

  function scopeOf(kind: DumpKind, dataIndex: number) {
    const key = `${kind}@${dataIndex}`;
    let scope = releases.get(key);
    if (scope === undefined) {
      const stocks = dumpStocks(dataIndex, codes);
      scope = { release: dumpRelease(kind, dataIndex, stocks), codes: stocks.map((s) => s.thscode) };
      if (releases.size > 32) releases.clear();
      releases.set(key, scope);
    }
    return scope;
  }

  function runJob(job: DumpJob): Promise<number> {
    return new Promise((resolve, reject) => {
      if (closed) {
        reject(new Error('The dump store is closed'));
        return;
      }
      const worker = startWorker(job);
      running.add(worker);
      let answered = false;
      worker.on('message', (message: unknown) => {
        answered = true;
        const result = dumpJobResult.safeParse(message);
        if (!result.success) reject(new Error('A dump writer answered something else than a result'));
        else if (result.data.ok) resolve(result.data.rows);
        else reject(new Error(result.data.error));
      });
      worker.on('error', (err) => {
        answered = true;
        reject(err);
      });
      worker.on('exit', (code) => {
        running.delete(worker);
        if (!answered) reject(new Error(`A dump writer stopped (exit code ${code})`));
      });
    });
  }

  /** Writes one dump into a folder of its own, then moves the file into place (readers see all or nothing). */
  async function generate(kind: DumpKind, dataIndex: number, release: string, stockCodes: readonly string[]) {
    const folder = join(dir, kind);
    const work = join(folder, `.${release}.${process.pid}.${randomBytes(4).toString('hex')}`);
    await mkdir(work, { recursive: true });
    try {
      const out = join(work, `${kind}.parquet`);
      const codesList = [...stockCodes];
      if (kind === 'adjustment-factors') {
        await runJob({ op: 'adjustment-factors', codes: codesList, to: dataIndex, out });
      } else {
        const from = dumpFromIndex(kind, dataIndex);
        const threads = Math.min(workers, Math.max(1, Math.ceil(codesList.length / CODES_PER_WORKER)));
        const size = Math.ceil(codesList.length / threads);
        const slices = Array.from({ length: threads }, (_, i) => codesList.slice(i * size, (i + 1) * size));
        if (slices.length === 1) {
          await runJob({ op: 'daily-k', codes: codesList, from, to: dataIndex, out });
        } else {
          const parts = slices.map((_, i) => join(work, `part-${i}.parquet`));
          await Promise.all(
            slices.map((slice, i) =>
              runJob({ op: 'daily-k', codes: slice, from, to: dataIndex, out: parts[i] ?? out }),
            ),
          );
          await runJob({ op: 'concat', parts, out });
        }
      }
      await rename(out, fileOf(kind, release));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    await pruneOthers(kind, release);
  }

  /**
   * Removes the other releases of a kind that nobody used for a day (a file in use is touched when it is
   * found again, and generated again should it be gone).
   */
  async function pruneOthers(kind: DumpKind, release: string) {
    const folder = join(dir, kind);
    const before = Date.now() - PRUNE_AFTER_MS;
    for (const name of await readdir(folder)) {
      if (!RELEASE_FILE_RE.test(name) || name === `${release}.parquet`) continue;
      const path = join(folder, name);
      const stat = await lstat(path).catch(() => null);
      if (stat !== null && stat.mtimeMs < before) await rm(path, { force: true });
    }
  }

  function ensure(kind: DumpKind, dataIndex: number): Build {
    const { release, codes: stockCodes } = scopeOf(kind, dataIndex);
    const key = `${kind}/${release}`;
    const known = builds.get(key);
    if (known?.state === 'building' || (known?.state === 'ready' && existsSync(fileOf(kind, release)))) {
      return known;
    }
    if (existsSync(fileOf(kind, release))) {
      const now = new Date();
      utimesSync(fileOf(kind, release), now, now);
      const ready: Build = { state: 'ready', promise: Promise.resolve(), error: null };
      builds.set(key, ready);
      return ready;
    }
    const build: Build = { state: 'building', promise: Promise.resolve(), error: null };
    build.promise = tail
      .then(() => generate(kind, dataIndex, release, stockCodes))
      .then(
        () => {
          build.state = 'ready';
        },
        (err: unknown) => {
          build.state = 'failed';
          build.error = err instanceof Error ? err.message : String(err);
          throw err;
        },
      );
    tail = build.promise.catch(() => undefined);
    // Nobody may wait for it (a link request only starts it): a failure is kept in the build.
    build.promise.catch(() => undefined);
    builds.set(key, build);
    return build;
  }

  return {
    dir,
    link(kind: DumpKind, now: number, origin: string): DumpLink {
      const dataIndex = dumpDataIndex(now);
      const build = ensure(kind, dataIndex);
      if (build.state !== 'ready') {
        throw new SimError(
          ErrorCode.DUMP_NOT_READY,
          `The ${kind} dump of ${dateOf(tradingDayAt(dataIndex))} is being prepared; try again in a minute`,
        );
      }
      const { release } = scopeOf(kind, dataIndex);
      const expires = now + DUMP_LINK_TTL_MS;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(kind, release, expires),
      });
      return {
        presigned_url: `${origin}${DUMP_FILE_ROUTE}/${kind}/${release}/${kind}.parquet?${query.toString()}`,
        presigned_url_expires_at: new Date(expires).toISOString(),
      };
    },

    async prepare(now, kinds = DUMP_KINDS) {
      const dataIndex = dumpDataIndex(now);
      await Promise.all(kinds.map((kind) => ensure(kind, dataIndex).promise));
    },

    file(params, query, now) {
      const expiresText = queryValue(query, 'expires');
      const signature = queryValue(query, 'signature');
      const { kind, release, file } = params;
      const denied = { ok: false, status: 403, message: 'Signature does not match' } as const;
      if (
        !isDumpKind(kind) ||
        file !== `${kind}.parquet` ||
        !RELEASE_RE.test(release) ||
        expiresText === null ||
        !/^\d{1,16}$/.test(expiresText) ||
        signature === null ||
        !SIGNATURE_RE.test(signature)
      ) {
        return denied;
      }
      const expires = Number(expiresText);
      const expected = Buffer.from(sign(kind, release, expires), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return denied;
      if (now > expires) return { ok: false, status: 403, message: 'Request has expired' };
      const path = fileOf(kind, release);
      if (!existsSync(path)) return { ok: false, status: 404, message: 'The specified key does not exist' };
      return { ok: true, path, size: statSync(path).size };
    },

    async close() {
      closed = true;
      await Promise.all([...running].map((w) => w.terminate()));
    },
  };
}
