import { describe, expect, it } from 'vitest';
import { catalog } from '../../contract/catalog';
import {
  AUCTION_MAX_TOKENS,
  aShareTable,
  checkCodes,
  requestCodes,
  splitCodes,
  suggestSuffix,
} from './codes';

/** A code table with a few A-shares (000001.SH is the Shanghai index, not an A-share). */
const table = aShareTable(
  ['600519.SH', '000001.SZ', '300033.SZ', '920020.BJ'].map((thscode) => ({
    thscode,
    ticker: thscode.slice(0, 6),
    name: thscode,
    exchange: thscode.slice(7),
    asset_type: 'a-share',
    currency: 'CNY',
  })),
);

const codes = (n: number) => Array.from({ length: n }, (_, i) => `600${String(i).padStart(3, '0')}.SH`);

describe('auction codes', () => {
  it('splits typed or pasted lists on commas, spaces, new lines and full-width punctuation', () => {
    expect(splitCodes(' 600519.sh,000001.SZ\n300033.SZ ；688981.SH，601318.SH、 000002.SZ\t')).toEqual([
      '600519.SH',
      '000001.SZ',
      '300033.SZ',
      '688981.SH',
      '601318.SH',
      '000002.SZ',
    ]);
    expect(splitCodes(' ,, \n')).toEqual([]);
  });

  it('counts tokens before removing duplicates, as the service does', () => {
    const hundredAndOne = checkCodes([...codes(100), '600000.SH']);
    expect(hundredAndOne.count).toBe(101);
    expect(hundredAndOne.codes).toHaveLength(100);
    expect(hundredAndOne.tooMany).toBe(true);
    expect(requestCodes(hundredAndOne)).toBeNull();

    const hundred = checkCodes(codes(AUCTION_MAX_TOKENS));
    expect(hundred.tooMany).toBe(false);
    expect(requestCodes(hundred)).toHaveLength(100);
  });

  it('keeps the first occurrence and says how many copies were removed', () => {
    const check = checkCodes(['600519.SH', '000001.SZ', '600519.SH', '600519.SH', '000001.SZ']);
    expect(check.codes).toEqual(['600519.SH', '000001.SZ']);
    expect(check.duplicates).toEqual([
      { code: '600519.SH', removed: 2 },
      { code: '000001.SZ', removed: 1 },
    ]);
  });

  it('flags malformed tokens once and leaves them out of the request', () => {
    const check = checkCodes(['ABC', '600519.SH', 'ABC', '000300.XSHG'], table);
    expect(check.flagged).toEqual([
      { kind: 'malformed', token: 'ABC', guess: null },
      { kind: 'malformed', token: '000300.XSHG', guess: null },
    ]);
    expect(requestCodes(check)).toEqual(['600519.SH']);
    expect(requestCodes(checkCodes(['ABC'], table))).toBeNull();
    expect(requestCodes(checkCodes([], table))).toBeNull();
  });

  it('resolves a bare six-digit code, or one written SH600519, to the one A-share it names', () => {
    const check = checkCodes(['600519', 'SZ000001', '300033SZ', '000001.SZ'], table);
    expect(check.codes).toEqual(['600519.SH', '000001.SZ', '300033.SZ']);
    expect(check.resolved).toEqual([
      { token: '600519', code: '600519.SH' },
      { token: 'SZ000001', code: '000001.SZ' },
      { token: '300033SZ', code: '300033.SZ' },
    ]);
    // 000001 written twice (once bare) is one code.
    expect(check.duplicates).toEqual([{ code: '000001.SZ', removed: 1 }]);
    expect(check.flagged).toEqual([]);
  });

  it('flags an ETF and a code with the wrong suffix on their own, and queries the rest', () => {
    const check = checkCodes(['600519', '510300.SH', '000001.SZ', '600519.SZ', '999999'], table);
    expect(requestCodes(check)).toEqual(['600519.SH', '000001.SZ']);
    expect(check.flagged).toEqual([
      { kind: 'not-a-share', token: '510300.SH', guess: null },
      { kind: 'not-a-share', token: '600519.SZ', guess: '600519.SH' },
      { kind: 'not-a-share', token: '999999', guess: null },
    ]);
    expect(check.verified).toBe(true);
  });

  it('without the code table, checks the format only and hints at the suffix of a bare code', () => {
    const check = checkCodes(['600519', '510300.SH']);
    expect(check.verified).toBe(false);
    expect(requestCodes(check)).toEqual(['510300.SH']);
    expect(check.flagged).toEqual([{ kind: 'malformed', token: '600519', guess: '600519.SH' }]);
  });

  it('what is sent always passes the contract’s own check of thscodes', () => {
    const schema = catalog['a-share/auction/snapshot'].params;
    for (const tokens of [codes(100), ['600519.SH', '600519.SH', 'x'], splitCodes('300033.sz 300033.SZ')]) {
      const sent = requestCodes(checkCodes(tokens));
      if (sent !== null) expect(schema.safeParse({ thscodes: sent }).success).toBe(true);
    }
    // And a list the page refuses is one the contract refuses too.
    expect(schema.safeParse({ thscodes: [...codes(100), '600000.SH'] }).success).toBe(false);
  });

  it('suggests the suffix of a bare six-digit code', () => {
    expect(suggestSuffix('600519')).toBe('600519.SH');
    expect(suggestSuffix('300033')).toBe('300033.SZ');
    expect(suggestSuffix('920020')).toBe('920020.BJ');
    expect(suggestSuffix('830799')).toBe('830799.BJ');
    expect(suggestSuffix('ABC')).toBeNull();
  });
});
