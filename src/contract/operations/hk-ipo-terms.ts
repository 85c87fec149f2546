/**
 * Words and limits of the hk-ipo operations (hk-ipo.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

export const IPO_CALENDAR_STATUSES = ['subscribable', 'awaiting_listing'] as const;

export type IpoCalendarStatus = (typeof IPO_CALENDAR_STATUSES)[number];

/** Fixed page size of the application list. */
export const IPO_APPLICATION_PAGE_SIZE = 50;

/** Hong Kong keeps UTC+8 all year (no daylight saving since 1979). */
export const HONG_KONG_TIME_ZONE = 'Asia/Hong_Kong';

export const HONG_KONG_OFFSET_MINUTES = 8 * 60;

/**
 * The times of day the calendar's dates stand for, Hong Kong time, as HKEX prospectuses word them: the
 * application lists of the public offer open at 11:45 and close at 12:00 noon on the deadline (brokers'
 * own cut-offs are earlier and are not this date); dealings begin at 09:00 on the listing day (the
 * pre-opening session, until 09:30).
 */
export const IPO_EVENT_TIMES = {
  subscriptionEnd: { start: '11:45', end: '12:00' },
  listing: { start: '09:00', end: '09:30' },
} as const;

export type IpoEventKind = keyof typeof IPO_EVENT_TIMES;
