import { describe, expect, it } from 'vitest';
import { KEY as SIM_KEY, simulatorsForFile, TRADING_MORNING } from '../simulator/testkit';
import { keyRedactor, MIN_KEY_LENGTH, REDACTED } from './redact';
import { howRevealed, keyEchoes } from './key-forms.testkit';

/**
 * The redaction on its own, for keys the socket test (hostile-upstream.test.ts) does not use: characters
 * that JSON, percent-encoding and regular expressions treat specially. What is checked is what a reader
 * could recover (key-forms.testkit.ts decodes; it does not know how redaction works).
 */

const SPECIAL_KEYS = [
  'a key with spaces+plus/slash',
  'quote"back\\slash.*?(x)[y]{z}|^$',
  '密钥-не-ключ-🔑-0123456789',
  'k'.repeat(MIN_KEY_LENGTH),
];

const simAt = simulatorsForFile();

describe('keyRedactor', () => {
  it.each(SPECIAL_KEYS)('removes every echo of %j, in text and in parsed JSON', (key) => {
    const redactor = keyRedactor(key);
    // Each echo does give the key away before redaction (else the check below proves nothing).
    expect(keyEchoes(key).filter((echo) => howRevealed(echo.text, key) === null)).toEqual([]);
    const leftovers = keyEchoes(key).flatMap((echo) => {
      const text = `before ${echo.text} after`;
      const parsed = redactor.scrubParsed({ [echo.text]: [{ value: text }] });
      return [redactor.scrub(text), JSON.stringify(parsed)]
        .filter((out) => howRevealed(out, key) !== null)
        .map((out) => `${echo.name}: ${out}`);
    });
    expect(leftovers).toEqual([]);
  });

  it('finds a key written with JSON escapes in a raw body, and in a string once parsed', () => {
    const key = 'a/key"with-escapes-9';
    const redactor = keyRedactor(key);
    const raw = JSON.stringify({ note: key }).replace(/\//g, '\\/');
    expect(raw).toContain('\\/');
    expect(redactor.finds(raw)).toBe(true);
    // \u0025\u0036\u0031 parses to %61: the key percent-encoded, visible only once parsed.
    const hidden = `{"note":"${[...Buffer.from(key)].map((b) => `\\u0025${escapeHex(b)}`).join('')}"}`;
    expect(redactor.findsParsed(JSON.parse(hidden))).toBe(true);
    expect(howRevealed(JSON.stringify(redactor.scrubParsed(JSON.parse(hidden))), key)).toBeNull();
  });

  it('leaves ordinary answers alone: the same text, not a copy with changes', async () => {
    const sim = simAt(TRADING_MORNING);
    // A 16-character key of the kind the service issues; a page of the simulator's A-share table.
    const redactor = keyRedactor('Zq3vLx9T0aYp2WmN');
    const res = await sim.inject({
      method: 'GET',
      url: '/api/a-share/prices/snapshot?limit=2000',
      headers: { 'x-api-key': SIM_KEY },
    });
    const table = res.body;
    expect(table.length).toBeGreaterThan(10_000);
    expect(redactor.finds(table)).toBe(false);
    expect(redactor.scrub(table)).toBe(table);
    const sentence = 'Failure 2003: no permission for this operation, or the key is not valid for it.';
    expect(redactor.scrub(sentence)).toBe(sentence);
  });

  it('replaces the key with the marker and keeps the text around it', () => {
    const redactor = keyRedactor('seckey');
    expect(redactor.scrub('bad key seckey (c2Vja2V5, 7365636B6579, %73eckey)')).toBe(
      `bad key ${REDACTED} (${REDACTED}, ${REDACTED}, ${REDACTED})`,
    );
  });
});

function escapeHex(byte: number): string {
  return [...byte.toString(16).padStart(2, '0')].map((d) => `\\u00${d.charCodeAt(0).toString(16)}`).join('');
}
