import type { z } from 'zod';
import type { ipoCalendarEntry } from './hk-ipo';

/**
 * Calendar entries as the simulator lists them on 2026-07-15 (server/simulator/handlers/hk-ipo.ts): one
 * issue open for subscription (a price range only, code confirmed) and one awaiting listing (priced).
 */

type Entry = z.output<typeof ipoCalendarEntry>;

export const OPEN_ISSUE: Entry = {
  issue_code: 'HKIPO20260714352',
  thscode: '7965.HK',
  name: '天祥食品',
  listing_date: '2026-07-23',
  issue_price: null,
  currency: 'HKD',
  subscription_end_date: '2026-07-17',
  entry_fee: 10721.04,
  issue_price_text: 'HK$15.52-17.69',
};

export const AWAITING_ISSUE: Entry = {
  issue_code: 'HKIPO20260707361',
  thscode: '7226.HK',
  name: '远利医疗-B',
  listing_date: '2026-07-17',
  issue_price: 8.44,
  currency: 'HKD',
  subscription_end_date: '2026-07-10',
  entry_fee: 13833.11,
  issue_price_text: 'HK$8.44',
};
