import type { CodeTableRow } from '../../api/instruments';
import { A_SHARE_CODE_RE } from '../../contract/params';

/**
 * The codes an analyst types or pastes, checked the way the service checks `thscodes` (at most 100
 * tokens counted before de-duplication, A-shares only) and against the A-share code table: a bare
 * `600519` or `SH600519` becomes the one A-share it names, and a code that is not an existing A-share
 * (`510300.SH` is an ETF, `600519.SZ` does not exist) is flagged on its own while the others are
 * queried. Everything is decided here, before any request, so one bad token never fails the batch.
 */

export const AUCTION_MAX_TOKENS = 100;

// How typed text splits into tokens is the URL state's rule too (the `codes` parameter): it lives there,
// so the route's search check does not load this module up front.
export { splitCodes } from './url-state';

/** The A-shares that exist, by code and by their six digits. */
export interface AShareTable {
  has: (code: string) => boolean;
  /** The A-share codes with these six digits (one, except in theory across exchanges). */
  byTicker: (ticker: string) => readonly string[];
}

export function aShareTable(rows: readonly CodeTableRow[]): AShareTable {
  const codes = new Set<string>();
  const tickers = new Map<string, string[]>();
  for (const row of rows) {
    const code = row.thscode.toUpperCase();
    codes.add(code);
    const ticker = code.slice(0, 6);
    tickers.set(ticker, [...(tickers.get(ticker) ?? []), code]);
  }
  return { has: (code) => codes.has(code), byTicker: (ticker) => tickers.get(ticker) ?? [] };
}

/** A token that is not queried, and why. */
export type FlaggedToken =
  | { kind: 'malformed'; token: string; guess: string | null }
  /** Well-formed but not an existing A-share (a fund, an index, a wrong suffix); `guess`: the A-share with its digits. */
  | { kind: 'not-a-share'; token: string; guess: string | null }
  | { kind: 'ambiguous'; token: string; candidates: readonly string[] };

export interface CodeCheck {
  /** Tokens as typed, duplicates included: what the limit counts. */
  count: number;
  tooMany: boolean;
  /** Existing A-share codes, first occurrence kept, in typed order: what is sent. */
  codes: string[];
  /** Tokens written another way (`600519`, `SH600519`) and the code they became. */
  resolved: { token: string; code: string }[];
  /** Codes given more than once (after resolving), with how many copies were removed. */
  duplicates: { code: string; removed: number }[];
  /** Tokens left out of the request (each once), with the reason. */
  flagged: FlaggedToken[];
  /** Whether the codes were checked against the code table (otherwise only their format was). */
  verified: boolean;
}

/** `SH600519`, `600519SH`, `600519.sh` → `600519.SH`; null for anything else. */
function fullForm(token: string): string | null {
  if (A_SHARE_CODE_RE.test(token)) return token;
  const prefixed = /^(SH|SZ|BJ)\.?(\d{6})$/.exec(token);
  if (prefixed) return `${prefixed[2] ?? ''}.${prefixed[1] ?? ''}`;
  const suffixed = /^(\d{6})(SH|SZ|BJ)$/.exec(token);
  if (suffixed) return `${suffixed[1] ?? ''}.${suffixed[2] ?? ''}`;
  return null;
}

/** A bare six-digit code with its likely suffix (SH for 6/9xxxxx, BJ for 4/8/92xxxx, SZ otherwise), as a hint. */
export function suggestSuffix(token: string): string | null {
  if (!/^\d{6}$/.test(token)) return null;
  if (token.startsWith('92') || token.startsWith('4') || token.startsWith('8')) return `${token}.BJ`;
  if (token.startsWith('6') || token.startsWith('9')) return `${token}.SH`;
  return `${token}.SZ`;
}

type Decision = { code: string } | FlaggedToken;

/** One token, with the code table (`null`: unavailable, only the format is checked). */
function decide(token: string, table: AShareTable | null): Decision {
  const full = fullForm(token);
  if (full !== null) {
    if (table === null || table.has(full)) return { code: full };
    const guess = table.byTicker(full.slice(0, 6))[0] ?? null;
    return { kind: 'not-a-share', token, guess };
  }
  if (/^\d{6}$/.test(token)) {
    if (table === null) return { kind: 'malformed', token, guess: suggestSuffix(token) };
    const candidates = table.byTicker(token);
    const only = candidates.length === 1 ? candidates[0] : undefined;
    if (only !== undefined) return { code: only };
    return candidates.length === 0
      ? { kind: 'not-a-share', token, guess: null }
      : { kind: 'ambiguous', token, candidates };
  }
  return { kind: 'malformed', token, guess: null };
}

export function checkCodes(tokens: readonly string[], table: AShareTable | null = null): CodeCheck {
  const seen = new Map<string, number>();
  const resolved: { token: string; code: string }[] = [];
  const flagged: FlaggedToken[] = [];
  for (const token of tokens) {
    const decision = decide(token, table);
    if ('code' in decision) {
      if (decision.code !== token && !resolved.some((r) => r.token === token)) {
        resolved.push({ token, code: decision.code });
      }
      seen.set(decision.code, (seen.get(decision.code) ?? 0) + 1);
    } else if (!flagged.some((f) => f.token === token)) {
      flagged.push(decision);
    }
  }
  const duplicates = [...seen]
    .filter(([, times]) => times > 1)
    .map(([code, times]) => ({ code, removed: times - 1 }));
  return {
    count: tokens.length,
    tooMany: tokens.length > AUCTION_MAX_TOKENS,
    codes: [...seen.keys()],
    resolved,
    duplicates,
    flagged,
    verified: table !== null,
  };
}

/** The codes a request may carry, or null when nothing may be sent (too many tokens, or none valid). */
export function requestCodes(check: CodeCheck): string[] | null {
  return check.tooMany || check.codes.length === 0 ? null : check.codes;
}
