import { z } from 'zod';
import { defineOperations } from '../operation';
import { int, text, oneOf } from '../params';
import { dateText, intOrNull, numOrNull, pagination, str, strOrNull } from '../common';

// Hong Kong data is not offered to ordinary public keys at present (upstream-notes): expect 2003.

export const ipoApplication = z.looseObject({
  company_name: str,
  application_date: dateText.nullable(),
});

export const ipoCalendarEntry = z.looseObject({
  /** Issue record identifier, prefix kept; the input of issue-detail. */
  issue_code: str,
  /** Official code once confirmed. */
  thscode: strOrNull,
  name: str,
  listing_date: dateText.nullable(),
  /** HKD; null when only a range is known (no single price is inferred). */
  issue_price: numOrNull,
  currency: strOrNull,
  /** Public offering deadline, not a broker's cut-off. */
  subscription_end_date: dateText.nullable(),
  /** HKD, as returned. */
  entry_fee: numOrNull,
  issue_price_text: strOrNull,
});

export const ipoIssueDetail = z.looseObject({
  issue_code: str,
  currency: str,
  issue_price_range: z.looseObject({ lower: numOrNull, upper: numOrNull }).nullable(),
  /** Shares per board lot. */
  lot_size: intOrNull,
  /** HKD, as returned, not derived from price and lot. */
  entry_fee: numOrNull,
});

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

/** Unix ms of a Hong Kong wall-clock time (`yyyy-MM-dd`, `HH:mm`). */
export function hongKongTimeMs(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00Z`) - HONG_KONG_OFFSET_MINUTES * 60_000;
}

export const hkIpoOperations = defineOperations(
  { group: 'hk-ipo', access: 'open', source: 'spec' },
  {
    'hk-share/ipo/application-list': {
      summary: 'Hong Kong listing applications, 50 per page; follow has_next since total may be null',
      params: z.object({ page: int({ min: 1 }).default(1) }),
      // Fixed at IPO_APPLICATION_PAGE_SIZE rows a page.
      data: z.looseObject({ item: z.array(ipoApplication), pagination }),
      cache: 'reference',
    },
    'hk-share/ipo/calendar-list': {
      summary: 'Hong Kong IPOs open for subscription or awaiting listing',
      params: z.object({ status: oneOf(IPO_CALENDAR_STATUSES) }),
      data: z.looseObject({
        status: str,
        item: z.array(ipoCalendarEntry),
        // Named by the spec for Hong Kong IPO lists; not shown in the calendar's own shape.
        pagination: pagination.optional(),
      }),
      cache: 'reference',
    },
    'hk-share/ipo/issue-detail': {
      summary: 'Price range, board lot and entry fee of one Hong Kong IPO issue',
      params: z.object({ issue_code: text({ max: 32 }) }),
      data: ipoIssueDetail,
      cache: 'reference',
    },
  },
);
