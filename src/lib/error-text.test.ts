import { describe, expect, it } from 'vitest';
import { ApiError, ErrorCode } from '../contract/envelope';
import { catalog } from '../contract/catalog';
import { LANGUAGES, type Language } from './i18n';
import { PARAM_WORDS, codeText, describeError, paramOfMessage, paramWords } from './error-text';

/** The service's codes (spec and upstream-extras: 1001–1004, 2001–2003, 3001–3004, 4001, 5001–5003). */
const SERVICE_CODES = [
  1001, 1002, 1003, 1004, 2001, 2002, 2003, 3001, 3002, 3003, 3004, 4001, 5001, 5002, 5003,
];
/** The BFF's and the browser client's own codes: every code of the envelope module above 5999. */
const BFF_CODES = Object.values(ErrorCode).filter((code) => code >= 6000);

/** Every parameter name of every operation of the catalog. */
const PARAMS = [...new Set(Object.values(catalog).flatMap((op) => op.paramNames))].sort();

/** A message as the service or the BFF words it, naming the parameter raw. */
const RAW_MESSAGES: Record<string, (param: string) => string> = {
  missing: (p) => `Parameter '${p}' is required`,
  format: (p) => `Parameter '${p}' has an invalid item 'X': bad format`,
  range: (p) => `Parameter '${p}' must be at most 64 characters`,
  conflict: (p) => `Parameter '${p}' goes with start`,
  plain: (p) => `Parameter '${p}' is wrong`,
};

/**
 * Parameter names that are also ordinary English words: in an English sentence "from" or "date" is not
 * a raw name. Every other name (`thscodes`, `q`, `sort_dir`) must never appear in a message.
 */
const ENGLISH_WORDS = new Set([
  'date',
  'end',
  'exchange',
  'from',
  'interval',
  'items',
  'limit',
  'name',
  'note',
  'offset',
  'page',
  'period',
  'range',
  'report',
  'session',
  'size',
  'sort',
  'stage',
  'start',
  'state',
  'status',
  'tab',
  'tag',
  'to',
  'version',
]);

/** Whether a text shows a parameter's contract name (quoted as the service does, or as a bare identifier). */
function showsRawName(text: string, param: string, lang: Language): boolean {
  if (text.includes(`'${param}'`) || text.includes('Parameter')) return true;
  if (lang === 'en' && ENGLISH_WORDS.has(param)) return false;
  return new RegExp(`(^|[^A-Za-z_])${param}([^A-Za-z_]|$)`).test(text);
}

describe.each([...SERVICE_CODES, ...BFF_CODES])('code %i', (code) => {
  it.each(LANGUAGES)('has a %s message naming no parameter in raw form', (lang) => {
    for (const param of PARAMS) {
      for (const raw of Object.values(RAW_MESSAGES)) {
        const message = raw(param);
        const text = describeError(new ApiError({ code, message }), lang).message;
        expect(text.length, `${code} ${lang}`).toBeGreaterThan(3);
        // A code the dictionary lacks falls back to "request failed (code n)": every code has its own.
        expect(text, `${code} ${lang}`).not.toMatch(/\(code \d+\)|（错误码 \d+）/);
        expect(showsRawName(text, param, lang), `${code} ${lang} ${param}: ${text}`).toBe(false);
      }
    }
  });
});

describe('parameter words', () => {
  it('every parameter of the catalog has Chinese and English words', () => {
    const missing = PARAMS.filter((param) => !PARAM_WORDS.has(param));
    expect(missing).toEqual([]);
  });

  it('names the field of a watchlist refusal by its last part', () => {
    expect(paramWords('zh-CN', 'items.0.thscode')).toBe('代码');
    expect(paramWords('en', 'items.0.thscode')).toBe('code');
    expect(paramOfMessage("'items.0.thscode' must be a full code such as 600519.SH")).toBe('items.0.thscode');
    expect(paramOfMessage("Parameter 'q' must be at most 64 characters")).toBe('q');
  });
});

describe('describeError', () => {
  it('turns the search length refusal into the limit in words', () => {
    const error = new ApiError({ code: 1003, message: "Parameter 'q' must be at most 64 characters" });
    expect(describeError(error, 'zh-CN').message).toBe('搜索内容最多 64 个字符。');
    expect(describeError(error, 'en').message).toBe('The search text may have at most 64 characters.');
    expect(describeError(error, 'zh-CN').retryable).toBe(false);
  });

  it('recognises a non-trading day and keeps the raw message and request id', () => {
    const error = new ApiError({
      code: 1002,
      message: "Parameter 'date' 2026-07-11 is not a trading day",
      requestId: 'sim-1',
    });
    const zh = describeError(error, 'zh-CN');
    expect(zh.message).toBe('2026-07-11 不是交易日。');
    expect(zh.nonTradingDay).toBe('2026-07-11');
    expect(zh.param).toBe('date');
    expect(zh.raw).toBe("Parameter 'date' 2026-07-11 is not a trading day");
    expect(zh.requestId).toBe('sim-1');
    expect(describeError(error, 'en').message).toBe('2026-07-11 is not a trading day.');
  });

  it('offers a retry only where asking again can help', () => {
    const retryable = (code: number) => describeError(new ApiError({ code, message: 'x' }), 'en').retryable;
    expect([1001, 1002, 1003, 1004, 2001, 2003, 3001, 3004, 6404, 7001].map(retryable)).toEqual(
      Array.from({ length: 10 }, () => false),
    );
    expect([3002, 4001, 5001, 5002, 5003, 6001, 6002, 6003, 6004, 6429, 7002].map(retryable)).toEqual(
      Array.from({ length: 11 }, () => true),
    );
  });

  it('says an ETF in an A-share list is not an A-share, by its code', () => {
    const error = new ApiError({
      code: 1002,
      message: "Parameter 'thscodes' has '510300.SH', which is not an A-share stock",
    });
    expect(describeError(error, 'zh-CN').message).toBe('510300.SH 不是 A 股。');
  });

  it('an error that is not a failed request gets a general sentence and keeps its message', () => {
    const described = describeError(new TypeError('x is undefined'), 'zh-CN');
    expect(described.code).toBeNull();
    expect(described.message).toBe('页面出现意外错误。');
    expect(described.raw).toBe('x is undefined');
  });

  it('an unknown code still gets a sentence with the code', () => {
    expect(codeText('zh-CN', 9999, null)).toBe('请求失败（错误码 9999）。');
  });
});
