import { z } from 'zod';
import { defineOperations } from '../operation';
import { int, text, oneOf } from '../params';
import { dateText, intOrNull, numOrNull, pagination, str, strOrNull } from '../common';
import { IPO_CALENDAR_STATUSES, HONG_KONG_OFFSET_MINUTES } from './hk-ipo-terms';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export {
  IPO_CALENDAR_STATUSES,
  IPO_APPLICATION_PAGE_SIZE,
  HONG_KONG_TIME_ZONE,
  HONG_KONG_OFFSET_MINUTES,
  IPO_EVENT_TIMES,
  type IpoCalendarStatus,
  type IpoEventKind,
} from './hk-ipo-terms';

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
