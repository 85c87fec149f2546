/**
 * The key out of whatever the market data service sends back. A service that echoes the key (a bug, a
 * debugging aid, a hostile or compromised host) may send it in any of the forms text commonly takes:
 * - as it is, or with JSON escapes (`\u0073…`, `\/`) in the raw body or in a string that holds JSON;
 * - percent-encoded (`%73`, `%2F` or `%2f`, `+` for a space), wholly or in part;
 * - in hex (either case), alone or inside a longer hex string;
 * - in base64 (standard or URL-safe, with or without padding), alone or inside a longer base64 string.
 *
 * Every form is one pattern, built once per key (`keyRedactor`), so an answer is scanned once when it
 * arrives from the service; what is cached, shared with other replicas, logged and sent to browsers is
 * the scrubbed text, and a cache hit scans nothing.
 *
 * Base64 inside a longer string: the key's bytes may start at any of the three byte offsets of a 3-byte
 * group, and at each the characters wholly made of key bits differ. Those are the parts removed (for
 * each offset and both alphabets); the one or two characters at the ends, which mix key bits with their
 * neighbours', stay, leaving at most 4 bits of the key at each end, which is not the key. Hex needs no
 * such care: each byte is two characters of its own.
 */

export const REDACTED = '[redacted]';

/**
 * The shortest key configuration accepts (config.ts). The forms above of a shorter key (its hex, the
 * 7 base64 characters of a 6-character key) could occur in ordinary text by chance, and removing them
 * would damage it; a 16-character key's shortest form is 20 base64 characters (120 bits).
 */
export const MIN_KEY_LENGTH = 16;

export interface Redactor {
  /** Whether `text` holds the key in any form. */
  finds(text: string): boolean;
  /** Whether any string or property name in a parsed JSON value holds the key in any form. */
  findsParsed(value: unknown): boolean;
  /** `text` with every form of the key replaced by REDACTED. */
  scrub(text: string): string;
  /** A parsed JSON value with every string and every property name scrubbed. */
  scrubParsed(value: unknown): unknown;
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;

function literal(text: string): string {
  return text.replace(REGEX_SPECIAL, '\\$&');
}

/** A hex digit in either case. */
function hexDigit(digit: string): string {
  const lower = digit.toLowerCase();
  const upper = digit.toUpperCase();
  return lower === upper ? lower : `[${lower}${upper}]`;
}

function hexOf(value: number, width: number): string {
  return [...value.toString(16).padStart(width, '0')].map(hexDigit).join('');
}

/** JSON's short escapes (a key with a quote or a slash in it would come back as `\"`, `\/`). */
const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * One character of a form as it may appear: as it is, percent-encoded (its UTF-8 bytes), as a JSON
 * escape, or `+` for a space. `anyCase` (hex forms): either case of a letter, in each of those.
 */
function characterPattern(ch: string, anyCase: boolean): string {
  const variants = anyCase ? new Set([ch.toLowerCase(), ch.toUpperCase()]) : new Set([ch]);
  const alternatives = new Set<string>();
  for (const variant of variants) {
    alternatives.add(literal(variant));
    alternatives.add([...Buffer.from(variant, 'utf8')].map((byte) => `%${hexOf(byte, 2)}`).join(''));
    let escaped = '';
    for (let i = 0; i < variant.length; i++) escaped += `\\\\u${hexOf(variant.charCodeAt(i), 4)}`;
    alternatives.add(escaped);
    const short = SHORT_ESCAPES[variant];
    if (short !== undefined) alternatives.add(literal(short));
    if (variant === ' ') alternatives.add('\\+');
  }
  return `(?:${[...alternatives].join('|')})`;
}

function formPattern(form: string, anyCase: boolean): string {
  return [...form].map((ch) => characterPattern(ch, anyCase)).join('');
}

/**
 * The base64 characters made only of the key's bits when the key starts `offset` bytes into a 3-byte
 * group: character i covers bits 6i to 6i+6 of the whole, the key bits 8·offset to 8·(offset+n).
 */
function base64Cores(key: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), key]).toString('base64');
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + key.length)) / 6);
    if (end > first) cores.push(encoded.slice(first, end));
  }
  return cores.flatMap((core) => [core, core.replace(/\+/g, '-').replace(/\//g, '_')]);
}

/** The patterns of every form of `secret`, longest first (the longer form wins where two begin). */
function keyPattern(secret: string): RegExp {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Map<string, boolean>([[secret, false]]);
  for (const core of base64Cores(bytes)) if (!forms.has(core)) forms.set(core, false);
  // Hex in either case: a lower-case one stands for all of them.
  forms.set(bytes.toString('hex'), true);
  const ordered = [...forms].sort(([a], [b]) => b.length - a.length);
  return new RegExp(ordered.map(([form, anyCase]) => formPattern(form, anyCase)).join('|'), 'g');
}

/** Whether `visit` is true of any string or property name in a parsed JSON value. */
function anyString(value: unknown, visit: (text: string) => boolean): boolean {
  if (typeof value === 'string') return visit(value);
  if (Array.isArray(value)) return value.some((v) => anyString(v, visit));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([k, v]) => visit(k) || anyString(v, visit));
  }
  return false;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[map(k)] = mapStrings(v, map);
    return out;
  }
  return value;
}

export function keyRedactor(secret: string): Redactor {
  if (secret === '') throw new Error('no key to redact');
  const pattern = keyPattern(secret);
  // `test` on a global pattern moves its lastIndex; each call starts from the beginning.
  const finds = (text: string): boolean => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  };
  const scrub = (text: string): string => (finds(text) ? text.replace(pattern, REDACTED) : text);
  return {
    finds,
    findsParsed: (value) => anyString(value, finds),
    scrub,
    scrubParsed: (value) => mapStrings(value, scrub),
  };
}
