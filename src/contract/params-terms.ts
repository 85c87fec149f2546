/**
 * Code and date forms of the contract's parameters: plain values and checks, no schemas, so a page (its
 * URL state, read before the first paint) can use them without loading the parameter builders of
 * params.ts, which re-exports them.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in `yyyy-MM-dd`. */
export function isValidDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/**
 * A code as the service writes it: trimmed and upper case (its market suffixes are upper case, so
 * `600519.sh ` is `600519.SH`). Every code a person typed or a link carried goes through this first.
 */
export function canonicalCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export const A_SHARE_CODE_RE = /^\d{6}\.(SH|SZ|BJ)$/;
export const THSCODE_RE = /^[0-9A-Za-z]{1,16}\.[A-Za-z]{1,6}$/;
export const INDEX_CODE_RE = /^[0-9A-Za-z]{6}\.(SH|SZ|TI)$/;
/**
 * A full code of any instrument the search lists: letters or digits, hyphens inside (option contracts
 * such as `IO2609-C-3800.CFX`), a dot and the market suffix.
 */
export const INSTRUMENT_CODE_RE = /^[0-9A-Za-z][0-9A-Za-z-]{0,31}\.[A-Za-z]{1,6}$/;
