import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { dateOf } from '../model/calendar';
import {
  applications,
  awaitingListing,
  issueByCode,
  priceKnown,
  subscribable,
  type IpoIssue,
} from '../model/hk-ipo';
import { SimError, defineHandler } from '../route';
import { clockOf } from './common';

/** Fixed page size of the application list. */
const PAGE_SIZE = 50;
/** The application list covers the last year of filings. */
const APPLICATION_DAYS = 365;

function calendarRow(issue: IpoIssue, day: number) {
  const known = priceKnown(issue, day);
  return {
    issue_code: issue.issueCode,
    thscode: day >= issue.codeKnownDay ? issue.thscode : null,
    name: issue.name,
    listing_date: dateOf(issue.listingDay),
    // Null while only a range is known; no single price is inferred from it.
    issue_price: known ? issue.finalPrice : null,
    currency: 'HKD',
    subscription_end_date: dateOf(issue.subscriptionEnd),
    entry_fee: issue.entryFee,
    issue_price_text: known
      ? `HK$${issue.finalPrice.toFixed(2)}`
      : `HK$${issue.lower.toFixed(2)}-${issue.upper.toFixed(2)}`,
  };
}

export const hkIpoRoutes = [
  defineHandler(catalog['hk-share/ipo/application-list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const all = applications(clock.today - APPLICATION_DAYS, clock.today);
    const from = (params.page - 1) * PAGE_SIZE;
    return {
      item: all
        .slice(from, from + PAGE_SIZE)
        .map((a) => ({ company_name: a.companyName, application_date: dateOf(a.day) })),
      // The service does not always know the total: callers follow has_next.
      pagination: {
        page: params.page,
        size: PAGE_SIZE,
        total: null,
        has_next: from + PAGE_SIZE < all.length,
      },
    };
  }),

  defineHandler(catalog['hk-share/ipo/calendar-list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const issues =
      params.status === 'subscribable' ? subscribable(clock.today) : awaitingListing(clock.today);
    return { status: params.status, item: issues.map((i) => calendarRow(i, clock.today)) };
  }),

  defineHandler(catalog['hk-share/ipo/issue-detail'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const issue = issueByCode(params.issue_code);
    // An offer not launched yet has no public record.
    if (!issue || issue.subscriptionStart > clock.today) {
      throw new SimError(ErrorCode.INSTRUMENT_NOT_FOUND, `IPO issue '${params.issue_code}' does not exist`);
    }
    return {
      issue_code: issue.issueCode,
      currency: 'HKD',
      issue_price_range: { lower: issue.lower, upper: issue.upper },
      lot_size: issue.lotSize,
      entry_fee: issue.entryFee,
    };
  }),
];
