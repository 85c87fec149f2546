import { randomUUID } from 'node:crypto';

/** Id of a browser request as the BFF names it, when the service gave none. */
export function newRequestId(): string {
  return `bff-${randomUUID()}`;
}

/** A service request_id is echoed in a header only if it is a plain token (no control or non-ASCII characters). */
export function safeHeaderId(value: unknown): string | null {
  return typeof value === 'string' && /^[\x21-\x7e]{1,200}$/.test(value) ? value : null;
}
