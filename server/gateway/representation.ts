import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * One answer as it goes over the wire: its text, its entity tag and its compressed forms. A cached
 * answer keeps one, so a hit costs no hashing and no compression: each encoding is made once, the first
 * time a browser asks for it, and served as the same bytes afterwards.
 */

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Below this size compression saves less than its headers cost (the compress plugin's own default). */
export const COMPRESS_MIN_BYTES = 1024;

/** A fast brotli level: close to gzip's speed, smaller output; made once per answer, not per hit. */
const BROTLI_QUALITY = 5;

export class Representation {
  readonly etag: string;
  private readonly identity: Buffer;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(readonly body: string) {
    this.identity = Buffer.from(body, 'utf8');
    // Strong tag: the same bytes, whatever the encoding sent (the encoding is in Vary).
    this.etag = `"${createHash('sha1').update(this.identity).digest('base64url')}"`;
  }

  /** The bytes for an encoding, made on first use. */
  bytes(encoding: ContentEncoding): Buffer {
    if (encoding === 'br') {
      this.br ??= brotliCompressSync(this.identity, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      });
      return this.br;
    }
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.identity);
      return this.gzip;
    }
    return this.identity;
  }

  /** What to send to a browser that accepts `acceptEncoding`. */
  encodingFor(acceptEncoding: string | undefined): ContentEncoding {
    if (this.identity.length < COMPRESS_MIN_BYTES || !acceptEncoding) return 'identity';
    const accepted = parseAcceptEncoding(acceptEncoding);
    if (accepted.br) return 'br';
    if (accepted.gzip) return 'gzip';
    return 'identity';
  }
}

/** Which of br and gzip the header accepts (q=0 refuses; `*` accepts both unless named otherwise). */
export function parseAcceptEncoding(header: string): { br: boolean; gzip: boolean } {
  let star: boolean | undefined;
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let accepted = true;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=');
      if (key.trim().toLowerCase() === 'q') accepted = Number(value.trim()) > 0;
    }
    if (name === 'br') br = accepted;
    else if (name === 'gzip' || name === 'x-gzip') gzip = accepted;
    else if (name === '*') star = accepted;
  }
  return { br: br ?? star ?? false, gzip: gzip ?? star ?? false };
}

/** Whether an `If-None-Match` header names this tag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
