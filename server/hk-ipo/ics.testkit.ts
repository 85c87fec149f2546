import ICAL from 'ical.js';

/**
 * Reads a calendar file with ical.js (Mozilla's RFC 5545 parser, independent of the writer), for the
 * unit tests and the end-to-end test: a file that does not parse throws here.
 */

export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  /** Unix ms. */
  start: number;
  end: number;
  /** The TZID of DTSTART and DTEND (null for UTC or floating times). */
  startZone: string | null;
  endZone: string | null;
  /** The wall-clock times as written, `yyyy-MM-ddTHH:mm:ss`, in their zone. */
  startLocal: string;
  endLocal: string;
  url: string | null;
  categories: string[];
  /** Alarm triggers, as RFC 5545 durations (`-P1D`). */
  alarms: string[];
}

/** One VTIMEZONE: its TZID and the offsets of its observances. */
export interface ParsedZone {
  tzid: string | null;
  standard: { start: string; offsetFrom: string; offsetTo: string; rule: string | null }[];
  daylight: number;
}

export interface ParsedCalendar {
  name: string | null;
  version: string | null;
  timezones: ParsedZone[];
  events: ParsedEvent[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function parseCalendar(ics: string): ParsedCalendar {
  const root = new ICAL.Component(ICAL.parse(ics));
  if (root.name !== 'vcalendar') throw new Error(`not a calendar: ${root.name}`);
  const events = root.getAllSubcomponents('vevent').map((component): ParsedEvent => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      startZone: text(component.getFirstProperty('dtstart')?.getParameter('tzid')),
      endZone: text(component.getFirstProperty('dtend')?.getParameter('tzid')),
      startLocal: event.startDate.toString(),
      endLocal: event.endDate.toString(),
      url: text(component.getFirstPropertyValue('url')),
      categories: component
        .getAllProperties('categories')
        .flatMap((p) => p.getValues())
        .map((v) => String(v)),
      alarms: component
        .getAllSubcomponents('valarm')
        .map((alarm) => String(alarm.getFirstPropertyValue('trigger'))),
    };
  });
  const timezones = root.getAllSubcomponents('vtimezone').map((zone): ParsedZone => ({
    tzid: text(zone.getFirstPropertyValue('tzid')),
    standard: zone.getAllSubcomponents('standard').map((part) => ({
      start: String(part.getFirstPropertyValue('dtstart')),
      offsetFrom: String(part.getFirstPropertyValue('tzoffsetfrom')),
      offsetTo: String(part.getFirstPropertyValue('tzoffsetto')),
      rule: part.hasProperty('rrule') ? String(part.getFirstPropertyValue('rrule')) : null,
    })),
    daylight: zone.getAllSubcomponents('daylight').length,
  }));
  return {
    name: text(root.getFirstPropertyValue('x-wr-calname')) ?? text(root.getFirstPropertyValue('name')),
    version: text(root.getFirstPropertyValue('version')),
    timezones,
    events,
  };
}
