import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  MARKET_DATA_BASE_PATH,
  MARKET_DATA_DUMPS_PATH,
  MARKET_DATA_ROUTES,
  dumpKindSchema,
} from '../../src/contract/market-data';
import { DUMP_LINK_TTL_MS } from '../../src/contract/operations/market-dumps';
import type { DumpKind } from '../../src/contract/operations/market-dumps';
import type { AuthConfig } from '../config';

/**
 * The BFF's own links to its dump copies: `<origin>/bff/market-data/dumps/<kind>/<release>/<kind>.parquet
 * ?expires=<ms>&signature=<hex>`, where the signature is HMAC-SHA256 over the expiry and the path. The
 * link is its own credential (like a storage service's presigned link): whoever holds it may download
 * that one file until it expires, without a key or a session. Every replica must sign with the same
 * secret: one derived from the session secret when sign-in is configured, else a random one kept in
 * DUMP_DIR (mode 0600), which replicas share.
 */

const SECRET_FILE = '.link-secret';

/** The link secret: from the session secret (signed-in modes), else the one kept in `dumpDir`. */
export async function dumpLinkSecret(auth: AuthConfig, dumpDir: string): Promise<Buffer> {
  if (auth.mode !== 'none') {
    // A key of its own, so that a dump link can never pass for a session cookie or the other way round.
    return createHmac('sha256', auth.sessionSecret).update('market-data dump links v1').digest();
  }
  await mkdir(dumpDir, { recursive: true });
  const path = join(dumpDir, SECRET_FILE);
  try {
    await writeFile(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another replica (or an earlier start) made it first: use that one.
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  const text = (await readFile(path, 'utf8')).trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${path} does not hold a link secret`);
  return Buffer.from(text, 'hex');
}

/** A release names one copy of a dump: its data day and the start of its SHA-256. */
export const RELEASE_RE = /^\d{8}-[0-9a-f]{16}$/;

export function releaseOf(day: string, sha256: string): string {
  return `${day.replaceAll('-', '')}-${sha256.slice(0, 16)}`;
}

/** The path of a copy's link (no origin, no query). */
export function dumpFilePath(kind: DumpKind, release: string): string {
  const route = MARKET_DATA_ROUTES.dumpFile
    .replace(':kind', kind)
    .replace(':release', release)
    .replace(':file', `${kind}.parquet`);
  return `${MARKET_DATA_BASE_PATH}${route}`;
}

export interface SignedLink {
  url: string;
  expiresAt: number;
}

export interface DumpLinks {
  /** A link to the copy `release` of `kind`, valid for DUMP_LINK_TTL_MS from `now`. */
  sign(origin: string, kind: DumpKind, release: string, now: number): SignedLink;
  /**
   * Checks a request for a dump file (its path and query as received): the copy it names, or why it is
   * refused.
   */
  verify(
    path: string,
    query: unknown,
    now: number,
  ): { ok: true; kind: DumpKind; release: string } | { ok: false; reason: 'expired' | 'invalid' };
}

const linkQuerySchema = z.object({
  expires: z.string().regex(/^\d{1,16}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

const pathSchema = z.tuple([dumpKindSchema, z.string().regex(RELEASE_RE), z.string()]);

export function dumpLinks(secret: Buffer): DumpLinks {
  const mac = (expires: string, path: string) =>
    createHmac('sha256', secret).update(`${expires}\n${path}`).digest();
  const prefix = `${MARKET_DATA_DUMPS_PATH}/`;

  return {
    sign(origin, kind, release, now) {
      const path = dumpFilePath(kind, release);
      const expiresAt = now + DUMP_LINK_TTL_MS;
      const signature = mac(String(expiresAt), path).toString('hex');
      return { url: `${origin}${path}?expires=${expiresAt}&signature=${signature}`, expiresAt };
    },
    verify(path, query, now) {
      const parsedQuery = linkQuerySchema.safeParse(query);
      if (!parsedQuery.success || !path.startsWith(prefix)) return { ok: false, reason: 'invalid' };
      const { expires, signature } = parsedQuery.data;
      const expected = mac(expires, path);
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'invalid' };
      // Signed by us, so the path is one we made; it is still read through its schema.
      const parts = pathSchema.safeParse(path.slice(prefix.length).split('/'));
      if (!parts.success) return { ok: false, reason: 'invalid' };
      const [kind, release, file] = parts.data;
      if (file !== `${kind}.parquet`) return { ok: false, reason: 'invalid' };
      if (Number(expires) <= now) return { ok: false, reason: 'expired' };
      return { ok: true, kind, release };
    },
  };
}
