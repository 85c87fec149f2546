import { randomBytes } from 'node:crypto';

/**
 * The upstream key as a hostile service might echo it, and a check that reads the key back out of any
 * text by undoing those encodings. The check knows nothing of how the gateway redacts (redact.ts): it
 * decodes whatever it finds (percent-escapes, JSON escapes, every run of hex and of base64 at every
 * offset) and looks for the key's bytes, so "nothing reveals the key" is what a reader of a log line or a
 * response could establish, not what the redaction believes it removed.
 */

export interface KeyEcho {
  name: string;
  /** The text as it appears in the service's answer (in a JSON string, once parsed). */
  text: string;
}

function percentEvery(text: string, upper: boolean): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const hex = byte.toString(16).padStart(2, '0');
      return `%${upper ? hex.toUpperCase() : hex}`;
    })
    .join('');
}

function percentEveryOther(text: string): string {
  return [...text].map((ch, i) => (i % 2 === 0 ? percentEvery(ch, i % 4 === 0) : ch)).join('');
}

function unicodeEscapes(text: string, upper: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const hex = text.charCodeAt(i).toString(16).padStart(4, '0');
    out += `\\u${upper ? hex.toUpperCase() : hex}`;
  }
  return out;
}

const unpadded = (text: string) => text.replace(/=+$/, '');

/** Every encoding of `key` the redaction must remove: alone and inside longer strings of its kind. */
export function keyEchoes(key: string): KeyEcho[] {
  const bytes = Buffer.from(key, 'utf8');
  const around = (before: number, after: number) =>
    Buffer.concat([randomBytes(before), bytes, randomBytes(after)]);
  const echoes: KeyEcho[] = [
    { name: 'plain', text: key },
    { name: 'plain in a sentence', text: `invalid key '${key}' for this operation` },
    { name: 'percent, every byte, lower case', text: percentEvery(key, false) },
    { name: 'percent, every byte, upper case', text: percentEvery(key, true) },
    { name: 'percent, every other byte', text: percentEveryOther(key) },
    { name: 'in a query string', text: `/api/x?api_key=${encodeURIComponent(key)}&b=1` },
    { name: 'JSON escapes as text, lower case', text: unicodeEscapes(key, false) },
    { name: 'JSON escapes as text, upper case', text: `{"key":"${unicodeEscapes(key, true)}"}` },
    { name: 'hex, lower case', text: bytes.toString('hex') },
    { name: 'hex, upper case', text: bytes.toString('hex').toUpperCase() },
    { name: 'hex inside longer hex', text: around(3, 5).toString('hex') },
    { name: 'base64', text: bytes.toString('base64') },
    { name: 'base64 without padding', text: unpadded(bytes.toString('base64')) },
    { name: 'base64url', text: bytes.toString('base64url') },
    {
      name: 'base64url with padding',
      text: bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
    },
    { name: 'base64 of the key with a newline', text: Buffer.from(`${key}\n`).toString('base64') },
    { name: 'basic credentials', text: `Basic ${Buffer.from(`user:${key}`).toString('base64')}` },
    {
      name: 'base64 in a query string',
      text: `token=${encodeURIComponent(around(1, 7).toString('base64'))}`,
    },
  ];
  // The key at each of the three byte offsets of a 3-byte group inside a longer blob, in both alphabets.
  for (let offset = 0; offset < 3; offset++) {
    const blob = around(offset + 3, 4);
    echoes.push({ name: `base64 inside a blob, offset ${offset}`, text: blob.toString('base64') });
    echoes.push({ name: `base64url inside a blob, offset ${offset}`, text: blob.toString('base64url') });
  }
  return echoes;
}

/**
 * Decoded texts are kept as bytes (a latin1 string, one character a byte): a percent-escape is a byte
 * of UTF-8, whatever is around it.
 */
const bytesOf = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

/** Percent-escapes as the bytes they stand for; `+` as a space (forms) or as itself (paths). */
function percentDecoded(bytes: string, plusIsSpace: boolean): string {
  const plain = plusIsSpace ? bytes.replace(/\+/g, ' ') : bytes;
  return plain.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** JSON escapes (a run of `\uXXXX` at once, for surrogate pairs; `\/`) as the UTF-8 bytes they stand for. */
function jsonUnescaped(bytes: string): string {
  return bytes
    .replace(/(?:\\u[0-9a-fA-F]{4})+/g, (run) =>
      bytesOf(
        String.fromCharCode(
          ...run
            .split('\\u')
            .slice(1)
            .map((hex) => parseInt(hex, 16)),
        ),
      ),
    )
    .replace(/\\\//g, '/');
}

/** A calendar file's folded lines joined again (RFC 5545: CRLF and one space continue a line). */
function unfolded(text: string): string {
  return text.replace(/\r?\n[ \t]/g, '');
}

/**
 * How `text` reveals `key`, or null when it does not: the name of the decoding that finds the key's
 * bytes in it (every run of hex at both nibble offsets, of base64 at all four character offsets, after
 * undoing percent-escapes and JSON escapes, alone and in turn).
 */
export function howRevealed(text: string, key: string): string | null {
  const wanted = bytesOf(key);
  // Each distinct text once, under the first (simplest) way it was reached.
  const layers = new Map<string, string>();
  const add = (layer: string, how: string) => {
    if (!layers.has(layer)) layers.set(layer, how);
  };
  for (const base of [bytesOf(text), bytesOf(unfolded(text))]) {
    add(base, 'as written');
    for (const plusIsSpace of [true, false]) {
      add(percentDecoded(base, plusIsSpace), 'percent-decoded');
      add(jsonUnescaped(base), 'JSON-unescaped');
      add(jsonUnescaped(percentDecoded(base, plusIsSpace)), 'percent-decoded, JSON-unescaped');
      add(percentDecoded(jsonUnescaped(base), plusIsSpace), 'JSON-unescaped, percent-decoded');
    }
  }
  for (const [layer, how] of layers) {
    if (layer.includes(wanted)) return `plain (${how})`;
    for (const run of layer.match(/[0-9a-fA-F]{2,}/g) ?? []) {
      for (let offset = 0; offset < 2; offset++) {
        if (Buffer.from(run.slice(offset), 'hex').toString('latin1').includes(wanted)) return `hex (${how})`;
      }
    }
    for (const run of layer.match(/[A-Za-z0-9+/_-]{4,}/g) ?? []) {
      for (let offset = 0; offset < 4; offset++) {
        if (Buffer.from(run.slice(offset), 'base64').toString('latin1').includes(wanted)) {
          return `base64 (${how})`;
        }
      }
    }
  }
  return null;
}
