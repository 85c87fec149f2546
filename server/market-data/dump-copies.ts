import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { catalog } from '../../src/contract/catalog';
import { BUSINESS_ERROR_HTTP_STATUS, ErrorCode } from '../../src/contract/envelope';
import { dumpKindSchema } from '../../src/contract/market-data';
import { dumpOperationId } from '../../src/contract/operations/market-dumps';
import type { DumpKind } from '../../src/contract/operations/market-dumps';
import { newRequestId } from '../gateway/request-id';
import type { Ticker } from '../gateway/ticker';
import type { Upstream } from '../gateway/upstream-client';
import { RELEASE_RE, releaseOf } from './dump-links';
import type { Leases } from './lease';

/**
 * The BFF's copies of the service's dumps in DUMP_DIR: at most one upstream signing call per dump per
 * data day (through the gateway: budget, breakers, redaction), then a plain download of the link it
 * answered (not an API call: no key, no budget), written to a temporary file, hashed on the way and
 * renamed into place, with a manifest naming the copy of that day. Every client of the BFF gets links
 * to these copies; the upstream's link is used once and never leaves this module (it is neither logged
 * nor answered nor kept on disk).
 *
 * Several replicas: the replica that holds the lease `dump:<kind>:<day>` signs and downloads; it keeps
 * the lease for the rest of the day (so no other replica signs that dump again that day) and the
 * others find the copy in DUMP_DIR when they share that folder (the deployment mounts one volume for
 * it). A replica that finds neither a copy nor the lease answers "not ready" and tries again later.
 */

export interface DumpCopy {
  kind: DumpKind;
  /** The data day (`yyyy-MM-dd`, Shanghai) it was taken for. */
  day: string;
  release: string;
  path: string;
  sha256: string;
  bytes: number;
  fetchedAt: number;
}

export type CopyResult =
  | { ok: true; copy: DumpCopy }
  | {
      ok: false;
      /** The envelope code a client gets (4040 when the service's file is not ready yet). */
      code: number;
      /** 200 with a business code (BUSINESS_ERROR_HTTP_STATUS); the gateway's status for a transport failure. */
      httpStatus: number;
      /** For clients and the status (no link, no key). */
      message: string;
      /** For the log only (still no link, no key). */
      detail: string;
    };

export interface DumpCopiesOptions {
  dir: string;
  /** The gateway's upstream (gateway.upstream). */
  upstream: Upstream;
  leases: Leases;
  ticker: Ticker;
  /**
   * The market clock the service's link expiries are written in (pinned by SIM_NOW on the simulator, whose
   * links expire five minutes after its own clock); real time when not given.
   */
  clock?: () => number;
  /** Idle time allowed while downloading (headers, then between chunks). */
  downloadIdleTimeoutMs?: number;
  /** Tests replace the file writer (a disk that fills). */
  createWriter?: (path: string) => Writable;
}

/** After the service said "not ready" (4040), it is not asked again for this long. */
export const NOT_READY_RETRY_MS = 60_000;
/** How long a replica may take to sign and download before another may try. */
const COPY_LEASE_MS = 30 * 60_000;
/** Once a day's copy is made, its lease is kept this long: no other replica signs that dump that day. */
const DONE_LEASE_MS = 36 * 3_600_000;
/** Copies kept per dump (the newest, and the one before it for links handed out just before). */
const KEEP_COPIES = 2;

const manifestSchema = z.object({
  kind: dumpKindSchema,
  day: z.string(),
  release: z.string().regex(RELEASE_RE),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number(),
  fetchedAt: z.number(),
});

const linkSchema = z.object({
  presigned_url: z.url({ protocol: /^https?$/ }),
  presigned_url_expires_at: z.string().optional(),
});

function errorCode(error: unknown): string | null {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return null;
}

function failed(code: number, httpStatus: number, message: string, detail: string): CopyResult {
  return { ok: false, code, httpStatus, message, detail };
}

/** Why a download or a write failed, in words that hold no link. */
function downloadFailure(error: unknown): CopyResult {
  const code = errorCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return failed(
      ErrorCode.SERVER_ERROR,
      BUSINESS_ERROR_HTTP_STATUS,
      "The dashboard server's disk is full; the dump could not be copied.",
      `disk full (${code}) while writing the dump copy`,
    );
  }
  return failed(
    ErrorCode.GATEWAY_UNREACHABLE,
    502,
    'The dump file could not be downloaded from the market data service.',
    `download failed: ${code ?? (error instanceof Error ? error.name : 'error')}`,
  );
}

export class DumpCopies {
  private readonly running = new Map<string, Promise<CopyResult>>();
  private readonly notReadyUntil = new Map<DumpKind, { until: number; result: CopyResult }>();
  private readonly agent: Agent;

  constructor(private readonly opts: DumpCopiesOptions) {
    const idle = opts.downloadIdleTimeoutMs ?? 60_000;
    // Its own agent: the download is no API call, and its link follows no redirect.
    this.agent = new Agent({ headersTimeout: idle, bodyTimeout: idle });
  }

  private folder(kind: DumpKind): string {
    return join(this.opts.dir, kind);
  }

  /** The file of a copy (whether or not it is still kept). */
  fileOf(kind: DumpKind, release: string): string {
    return join(this.folder(kind), `${release}.parquet`);
  }

  /** The copy of a data day, when this replica or another one sharing DUMP_DIR has made it. */
  async find(kind: DumpKind, day: string): Promise<DumpCopy | null> {
    let text: string;
    try {
      text = await readFile(join(this.folder(kind), `${day}.json`), 'utf8');
    } catch {
      return null;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return null;
    }
    const parsed = manifestSchema.safeParse(json);
    if (!parsed.success || parsed.data.kind !== kind) return null;
    const path = this.fileOf(kind, parsed.data.release);
    const present = await stat(path).then(
      (s) => s.isFile(),
      () => false,
    );
    return present ? { ...parsed.data, path } : null;
  }

  /** The copy of `kind` for `day`: found, or made now (one signing call, one download), or why not. */
  copyFor(kind: DumpKind, day: string): Promise<CopyResult> {
    const key = `${kind}:${day}`;
    const known = this.running.get(key);
    if (known) return known;
    const work = this.make(kind, day).finally(() => this.running.delete(key));
    this.running.set(key, work);
    return work;
  }

  private async make(kind: DumpKind, day: string): Promise<CopyResult> {
    const found = await this.find(kind, day);
    if (found) return { ok: true, copy: found };
    const pause = this.notReadyUntil.get(kind);
    if (pause && this.opts.ticker.now() < pause.until) return pause.result;
    const lease = `dump:${kind}:${day}`;
    if (!(await this.opts.leases.acquire(lease, COPY_LEASE_MS))) {
      return failed(
        ErrorCode.DUMP_NOT_READY,
        BUSINESS_ERROR_HTTP_STATUS,
        'Another dashboard server is copying this dump; please try again in a few minutes.',
        'the copy lease is held by another replica',
      );
    }
    let result: CopyResult;
    try {
      result = await this.signAndDownload(kind, day);
    } catch (error) {
      result = downloadFailure(error);
    }
    if (result.ok) await this.opts.leases.acquire(lease, DONE_LEASE_MS);
    else {
      await this.opts.leases.release(lease);
      if (result.code === ErrorCode.DUMP_NOT_READY) {
        this.notReadyUntil.set(kind, { until: this.opts.ticker.now() + NOT_READY_RETRY_MS, result });
      }
    }
    return result;
  }

  private async signAndDownload(kind: DumpKind, day: string): Promise<CopyResult> {
    const operation = catalog[dumpOperationId(kind)];
    const outcome = await this.opts.upstream.call({ operation, query: '', requestId: newRequestId() });
    if (!outcome.ok) {
      const f = outcome.failure;
      return failed(f.code, f.httpStatus, f.message, `signing failed: ${f.kind} ${f.detail}`);
    }
    const { envelope } = outcome;
    if (envelope.code !== ErrorCode.OK) {
      const notReady = envelope.code === ErrorCode.DUMP_NOT_READY;
      return failed(
        envelope.code,
        BUSINESS_ERROR_HTTP_STATUS,
        notReady
          ? `The market data service has not published today's ${kind} dump yet; please try again later.`
          : `The market data service refused to sign the ${kind} dump (code ${envelope.code}).`,
        `signing answered code ${envelope.code}`,
      );
    }
    const link = linkSchema.safeParse(envelope.data);
    if (!link.success) {
      return failed(
        ErrorCode.GATEWAY_BAD_RESPONSE,
        502,
        'The market data service answered the dump signing request with an unexpected shape.',
        'signing answer without a usable presigned_url',
      );
    }
    // The signing answer goes through the gateway's cache (class `link`: half a minute), which may still
    // serve an older answer while the service fails (stale-if-error): an expired link is not downloaded.
    const expiresAt = Date.parse(link.data.presigned_url_expires_at ?? '');
    if (Number.isFinite(expiresAt) && expiresAt <= (this.opts.clock ?? Date.now)()) {
      return failed(
        ErrorCode.DUMP_NOT_READY,
        BUSINESS_ERROR_HTTP_STATUS,
        `The market data service cannot sign the ${kind} dump now; please try again later.`,
        'the signed link (an answer kept while the service fails) has expired',
      );
    }
    return this.download(kind, day, link.data.presigned_url);
  }

  private async download(kind: DumpKind, day: string, url: string): Promise<CopyResult> {
    const folder = this.folder(kind);
    await mkdir(folder, { recursive: true });
    const temporary = join(folder, `.download-${randomUUID()}`);
    try {
      const res = await request(url, { dispatcher: this.agent, method: 'GET' });
      if (res.statusCode !== 200) {
        await res.body.dump().catch(() => undefined);
        return failed(
          ErrorCode.GATEWAY_HTTP_ERROR,
          502,
          'The dump file could not be downloaded from the market data service.',
          `download answered HTTP ${res.statusCode}`,
        );
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      const writer = this.opts.createWriter?.(temporary) ?? createWriteStream(temporary, { flags: 'wx' });
      await pipeline(res.body, counting, writer);
      const sha256 = hash.digest('hex');
      const release = releaseOf(day, sha256);
      const path = this.fileOf(kind, release);
      await rename(temporary, path);
      const copy: DumpCopy = { kind, day, release, path, sha256, bytes, fetchedAt: this.opts.ticker.now() };
      const manifest = join(folder, `.${day}.json.${randomUUID()}`);
      await writeFile(
        manifest,
        JSON.stringify({ kind, day, release, sha256, bytes, fetchedAt: copy.fetchedAt }),
      );
      await rename(manifest, join(folder, `${day}.json`));
      await this.prune(kind);
      return { ok: true, copy };
    } catch (error) {
      return downloadFailure(error);
    } finally {
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  /** Keeps the newest KEEP_COPIES days of a dump (their manifests and files). */
  private async prune(kind: DumpKind): Promise<void> {
    const folder = this.folder(kind);
    const days = (await readdir(folder))
      .filter((name) => /^\d{4}-\d{2}-\d{2}\.json$/.test(name))
      .sort()
      .map((name) => name.slice(0, 10));
    const keep = new Set<string>();
    for (const day of days.slice(-KEEP_COPIES)) {
      const copy = await this.find(kind, day);
      if (copy) keep.add(`${copy.release}.parquet`);
    }
    for (const day of days.slice(0, -KEEP_COPIES)) await rm(join(folder, `${day}.json`), { force: true });
    for (const name of await readdir(folder)) {
      if (name.endsWith('.parquet') && !keep.has(name)) await rm(join(folder, name), { force: true });
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.running.values());
    await this.agent.close();
  }
}
