import ICAL from 'ical.js';
import type { MentionedDate } from './dates';
import { ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { uniquePeople } from './facts';
import { organisationDomain, type Person } from './people';

// A calendar event (issue 43 item 1): what a calendar source stores for each occurrence (one VEVENT, times in
// UTC, the calendar's zone and the person's own carried as X-WR-TIMEZONE and X-TROVE-PERSONAL-TIMEZONE), and an
// .ics file uploaded. The title is the summary, the document's date the start — so `standup after:2026-11-01`
// and "when is the next board meeting?" find it by its date —, the times are written out in the calendar's zone
// and the person's, the organiser is the sender (from:) and the attendees the recipients (to:).

/** Events of one uploaded file read at most (a calendar source's document holds one). */
const EVENTS_READ_MAX = 2_000;

/** A zone's three formatters, made once: building an Intl.DateTimeFormat costs far more than using one. */
interface ZoneFormats {
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  iso: Intl.DateTimeFormat;
}

/** By zone name; null for a name Intl does not know. Bounded: an uploaded file may name any zone. */
const zoneFormats = new Map<string, ZoneFormats | null>();
const ZONES_KEPT = 512;

/**
 * A zone's formatters, or null when Intl does not know it. Each one was built per event before (eight an event):
 * they were 80% of reading a calendar source's occurrence (docs/decisions/219).
 */
function formatsOf(zone: string): ZoneFormats | null {
  const known = zoneFormats.get(zone);
  if (known !== undefined) return known;
  let made: ZoneFormats | null;
  try {
    made = {
      day: new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
      iso: new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
    };
  } catch {
    made = null;
  }
  if (zoneFormats.size >= ZONES_KEPT) zoneFormats.clear();
  zoneFormats.set(zone, made);
  return made;
}

function zoneOf(calendar: ICAL.Component, name: string): string | null {
  const zone = calendar.getFirstPropertyValue(name);
  if (typeof zone !== 'string' || zone === '') return null;
  return formatsOf(zone) === null ? null : zone;
}

/**
 * "Thursday, 12 November 2026 (2026-11-12), 10:00–11:30 Europe/Berlin", and the dates it states as the facts
 * would find them: the reader knows them, so the facts do not read the line again (chrono took ~1 ms a line).
 */
function when(start: Date, end: Date, zone: string): { text: string; dates: MentionedDate[] } {
  const formats = formatsOf(zone) ?? formatsOf('UTC');
  if (formats === null) throw new Error('Intl knows no UTC');
  const { day, time, iso } = formats;
  const startDay = day.format(start);
  const startIso = iso.format(start);
  const sameDay = startIso === iso.format(end);
  const until = sameDay ? time.format(end) : `${day.format(end)} ${time.format(end)}`;
  const dates = [
    { text: startDay, iso: startIso },
    { text: startIso, iso: startIso },
  ];
  // An event over midnight: its last day too (chrono's reading of the line gave its text with the time).
  if (!sameDay) dates.push({ text: `${day.format(end)} ${time.format(end)}`, iso: iso.format(end) });
  return { text: `${startDay} (${startIso}), ${time.format(start)}–${until} ${zone}`, dates };
}

function personOf(property: ICAL.Property, role: 'from' | 'to'): Person | null {
  const value = String(property.getFirstValue() ?? '');
  const email = /^mailto:/i.test(value) ? value.replace(/^mailto:/i, '').trim() : undefined;
  const cn = property.getParameter('cn');
  const name =
    (typeof cn === 'string' && cn.trim() !== '' ? cn.trim() : email) ?? value.replace(/^urn:x-name:/, '');
  if (name === '') return null;
  return email === undefined || email === '' ? { name, role } : { name, email, role };
}

/** `stated`: the lines written here whose dates are known, with those dates (DocumentText.statedDates). */
function eventBlocks(
  vevent: ICAL.Component,
  calendar: ICAL.Component,
  fallbackZone: string | null,
  stated: Map<string, readonly MentionedDate[]>,
) {
  const event = new ICAL.Event(vevent);
  const title = (event.summary ?? '').trim() || '(no title)';
  const start = event.startDate as ICAL.Time | null;
  const lines: string[] = [title];
  let date: Date | null = null;
  if (start !== null) {
    const end = (event.endDate as ICAL.Time | null) ?? start;
    date = start.toJSDate();
    if (start.isDate) {
      const last = end.clone();
      if (end.compare(start) > 0) last.adjust(-1, 0, 0, 0);
      lines.push(
        `When: ${start.toString()}${last.compare(start) > 0 ? ` to ${last.toString()}` : ''}, all day`,
      );
    } else {
      const zone = zoneOf(calendar, 'x-wr-timezone') ?? fallbackZone ?? 'UTC';
      const local = when(start.toJSDate(), end.toJSDate(), zone);
      lines.push(`When: ${local.text}`);
      stated.set(`When: ${local.text}`, local.dates);
      const personal = zoneOf(calendar, 'x-trove-personal-timezone');
      if (personal !== null && personal !== zone) {
        const yours = when(start.toJSDate(), end.toJSDate(), personal);
        lines.push(`Your time: ${yours.text}`);
        stated.set(`Your time: ${yours.text}`, yours.dates);
      }
    }
  }
  const place = (event.location ?? '').trim();
  if (place !== '') lines.push(`Where: ${place}`);
  const organiser = vevent.getFirstProperty('organizer');
  const people = [
    ...(organiser === null ? [] : [personOf(organiser, 'from')]),
    ...vevent.getAllProperties('attendee').map((attendee) => personOf(attendee, 'to')),
  ].filter((person): person is Person => person !== null);
  const from = people.filter((person) => person.role === 'from');
  if (from.length > 0) lines.push(`Organiser: ${from.map((p) => p.name).join(', ')}`);
  const more = Number(vevent.getFirstPropertyValue('x-trove-more-attendees') ?? 0);
  const to = people.filter((person) => person.role === 'to').map((p) => p.name);
  if (to.length > 0)
    lines.push(`Attendees: ${to.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en')} more` : ''}`);
  const repeats = vevent.getFirstPropertyValue('x-trove-repeats') ?? vevent.getFirstPropertyValue('rrule');
  if (repeats !== null && repeats !== undefined) lines.push(`Repeats: ${String(repeats)}`);
  const calendarName = calendar.getFirstPropertyValue('x-wr-calname');
  if (typeof calendarName === 'string' && calendarName !== '') lines.push(`Calendar: ${calendarName}`);
  const blocks = [{ location: 'event', text: lines.join('\n') }];
  const description = (event.description ?? '').trim();
  if (description !== '')
    blocks.push(
      ...description.split(/\n\s*\n/).map((text) => ({ location: 'description', text: text.trim() })),
    );
  return { title, date, people, blocks };
}

/** An iCalendar file: every event in it, the first one's title and start the document's. */
export function readCalendarEvent(text: string, fallbackTitle: string): DocumentText {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new ExtractionError('This calendar file is damaged and cannot be read.');
  }
  const events = calendar.getAllSubcomponents('vevent').slice(0, EVENTS_READ_MAX);
  const stated = new Map<string, readonly MentionedDate[]>();
  const read = events.map((vevent) => eventBlocks(vevent, calendar, null, stated));
  const first = read[0];
  const people = uniquePeople(read.flatMap((event) => event.people));
  const organisations = [
    ...new Set(
      people
        .flatMap((person) => (person.email ? [organisationDomain(person.email)] : []))
        .filter((d): d is string => d !== null),
    ),
  ];
  return {
    title: read.length === 1 && first !== undefined ? first.title : fallbackTitle,
    parts: Math.max(1, read.length),
    documentDate: first?.date ?? null,
    blocks: read.flatMap((event) => event.blocks),
    statedDates: stated,
    people,
    organisations,
  };
}
