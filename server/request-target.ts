/**
 * One reading of a request's target. Before routing, the path is put in its one canonical form; every
 * later step (the router, the Host allow-list's probe exemption, sign-in, the admin and CSRF checks, the
 * per-client limits and the access log) reads `request.url`, which is then that form. A target written
 * in any other form is never routed as it is:
 *
 * - a path that only needs tidying (percent-encoded letters, digits or `-._~`, lower-case hex digits,
 *   `.` and `..` segments, repeated slashes) gets a redirect to its canonical form for GET and HEAD,
 *   and a refusal for other methods (a write is never replayed somewhere else);
 * - a path that cannot be put in a canonical form (an encoded `/`, `\` or control character, a raw
 *   character outside RFC 3986's path characters such as `#` or `\`) and a target that is not a path
 *   at all (absolute-form `http://host/…`, which would let the authority differ from `Host`, or `*`)
 *   are refused.
 *
 * Percent-encoded characters that are not unreserved (`%3F`, `%25`, UTF-8 bytes) stay encoded: they can
 * only stand in a route's parameter, never in the static part of a route or in a prefix that the checks
 * compare, since those are written in unreserved characters only. A malformed escape (`%zz`) is left
 * alone: the router cannot decode it and answers it without routing (app.ts, `frameworkErrors`).
 */

export type TargetVerdict =
  | { kind: 'canonical' }
  | { kind: 'redirect'; path: string; location: string }
  | { kind: 'refused'; reason: string };

/** A target that is not routed as it is. */
export type NonCanonicalTarget = Exclude<TargetVerdict, { kind: 'canonical' }>;

const CANONICAL: TargetVerdict = { kind: 'canonical' };

/** RFC 3986 `pchar` without `%` (unreserved, sub-delims, `:` and `@`), and `/`. */
const PATH_CHARS = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/") {
  PATH_CHARS[c.charCodeAt(0)] = 1;
}
const UNRESERVED = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~') {
  UNRESERVED[c.charCodeAt(0)] = 1;
}

const SLASH = 47;
const DOT = 46;
const PERCENT = 37;

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/**
 * The hot path: a plain target (no `%`, no `//`, no `/.`, only path characters) is canonical as it is,
 * decided in one pass without allocating.
 */
function isPlain(path: string): boolean {
  let previous = 0;
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code >= 128 || PATH_CHARS[code] !== 1) return false;
    if (previous === SLASH && (code === SLASH || code === DOT)) return false;
    previous = code;
  }
  return true;
}

/** The verdict on a raw request target (`req.url` as Node parsed it). */
export function readTarget(target: string): TargetVerdict {
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (path.charCodeAt(0) !== SLASH) {
    return { kind: 'refused', reason: 'The request target must be a path starting with "/".' };
  }
  if (isPlain(path)) return CANONICAL;

  // Decode what needs no encoding, split into segments, then resolve dot segments and drop empty ones.
  let segment = '';
  const segments: string[] = [];
  for (let i = 1; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code === SLASH) {
      segments.push(segment);
      segment = '';
      continue;
    }
    if (code === PERCENT) {
      const high = hexValue(path.charCodeAt(i + 1));
      const low = hexValue(path.charCodeAt(i + 2));
      // A malformed escape: the router refuses it without routing (see the comment at the top).
      if (high === -1 || low === -1) return CANONICAL;
      const byte = high * 16 + low;
      if (byte === SLASH || byte === 92 || byte < 32 || byte === 127) {
        return {
          kind: 'refused',
          reason:
            'The request path holds an encoded "/", "\\" or control character, which no address here uses.',
        };
      }
      segment +=
        byte < 128 && UNRESERVED[byte] === 1
          ? String.fromCharCode(byte)
          : `%${path.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
      continue;
    }
    if (code >= 128 || PATH_CHARS[code] !== 1) {
      return {
        kind: 'refused',
        reason:
          'The request path holds a character that must be percent-encoded (such as "#", "\\" or a space).',
      };
    }
    segment += path[i];
  }
  segments.push(segment);

  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] ?? '';
    const last = i === segments.length - 1;
    if (s === '.' || s === '..') {
      if (s === '..') out.pop();
      // A final dot segment leaves the path ending in a slash (RFC 3986, 5.2.4).
      if (last) out.push('');
      continue;
    }
    // Repeated slashes collapse; a single trailing slash is the path's own (a different route).
    if (s === '' && !last) continue;
    out.push(s);
  }
  const canonical = `/${out.join('/')}`;
  if (canonical === path) return CANONICAL;
  return { kind: 'redirect', path: canonical, location: canonical + (q === -1 ? '' : target.slice(q)) };
}

/** Whether a method may be redirected to the canonical target (it has no body and changes nothing). */
export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Where the router sends a target that is not canonical: no route is registered here, so nothing but
 * the root hooks can run for it, and the first of them answers (app.ts). Asked for directly, it is 404.
 */
export const NON_CANONICAL_TARGET_PATH = '/bff/_non-canonical-target';
