import { randomUUID } from 'node:crypto';

/** Id of a browser request as the BFF names it, when the service gave none. */
export function newRequestId(): string {
  return `bff-${randomUUID()}`;
}

/**
 * A service request_id is echoed (header, log) only if it is well-formed: a short token of letters,
 * digits and `._:-`. Anything else (control characters, quotes, a redacted secret, a JSON fragment) is
 * dropped and the BFF's own id is used.
 */
export function safeHeaderId(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/.test(value) ? value : null;
}
