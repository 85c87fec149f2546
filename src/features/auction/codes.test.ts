import { describe, expect, it } from 'vitest';
import { catalog } from '../../contract/catalog';
import { AUCTION_MAX_TOKENS, checkCodes, requestCodes, splitCodes, suggestSuffix } from './codes';

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
    const check = checkCodes(['600519', 'ABC', '600519.SH', 'ABC', '000300.XSHG']);
    expect(check.malformed).toEqual(['600519', 'ABC', '000300.XSHG']);
    expect(requestCodes(check)).toEqual(['600519.SH']);
    expect(requestCodes(checkCodes(['ABC']))).toBeNull();
    expect(requestCodes(checkCodes([]))).toBeNull();
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
