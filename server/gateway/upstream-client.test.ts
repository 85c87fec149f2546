import { describe, expect, it } from 'vitest';
import { errors } from 'undici';
import { classifyTransportError } from './upstream-client';
import { parseRetryAfter } from './failures';

describe('classifyTransportError', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      6001,
    ],
    ['a connect timeout (host unreachable)', new errors.ConnectTimeoutError(), 6001],
    ['an unknown host', Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' }), 6001],
    ['a headers timeout', new errors.HeadersTimeoutError(), 6002],
    ['a body timeout', new errors.BodyTimeoutError(), 6002],
    [
      'a code found on the cause',
      new TypeError('fetch failed', { cause: new errors.HeadersTimeoutError() }),
      6002,
    ],
    ['anything else', new Error('weird'), 6001],
  ])('%s', (_label, err, code) => {
    expect(classifyTransportError(err, false, 1000).code).toBe(code);
  });

  it('an abort after the overall deadline is a timeout whatever the error says', () => {
    const failure = classifyTransportError(new errors.RequestAbortedError(), true, 2500);
    expect(failure).toMatchObject({ code: 6002, httpStatus: 504 });
    expect(failure.message).toContain('2.5 s');
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['7', '7'],
    [' 30 ', '30'],
    ['999999999', '600'],
    ['Wed, 21 Oct 2026 09:28:00 GMT', '600'],
    ['Wed, 21 Oct 2026 07:28:00 GMT', '480'],
    ['Wed, 21 Oct 2026 07:20:30 GMT', '30'],
    ['Wed, 21 Oct 2026 07:00:00 GMT', '0'],
    ['soon', null],
    ['7\r\nSet-Cookie: x=1', null],
    ['', null],
    [undefined, null],
    [['1', '2'], null],
  ])('%j → %j', (value, expected) => {
    expect(parseRetryAfter(value, Date.parse('2026-10-21T07:20:00Z'))).toBe(expected);
  });
});
