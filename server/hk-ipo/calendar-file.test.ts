import { describe, expect, it } from 'vitest';
import { eventUid } from '../../src/contract/calendar-files';
import { ipoCalendarFile, type CalendarFileOptions, type IpoCalendarEntry } from './calendar-file';
import { parseCalendar } from './ics.testkit';
import { OPEN_ISSUE } from '../../src/contract/operations/hk-ipo.testkit';

const ENTRY: IpoCalendarEntry = OPEN_ISSUE;

const OPTIONS: CalendarFileOptions = {
  lang: 'zh-CN',
  simulated: false,
  stampMs: Date.parse('2026-07-15T10:10:00+08:00'),
  appOrigin: 'http://127.0.0.1:8080',
};

const OCTETS = new TextEncoder();

/** RFC 5545 3.1: content lines are unfolded by removing every CRLF followed by one space or tab. */
function unfold(ics: string): string {
  return ics.replace(/\r\n[ \t]/g, '');
}

function property(ics: string, name: string): string[] {
  return unfold(ics)
    .split('\r\n')
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(':') + 1));
}

describe('the Hong Kong IPO calendar file', () => {
  it('ends every line with CRLF and folds lines longer than 75 octets without splitting a character', () => {
    // Three-octet CJK characters and four-octet emoji (surrogate pairs in JavaScript) at every offset.
    const long = { ...ENTRY, name: '天祥食品😀'.repeat(30), issue_price_text: 'HK$15.52-17.69 '.repeat(10) };
    const ics = ipoCalendarFile([long], OPTIONS);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // No bare CR or LF anywhere.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n').slice(0, -1);
    for (const line of lines) expect(OCTETS.encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    // Folding never cut a character: no line ends inside a surrogate pair or starts with its second half.
    for (const line of lines) {
      expect(line).not.toMatch(/[\uD800-\uDBFF]$/);
      expect(line).not.toMatch(/^ ?[\uDC00-\uDFFF]/);
    }
    const parsed = parseCalendar(ics);
    expect(parsed.events[0]?.summary).toBe(`招股截止：${long.name}`);
    expect(parsed.events[0]?.description).toContain(long.issue_price_text);
  });

  it('escapes commas, semicolons, backslashes and new lines in text, and the parser reads them back', () => {
    const name = '天祥, 食品; A\\B\nC';
    const ics = ipoCalendarFile([{ ...ENTRY, name }], OPTIONS);
    expect(property(ics, 'SUMMARY')[0]).toBe('招股截止：天祥\\, 食品\\; A\\\\B\\nC');
    const [deadline] = parseCalendar(ics).events;
    expect(deadline?.summary).toBe(`招股截止：${name}`);
    // The description's lines are escaped new lines inside one property.
    expect(deadline?.description.split('\n')).toContain('招股价: HK$15.52-17.69');
  });

  it('gives each event a UID from the issue code and the kind only, the same in every file', () => {
    const first = parseCalendar(ipoCalendarFile([ENTRY], OPTIONS));
    // A later file, another language, changed dates and prices: the same events, to be updated in place.
    const later = parseCalendar(
      ipoCalendarFile([{ ...ENTRY, listing_date: '2026-07-24', issue_price_text: 'HK$17.69' }], {
        ...OPTIONS,
        lang: 'en',
        stampMs: OPTIONS.stampMs + 3_600_000,
      }),
    );
    const uids = first.events.map((e) => e.uid);
    expect(uids).toEqual([
      eventUid(ENTRY.issue_code, 'subscriptionEnd'),
      eventUid(ENTRY.issue_code, 'listing'),
    ]);
    expect(new Set(uids).size).toBe(2);
    expect(later.events.map((e) => e.uid)).toEqual(uids);
    // UIDs of another issue differ.
    const other = parseCalendar(ipoCalendarFile([{ ...ENTRY, issue_code: 'HKIPO20260707361' }], OPTIONS));
    for (const e of other.events) expect(uids).not.toContain(e.uid);
  });

  it('writes the events once per issue, and none for a date the service does not have', () => {
    const noListing = { ...ENTRY, issue_code: 'HKIPO20260715001', listing_date: null };
    const parsed = parseCalendar(ipoCalendarFile([ENTRY, ENTRY, noListing], OPTIONS));
    expect(parsed.events.map((e) => e.uid)).toEqual([
      eventUid(ENTRY.issue_code, 'subscriptionEnd'),
      eventUid(ENTRY.issue_code, 'listing'),
      eventUid(noListing.issue_code, 'subscriptionEnd'),
    ]);
    expect(parseCalendar(ipoCalendarFile([], OPTIONS)).events).toEqual([]);
  });

  it('writes the deadline at 11:45–12:00 and the listing at 09:00–09:30 as Hong Kong times with their TZID', () => {
    const ics = ipoCalendarFile([ENTRY], OPTIONS);
    const lines = unfold(ics).split('\r\n');
    expect(lines.filter((l) => l.startsWith('DTSTART;'))).toEqual([
      'DTSTART;TZID=Asia/Hong_Kong:20260717T114500',
      'DTSTART;TZID=Asia/Hong_Kong:20260723T090000',
    ]);
    expect(lines.filter((l) => l.startsWith('DTEND;'))).toEqual([
      'DTEND;TZID=Asia/Hong_Kong:20260717T120000',
      'DTEND;TZID=Asia/Hong_Kong:20260723T093000',
    ]);
    const [deadline, listing] = parseCalendar(ics).events;
    expect([deadline?.startZone, deadline?.endZone, listing?.startZone]).toEqual([
      'Asia/Hong_Kong',
      'Asia/Hong_Kong',
      'Asia/Hong_Kong',
    ]);
    expect([deadline?.startLocal, deadline?.endLocal]).toEqual([
      '2026-07-17T11:45:00',
      '2026-07-17T12:00:00',
    ]);
    expect([listing?.startLocal, listing?.endLocal]).toEqual(['2026-07-23T09:00:00', '2026-07-23T09:30:00']);
    // Read with the file's VTIMEZONE, the same instants: 12:00 in Hong Kong is 04:00Z.
    expect(deadline?.start).toBe(Date.parse('2026-07-17T11:45:00+08:00'));
    expect(deadline?.end).toBe(Date.parse('2026-07-17T12:00:00+08:00'));
    expect(listing?.start).toBe(Date.parse('2026-07-23T09:00:00+08:00'));
    expect(listing?.end).toBe(Date.parse('2026-07-23T09:30:00+08:00'));
    expect(property(ics, 'X-WR-TIMEZONE')).toEqual(['Asia/Hong_Kong']);
    // DTSTAMP is when the file was made, in UTC (RFC 5545 3.8.7.2), zone or not.
    expect(property(ics, 'DTSTAMP')).toEqual(['20260715T021000Z', '20260715T021000Z']);
  });

  it('carries one VTIMEZONE for Asia/Hong_Kong: a single STANDARD observance at UTC+8, no summer time', () => {
    const ics = ipoCalendarFile([ENTRY, { ...ENTRY, issue_code: 'HKIPO20260707361' }], OPTIONS);
    const { timezones } = parseCalendar(ics);
    expect(timezones).toEqual([
      {
        tzid: 'Asia/Hong_Kong',
        standard: [{ start: '1979-10-21T03:30:00', offsetFrom: '+09:00', offsetTo: '+08:00', rule: null }],
        daylight: 0,
      },
    ]);
    // Before the events, as RFC 5545 readers expect a zone to be defined before it is referred to.
    expect(ics.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(ics.indexOf('BEGIN:VEVENT'));
    // A calendar without events refers to no zone and defines none.
    expect(parseCalendar(ipoCalendarFile([], OPTIONS)).timezones).toEqual([]);
  });

  it('writes the same Hong Kong times whatever time zone the server runs in', () => {
    const zone = process.env['TZ'];
    try {
      const runs = ['America/New_York', 'Asia/Tokyo', 'UTC'].map((tz) => {
        process.env['TZ'] = tz;
        return { offset: new Date(0).getTimezoneOffset(), file: ipoCalendarFile([ENTRY], OPTIONS) };
      });
      // The runtime really changed zone (else this test proves nothing): New York −5 h, Tokyo +9 h in January.
      expect(runs.map((r) => r.offset)).toEqual([300, -540, 0]);
      expect(new Set(runs.map((r) => r.file)).size).toBe(1);
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('states the service texts as given: the price text, the entry fee in HKD, and the code when known', () => {
    const pending = { ...ENTRY, thscode: null, entry_fee: null, issue_price_text: null };
    const [known] = parseCalendar(ipoCalendarFile([ENTRY], OPTIONS)).events;
    expect(known?.description).toContain('入场费: HK$10,721.04');
    expect(known?.description).toContain('股票代码: 7965.HK');
    expect(known?.url).toBe('http://127.0.0.1:8080/hk-ipo?issue=HKIPO20260714352');
    expect(known?.alarms).toEqual(['-P1D']);
    const [unknown] = parseCalendar(ipoCalendarFile([pending], { ...OPTIONS, lang: 'en' })).events;
    expect(unknown?.summary).toBe('Public offer closes: 天祥食品');
    expect(unknown?.description).toContain('Stock code: to be confirmed');
    expect(unknown?.description).not.toContain('Entry fee');
    expect(unknown?.description).not.toContain('Offer price');
  });

  it('says "simulated" in the calendar name and every event in simulated mode', () => {
    const parsed = parseCalendar(ipoCalendarFile([ENTRY], { ...OPTIONS, simulated: true }));
    expect(parsed.name).toContain('Simulated data');
    for (const e of parsed.events) {
      expect(e.summary.startsWith('【模拟】')).toBe(true);
      expect(e.description.split('\n')[0]).toContain('模拟数据');
    }
    const live = parseCalendar(ipoCalendarFile([ENTRY], OPTIONS));
    expect(live.name).toBe('港股新股日历');
    for (const e of live.events) expect(e.summary).not.toContain('模拟');
  });
});
