/**
 * Plain values of the fund parameters (fund-common.ts) that pages read without calling the operations:
 * no schemas, so importing them never builds the parameter builders.
 */

/** Six digits + OF (off-exchange), SH or SZ: the form the vendor's CLI validates (upstream-extras 7). */
export const FUND_CODE_RE = /^\d{6}\.(OF|SH|SZ)$/;
