// The subpath, not the package's index: this module runs in the parse child, which the index's imports (the
// database, the logger, the job library) would cost seconds to start (docs/decisions/204).
import { formatterFor, offsetAt } from '@trove/service-core/time-zone';
import ICAL from 'ical.js';

// A calendar's text into its events, each repeat expanded over the window (issue 43 item 1;
// docs/decisions/180-calendar-sources.md). The text is untrusted: every dimension is bounded here — events, a
// repeat's occurrences and the steps its rule may take to find them, attendees, each field's length — so a rule
// that never ends, an event with 10,000 attendees or a feed of a million events costs a bounded amount of work.
// It runs in a child (parse-child.ts) with its own heap and clock; nothing here does I/O.

export const EVENT_LIMITS = {
  /** VEVENTs one calendar may hold (masters and changed occurrences together). */
  events: 20_000,
  /** Occurrences one calendar may expand to within the window. */
  occurrences: 60_000,
  /** Occurrences of one repeating event within the window: a daily event over two years is 731. */
  perEvent: 1_000,
  /** Steps one rule's iterator may take, counting those before the window (FREQ=SECONDLY since 1970). */
  ruleSteps: 50_000,
  /** Attendees kept of one event; the others are counted ("and 9,900 more"). */
  attendees: 100,
  titleChars: 500,
  placeChars: 1_000,
  descriptionChars: 20_000,
} as const;

export interface EventPerson {
  name: string;
  email: string | null;
}

/** One occurrence of an event, as a document is made of it. */
export interface EventOccurrence {
  /** Which of the texts expanded its event came from (a CalDAV resource; 0 for a feed). */
  part: number;
  /** The event's UID, cut to 300 characters. */
  uid: string;
  /** A repeat's occurrence: its original start (UTC, ISO); null for an event that does not repeat. */
  recurrenceId: string | null;
  /** The instant it starts (ISO); an all-day event's start in the calendar's zone. */
  start: string;
  end: string;
  /** All-day: the first and last day (YYYY-MM-DD), the end inclusive. */
  allDay: { first: string; last: string } | null;
  /** The zone its times were written in (a TZID), or null (UTC, floating or all-day). */
  zone: string | null;
  title: string;
  place: string | null;
  description: string | null;
  organiser: EventPerson | null;
  attendees: EventPerson[];
  /** Attendees beyond {@link EVENT_LIMITS.attendees}, left out. */
  moreAttendees: number;
  /** The rule, in iCalendar's words ("FREQ=WEEKLY;BYDAY=MO"), for a repeating event. */
  rule: string | null;
  /** Occurrences of this event left out past {@link EVENT_LIMITS.perEvent} or the rule's steps. */
  cut: boolean;
}

export class CalendarLimitError extends Error {}
export class CalendarParseError extends Error {}

export interface ExpandOptions {
  windowStart: number;
  windowEnd: number;
}

const clip = (text: string | null | undefined, max: number): string | null => {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
};

function personOf(property: ICAL.Property | null | undefined): EventPerson | null {
  if (property === null || property === undefined) return null;
  const value = String(property.getFirstValue() ?? '');
  const email = /^mailto:/i.test(value) ? value.replace(/^mailto:/i, '').trim() : null;
  const cn = property.getParameter('cn');
  const name = clip(typeof cn === 'string' ? cn : null, 200) ?? email ?? clip(value, 200);
  return name === null ? null : { name, email: email === '' ? null : email };
}

/**
 * The instant of a time: by its zone when the calendar defined it (VTIMEZONE) or it is UTC; by Intl's IANA data
 * for a TZID the file names without defining it (ical.js reads those as floating, `tzid` is the property's);
 * a floating time in the calendar's own zone (X-WR-TIMEZONE), else UTC.
 */
function instantOf(time: ICAL.Time, tzid: string | undefined, fallbackZone: string | null): number {
  const own = time.zone?.tzid;
  if (own !== undefined && own !== 'floating') return time.toUnixTime() * 1000;
  const zone = tzid !== undefined && knownZone(tzid) ? tzid : fallbackZone;
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  return zone === null ? wall : wall - zoneOffset(wall - zoneOffset(wall, zone), zone);
}

/** The TZID a property (DTSTART, DTEND, RECURRENCE-ID) names, defined in the file or not. */
function tzidOf(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
}

const zoneFormat = (zone: string): Intl.DateTimeFormat | null => formatterFor(zone) ?? null;
const knownZone = (zone: string) => zoneFormat(zone) !== null;

/** local − UTC at an instant, in ms (UTC for a zone the server does not know). */
function zoneOffset(instant: number, zone: string): number {
  const format = zoneFormat(zone);
  return format === null ? 0 : offsetAt(instant, format);
}

const dayOf = (time: ICAL.Time) =>
  `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

interface Counter {
  occurrences: number;
}

function occurrenceOf(
  event: ICAL.Event,
  start: ICAL.Time,
  end: ICAL.Time,
  recurrenceId: ICAL.Time | null,
  master: ICAL.Event,
  calendarZone: string | null,
): EventOccurrence | null {
  const component = event.component;
  if (String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return null;
  const attendees = component.getAllProperties('attendee');
  const people = attendees
    .slice(0, EVENT_LIMITS.attendees)
    .map(personOf)
    .filter((person): person is EventPerson => person !== null);
  const allDay = start.isDate;
  const zone = tzidOf(master.component, 'dtstart');
  const startMs = instantOf(start, tzidOf(component, 'dtstart') ?? zone, calendarZone);
  let endMs = instantOf(
    end,
    tzidOf(component, 'dtend') ?? tzidOf(component, 'dtstart') ?? zone,
    calendarZone,
  );
  if (!(endMs >= startMs)) endMs = startMs;
  const lastDay = allDay ? dayOf(end.compare(start) > 0 ? addDays(end, -1) : start) : '';
  const rule = master.component.getFirstPropertyValue('rrule');
  return {
    part: 0,
    uid: (event.uid ?? '').slice(0, 300),
    recurrenceId:
      recurrenceId === null ? null : new Date(instantOf(recurrenceId, zone, calendarZone)).toISOString(),
    start: new Date(startMs).toISOString(),
    end: new Date(endMs).toISOString(),
    allDay: allDay ? { first: dayOf(start), last: lastDay } : null,
    zone: allDay ? null : (tzidOf(component, 'dtstart') ?? zone ?? null),
    title: clip(event.summary, EVENT_LIMITS.titleChars) ?? '(no title)',
    place: clip(event.location, EVENT_LIMITS.placeChars),
    description: clip(event.description, EVENT_LIMITS.descriptionChars),
    organiser: personOf(component.getFirstProperty('organizer')),
    attendees: people,
    moreAttendees: Math.max(0, attendees.length - EVENT_LIMITS.attendees),
    rule: rule === null || rule === undefined ? null : String(rule.toString()).slice(0, 300),
    cut: false,
  };
}

function addDays(time: ICAL.Time, days: number): ICAL.Time {
  const copy = time.clone();
  copy.adjust(days, 0, 0, 0);
  return copy;
}

/** A repeating event's occurrences inside the window, exceptions applied, each once. */
function expandRepeats(
  master: ICAL.Event,
  options: ExpandOptions,
  calendarZone: string | null,
  counter: Counter,
): EventOccurrence[] {
  const found: EventOccurrence[] = [];
  const iterator = master.iterator();
  const zone = tzidOf(master.component, 'dtstart');
  let steps = 0;
  let cut = false;
  for (let next = iterator.next(); next !== undefined && next !== null; next = iterator.next()) {
    steps += 1;
    if (steps > EVENT_LIMITS.ruleSteps || found.length >= EVENT_LIMITS.perEvent) {
      cut = true;
      break;
    }
    const at = instantOf(next, zone, calendarZone);
    if (at > options.windowEnd) break;
    const details = master.getOccurrenceDetails(next);
    if (instantOf(details.endDate, zone, calendarZone) < options.windowStart) continue;
    const occurrence = occurrenceOf(
      details.item,
      details.startDate,
      details.endDate,
      details.recurrenceId,
      master,
      calendarZone,
    );
    if (occurrence === null) continue;
    countOne(counter);
    found.push(occurrence);
  }
  const last = found.at(-1);
  if (cut && last !== undefined) last.cut = true;
  return found;
}

/** Registers the calendar's own time zones (VTIMEZONE), so TZIDs it uses read as it defines them. */
function registerZones(root: ICAL.Component): void {
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string' && tzid !== '' && !ICAL.TimezoneService.has(tzid))
      ICAL.TimezoneService.register(zone);
  }
}

function parseRoots(text: string): ICAL.Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new CalendarParseError(error instanceof Error ? error.message : String(error));
  }
  // One VCALENDAR parses to one jCal array; several concatenated to an array of them.
  const roots = Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[]);
  return roots.map((root) => new ICAL.Component(root as unknown[]));
}

/** Every occurrence of every event in the texts (one calendar: a feed, or a CalDAV collection's resources). */
export function expandCalendar(texts: readonly string[], options: ExpandOptions): EventOccurrence[] {
  const parsed = texts.flatMap((text, part) => parseRoots(text).map((root) => ({ root, part })));
  const roots = parsed.map(({ root }) => root);
  if (roots.length > 0 && roots.every((root) => root.name !== 'vcalendar'))
    throw new CalendarParseError('it is not an iCalendar file (no BEGIN:VCALENDAR)');
  for (const root of roots) registerZones(root);
  const calendarZone = roots
    .map((root) => root.getFirstPropertyValue('x-wr-timezone'))
    .find((zone): zone is string => typeof zone === 'string' && knownZone(zone));
  const byUid = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[]; part: number }>();
  let events = 0;
  for (const { root, part } of parsed)
    for (const vevent of root.getAllSubcomponents('vevent')) {
      events += 1;
      if (events > EVENT_LIMITS.events)
        throw new CalendarLimitError(`it holds more than ${EVENT_LIMITS.events.toLocaleString('en')} events`);
      const uid = String(vevent.getFirstPropertyValue('uid') ?? `no-uid-${events}`);
      const group = byUid.get(uid) ?? { exceptions: [], part };
      if (vevent.hasProperty('recurrence-id')) group.exceptions.push(vevent);
      else group.master = vevent;
      byUid.set(uid, group);
    }
  const counter: Counter = { occurrences: 0 };
  const found: EventOccurrence[] = [];
  for (const group of byUid.values()) {
    const start = found.length;
    expandGroup(group, options, calendarZone, counter, found);
    for (let index = start; index < found.length; index += 1) {
      const occurrence = found[index];
      if (occurrence !== undefined) occurrence.part = group.part;
    }
  }
  return found;
}

/** One UID's occurrences: its series expanded with its changed occurrences, or its events alone. */
function expandGroup(
  group: { master?: ICAL.Component; exceptions: ICAL.Component[] },
  options: ExpandOptions,
  calendarZone: string | undefined,
  counter: Counter,
  found: EventOccurrence[],
): void {
  const master = group.master;
  if (master === undefined) {
    // Changed occurrences whose series is not in this calendar (invitations to single meetings of a series).
    for (const exception of group.exceptions)
      found.push(...single(new ICAL.Event(exception), calendarZone, counter));
    return;
  }
  // Its changed occurrences given (not found by ical.js among every sibling, which throws on another UID's).
  const event = new ICAL.Event(master, { strictExceptions: true, exceptions: group.exceptions });
  if (event.isRecurring()) found.push(...expandRepeats(event, options, calendarZone ?? null, counter));
  else found.push(...single(event, calendarZone, counter));
}

/** An event that does not repeat (or one changed occurrence alone): [] when cancelled or without a start. */
function single(event: ICAL.Event, calendarZone: string | undefined, counter: Counter): EventOccurrence[] {
  const start = event.startDate as ICAL.Time | null;
  if (start === null) return [];
  const recurrenceId = event.component.hasProperty('recurrence-id') ? event.recurrenceId : null;
  const occurrence = occurrenceOf(
    event,
    start,
    event.endDate ?? start,
    recurrenceId,
    event,
    calendarZone ?? null,
  );
  if (occurrence === null) return [];
  countOne(counter);
  return [occurrence];
}

function countOne(counter: Counter): void {
  counter.occurrences += 1;
  if (counter.occurrences > EVENT_LIMITS.occurrences)
    throw new CalendarLimitError(
      `it expands to more than ${EVENT_LIMITS.occurrences.toLocaleString('en')} events within the window`,
    );
}
