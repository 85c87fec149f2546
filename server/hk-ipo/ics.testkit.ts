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
  url: string | null;
  categories: string[];
  /** Alarm triggers, as RFC 5545 durations (`-P1D`). */
  alarms: string[];
}

export interface ParsedCalendar {
  name: string | null;
  version: string | null;
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
  return {
    name: text(root.getFirstPropertyValue('x-wr-calname')) ?? text(root.getFirstPropertyValue('name')),
    version: text(root.getFirstPropertyValue('version')),
    events,
  };
}
