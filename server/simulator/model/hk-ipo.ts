import { dateOf, weekday } from './calendar';
import { FIRST_CHARS, SECOND_CHARS } from './names';
import { Rng, round } from './random';

/**
 * Hong Kong listing applications and the IPOs that come out of them. Every week brings a seeded number of
 * applications (A1 filings); some companies launch their offering three to eight months later, some file
 * again after their application lapsed (the duplicates the real list keeps). An offering runs four
 * business days, is priced the next day and lists three to five business days after the offer closes.
 * Business days are Monday to Friday (Hong Kong public holidays are not modelled).
 *
 * Entry fee = top of the price range × board lot × 1.010085 (1% brokerage, 0.0027% SFC levy, 0.00015%
 * AFRC levy, 0.00565% trading fee), as upstream-notes.md gives it.
 */

export const ENTRY_FEE_FACTOR = 1.010085;

export interface Application {
  companyName: string;
  day: number;
}

export interface IpoIssue {
  issueCode: string;
  /** Official code; null until the exchange confirms it. */
  thscode: string | null;
  /** Day from which the code is known. */
  codeKnownDay: number;
  name: string;
  companyName: string;
  lower: number;
  upper: number;
  /** Single price from the start (a fixed-price offer), else set on the pricing day. */
  fixedPrice: boolean;
  finalPrice: number;
  lotSize: number;
  entryFee: number;
  subscriptionStart: number;
  subscriptionEnd: number;
  pricingDay: number;
  listingDay: number;
}

/** Monday-based week number of a day, and the Monday of a week. */
export function weekOf(day: number): number {
  return Math.floor((day + 3) / 7);
}
function mondayOf(week: number): number {
  return week * 7 - 3;
}

/** `n` business days after a day (n ≥ 0; weekends skipped). */
export function addBusinessDays(day: number, n: number): number {
  let d = day;
  let left = n;
  while (weekday(d) === 0 || weekday(d) === 6) d++;
  while (left > 0) {
    d++;
    if (weekday(d) !== 0 && weekday(d) !== 6) left--;
  }
  return d;
}

// prettier-ignore
const INDUSTRIES: readonly (readonly [string, boolean])[] = [
  ['科技', false], ['医药', true], ['生物', true], ['智能', false], ['新能源', false], ['消费', false], ['物流', false],
  ['半导体', false], ['汽车', false], ['机器人', false], ['食品', false], ['材料', false], ['数字', false], ['医疗', true],
];
const FORMS = ['控股有限公司', '集团股份有限公司', '股份有限公司', '科技集团有限公司'];

interface Draft {
  company: string;
  short: string;
  biotech: boolean;
  day: number;
  launchWeek: number | null;
}

function draft(week: number, i: number, depth = 0): Draft {
  const rng = Rng.of('hk-application', week, i);
  const day = addBusinessDays(mondayOf(week), rng.int(0, 4));
  // About one filing in ten is a company filing again after its application lapsed six months earlier.
  if (depth < 3 && rng.chance(0.1)) {
    const earlier = draft(week - 26, rng.int(0, 3), depth + 1);
    return { ...earlier, day, launchWeek: rng.chance(0.4) ? week + rng.int(8, 20) : null };
  }
  const [c1] = rng.pick(FIRST_CHARS);
  const [c2] = rng.pick(SECOND_CHARS);
  const [industry, biotech] = rng.pick(INDUSTRIES);
  const short = `${c1}${c2}${industry}`;
  return {
    company: `${short}${rng.pick(FORMS)}`,
    short,
    biotech,
    day,
    launchWeek: rng.chance(0.55) ? week + rng.int(13, 34) : null,
  };
}

function applicationsOfWeek(week: number): Draft[] {
  const n = Rng.of('hk-applications', week).int(3, 8);
  return Array.from({ length: n }, (_, i) => draft(week, i));
}

/** Applications filed in [from, to] (day numbers), newest first; duplicates kept. */
export function applications(from: number, to: number): Application[] {
  const out: Application[] = [];
  for (let w = weekOf(to); w >= weekOf(from); w--) {
    for (const d of applicationsOfWeek(w)) {
      if (d.day >= from && d.day <= to) out.push({ companyName: d.company, day: d.day });
    }
  }
  return out.sort((a, b) => b.day - a.day || (a.companyName < b.companyName ? -1 : 1));
}

function niceLot(upper: number, rng: Rng): number {
  const target = rng.range(3000, 12000) / upper;
  const lots = [50, 100, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 2500, 4000, 5000, 10000];
  return lots.reduce((best, l) =>
    Math.abs(Math.log(l / target)) < Math.abs(Math.log(best / target)) ? l : best,
  );
}

function issueOf(d: Draft, week: number, i: number): IpoIssue | null {
  if (d.launchWeek === null) return null;
  const rng = Rng.of('hk-issue', week, i);
  const start = addBusinessDays(mondayOf(d.launchWeek), rng.int(0, 2));
  const end = addBusinessDays(start, 3);
  const pricing = addBusinessDays(end, 1);
  const listing = addBusinessDays(end, rng.int(3, 5));
  const lower = round(rng.logNormal(11, 0.8), 2);
  const fixedPrice = rng.chance(0.3);
  const upper = fixedPrice ? lower : round(lower * rng.range(1.08, 1.3), 2);
  // Most offers price at the top or the bottom of the range.
  const finalPrice = fixedPrice ? lower : rng.pick([upper, upper, lower, round((lower + upper) / 2, 2)]);
  const lotSize = niceLot(upper, rng);
  return {
    // Launch date, then the filing week and its position: unique within any launch window.
    issueCode: `HKIPO${dateOf(start).replace(/-/g, '')}${String(week % 100).padStart(2, '0')}${i}`,
    // New listings take four-digit codes (2xxx, 6xxx, 9xxx ...).
    thscode: `${rng.int(2000, 9999)}.HK`,
    codeKnownDay: rng.chance(0.75) ? start : pricing,
    name: `${d.short}${d.biotech ? '-B' : ''}`,
    companyName: d.company,
    lower,
    upper,
    fixedPrice,
    finalPrice,
    lotSize,
    entryFee: round(upper * lotSize * ENTRY_FEE_FACTOR, 2),
    subscriptionStart: start,
    subscriptionEnd: end,
    pricingDay: pricing,
    listingDay: listing,
  };
}

/** Offerings launched in the weeks [fromWeek, toWeek] (by launch week), in launch order. */
function issuesLaunchedBetween(fromWeek: number, toWeek: number): IpoIssue[] {
  const out: IpoIssue[] = [];
  for (let w = fromWeek - 40; w <= toWeek; w++) {
    applicationsOfWeek(w).forEach((d, i) => {
      if (d.launchWeek === null || d.launchWeek < fromWeek || d.launchWeek > toWeek) return;
      const issue = issueOf(d, w, i);
      if (issue) out.push(issue);
    });
  }
  return out.sort(
    (a, b) => a.subscriptionStart - b.subscriptionStart || (a.issueCode < b.issueCode ? -1 : 1),
  );
}

/** Offerings open for subscription on a day. */
export function subscribable(day: number): IpoIssue[] {
  return issuesLaunchedBetween(weekOf(day) - 2, weekOf(day)).filter(
    (x) => x.subscriptionStart <= day && day <= x.subscriptionEnd,
  );
}

/** Offerings whose subscription has closed and that have not listed yet. */
export function awaitingListing(day: number): IpoIssue[] {
  return issuesLaunchedBetween(weekOf(day) - 3, weekOf(day)).filter(
    (x) => x.subscriptionEnd < day && day < x.listingDay,
  );
}

/** An issue by its code (which carries its launch date), or undefined. */
export function issueByCode(issueCode: string): IpoIssue | undefined {
  const m = /^HKIPO(\d{4})(\d{2})(\d{2})\d{3}$/.exec(issueCode);
  if (!m) return undefined;
  const start = Math.floor(Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) / 86400000);
  if (!Number.isFinite(start)) return undefined;
  return issuesLaunchedBetween(weekOf(start), weekOf(start)).find((x) => x.issueCode === issueCode);
}

/** Whether a single price is known on a day (fixed-price offers, or once priced). */
export function priceKnown(issue: IpoIssue, day: number): boolean {
  return issue.fixedPrice || day >= issue.pricingDay;
}
