import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, errorEnvelope } from '../src/contract/envelope';
import { newRequestId } from './gateway/request-id';

/**
 * What the HTTP parser refuses before Fastify sees a request (a header block over 16 KiB, bytes that
 * are not HTTP, a client that takes too long): Node's `clientError`. The answer is the service's
 * envelope with a request id, like every other error of this server, and the connection is closed.
 */

interface ParserRefusal {
  status: number;
  message: string;
}

function refusalOf(code: string | undefined): ParserRefusal {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request address or headers are too long.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, message: 'The request was not received in time.' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
    case 'HPE_BODY_TOO_LARGE':
      return { status: 413, message: 'The request body is too large.' };
    default:
      return { status: 400, message: 'The request is not valid HTTP.' };
  }
}

function codeOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}

/** A whole raw HTTP answer carrying an error envelope, after which the connection closes. */
function rawEnvelopeAnswer(
  status: number,
  message: string,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): string {
  const body = JSON.stringify(
    errorEnvelope(
      status === 413 || status === 431 ? ErrorCode.PARAM_RANGE : ErrorCode.PARAM_FORMAT,
      message,
      requestId,
    ),
  );
  const extra = Object.entries(extraHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    `Cache-Control: no-store\r\n${extra}` +
    `Connection: close\r\n\r\n${body}`
  );
}

/** The raw HTTP answer to a parser error. */
export function parserErrorResponse(err: unknown, requestId: string): { status: number; text: string } {
  const { status, message } = refusalOf(codeOf(err));
  return { status, text: rawEnvelopeAnswer(status, message, requestId) };
}

/**
 * Node's `connect` event: a CONNECT request (a tunnel through a proxy), which this server does not
 * serve. Without a listener Node closes such a connection without a word; this answers it like any
 * other refusal, 405 as an envelope with a request id, and closes it.
 */
export function connectRequestHandler(log: () => FastifyBaseLogger) {
  return (_request: IncomingMessage, socket: Duplex): void => {
    const requestId = newRequestId();
    log().info({ reqId: requestId, status: 405 }, 'CONNECT refused');
    socket.on('error', () => undefined);
    const answer = rawEnvelopeAnswer(405, 'This server does not open tunnels (CONNECT).', requestId, {
      Allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    });
    // Closed once the answer is out, whether or not the client ends its side.
    socket.end(answer, () => socket.destroy());
  };
}

function responseStarted(socket: Socket): boolean {
  const message: unknown = Reflect.get(socket, '_httpMessage');
  return typeof message === 'object' && message !== null && Reflect.get(message, 'headersSent') === true;
}

/** Fastify's `clientErrorHandler`. */
export function clientErrorHandler(log: () => FastifyBaseLogger) {
  return (err: Error, socket: Socket): void => {
    if (codeOf(err) === 'ECONNRESET' || socket.destroyed) return;
    const requestId = newRequestId();
    const { status, text } = parserErrorResponse(err, requestId);
    log().info({ reqId: requestId, status, code: codeOf(err) }, 'client error');
    // A response may already be on its way on this socket: then only close it (as Node itself does).
    if (socket.writable && !responseStarted(socket)) socket.write(text);
    socket.destroy();
  };
}
