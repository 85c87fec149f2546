/**
 * The key out of an upstream answer, whatever its escaping. A service that echoes the key may send it
 * as plain text, with `\u0073…` escapes or `\/`; only after JSON.parse is every such form the same
 * string, so redaction works on the parsed value: every string (and every property name) that holds the
 * key gets it replaced, before the answer is cached, logged or sent.
 */

export const REDACTED = '[redacted]';

/** `value` with `secret` replaced in every string and key; `changed` says whether there was any. */
export function redactParsed(value: unknown, secret: string): { value: unknown; changed: boolean } {
  let changed = false;
  const scrub = (text: string): string => {
    if (!text.includes(secret)) return text;
    changed = true;
    return text.split(secret).join(REDACTED);
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, inner] of Object.entries(v)) out[scrub(k)] = walk(inner);
      return out;
    }
    return v;
  };
  const result = walk(value);
  return { value: result, changed };
}
