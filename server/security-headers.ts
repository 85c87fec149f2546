import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * The security headers of every answer, computed once at start-up: helmet decides them (it stays the one
 * place that knows them), but its fastify wrapper rebuilt the whole policy, CSP parsing included, on
 * each request. Here helmet runs once against a response nobody sends, and each request copies the
 * frozen result.
 */

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // React writes style attributes (chart containers, virtual rows).
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Served over plain HTTP on loopback by default; HSTS belongs to whatever terminates TLS.
  strictTransportSecurity: false,
  // Same rule as frame-ancestors 'none', for browsers that only read the old header.
  xFrameOptions: { action: 'deny' },
};

export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown = null;
  helmet(options)(response.req, response, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure !== null) throw failure;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return Object.freeze(headers);
}
