import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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

/** The raw HTTP answer to a parser error. */
export function parserErrorResponse(err: unknown, requestId: string): { status: number; text: string } {
  const { status, message } = refusalOf(codeOf(err));
  const body = JSON.stringify(
    errorEnvelope(
      status === 413 || status === 431 ? ErrorCode.PARAM_RANGE : ErrorCode.PARAM_FORMAT,
      message,
      requestId,
    ),
  );
  const text =
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    `Cache-Control: no-store\r\n` +
    `Connection: close\r\n\r\n${body}`;
  return { status, text };
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
