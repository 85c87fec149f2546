import { A_SHARE_CODE_RE } from '../../contract/params';

/**
 * The codes an analyst types or pastes, checked the way the service checks `thscodes`: at most 100
 * tokens counted before de-duplication, each six digits, a dot and SH, SZ or BJ. Everything is decided
 * here, before any request, so a list the service would refuse is never sent.
 */

export const AUCTION_MAX_TOKENS = 100;

/** Commas (also the full-width one), semicolons, enumeration commas, spaces and new lines separate codes. */
const SEPARATORS = /[\s,，;；、]+/;

/** Tokens in typed order, trimmed and upper-cased (the service's suffixes are upper case). */
export function splitCodes(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((token) => token.trim().toUpperCase())
    .filter((token) => token !== '');
}

export interface CodeCheck {
  /** Tokens as typed, duplicates included: what the limit counts. */
  count: number;
  tooMany: boolean;
  /** Well-formed codes, first occurrence kept, in typed order: what is sent. */
  codes: string[];
  /** Codes given more than once, with how many copies were removed. */
  duplicates: { code: string; removed: number }[];
  /** Tokens that are not A-share codes (each once): flagged and left out of the request. */
  malformed: string[];
}

export function checkCodes(tokens: readonly string[]): CodeCheck {
  const seen = new Map<string, number>();
  const malformed: string[] = [];
  for (const token of tokens) {
    if (!A_SHARE_CODE_RE.test(token)) {
      if (!malformed.includes(token)) malformed.push(token);
      continue;
    }
    seen.set(token, (seen.get(token) ?? 0) + 1);
  }
  const duplicates = [...seen]
    .filter(([, times]) => times > 1)
    .map(([code, times]) => ({ code, removed: times - 1 }));
  return {
    count: tokens.length,
    tooMany: tokens.length > AUCTION_MAX_TOKENS,
    codes: [...seen.keys()],
    duplicates,
    malformed,
  };
}

/** The codes a request may carry, or null when nothing may be sent (too many tokens, or none valid). */
export function requestCodes(check: CodeCheck): string[] | null {
  return check.tooMany || check.codes.length === 0 ? null : check.codes;
}

/** A bare six-digit code with its likely suffix (SH for 6/9xxxxx, BJ for 4/8/92xxxx, SZ otherwise), as a hint. */
export function suggestSuffix(token: string): string | null {
  if (!/^\d{6}$/.test(token)) return null;
  if (token.startsWith('92') || token.startsWith('4') || token.startsWith('8')) return `${token}.BJ`;
  if (token.startsWith('6') || token.startsWith('9')) return `${token}.SH`;
  return `${token}.SZ`;
}
