import { IPO_CALENDAR_STATUSES } from './operations/hk-ipo-terms';

/**
 * The plain values of the calendar files (calendar-files.ts) that `/hk-ipo`'s link state reads up front,
 * without the files' schemas and paths.
 */

/** `all` is both calendar lists. */
export const CALENDAR_FILE_STATUSES = ['all', ...IPO_CALENDAR_STATUSES] as const;
export type CalendarFileStatus = (typeof CALENDAR_FILE_STATUSES)[number];

/** The issue code's rule of `hk-share/ipo/issue-detail`: at most 32 characters, here also URL-safe. */
export const ISSUE_CODE_RE = /^[0-9A-Za-z_-]{1,32}$/;
