import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { RawItem } from '../source-kind';
import type { EventOccurrence } from './calendar-events';

// One occurrence as the document the life cycle stores (issue 43 item 1): a one-event iCalendar file, its times
// in UTC (or dates, all day), with the calendar's name, its zone and the person's own zone carried along, so the
// extraction's event reader (extraction/calendar-event.ts) says each time in both and names the organiser and
// attendees as people. A changed occurrence is new bytes under the same key: the life cycle replaces it.

export interface CalendarPlace {
  /** Short and stable: the first part of every key of this calendar, so a calendar's keys are found by it. */
  tag: string;
  /** Shown: the calendar's name ("Work"). */
  name: string;
  /** The calendar's zone (X-WR-TIMEZONE, or the event's own TZID). */
  zone: string | null;
}

export const calendarTag = (href: string) => createHash('sha256').update(href).digest('hex').slice(0, 12);

/** A resource's part of its keys (a CalDAV event's address): its changes and removal find its keys by it. */
export const resourceTag = (href: string) => createHash('sha256').update(href).digest('hex').slice(0, 10);

/** The occurrence's key: its calendar, its resource, its UID and, for a repeat, which occurrence. */
export const occurrenceKey = (place: CalendarPlace, resource: string, occurrence: EventOccurrence) =>
  `${place.tag}/${resource}/${occurrence.uid}/${occurrence.recurrenceId ?? ''}`;

const utc = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);
const day = (text: string) => ICAL.Time.fromDateString(text);

function person(
  vevent: ICAL.Component,
  name: 'organizer' | 'attendee',
  who: { name: string; email: string | null },
) {
  const property = vevent.addPropertyWithValue(
    name,
    who.email === null ? `urn:x-name:${who.name}` : `mailto:${who.email}`,
  );
  property.setParameter('cn', who.name);
}

/** The iCalendar text of one occurrence. */
export function eventText(
  occurrence: EventOccurrence,
  place: CalendarPlace,
  personalZone: string | null,
): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Trove//Calendar source//EN');
  calendar.addPropertyWithValue('x-wr-calname', place.name);
  const zone = occurrence.zone ?? place.zone;
  if (zone !== null) calendar.addPropertyWithValue('x-wr-timezone', zone);
  if (personalZone !== null) calendar.addPropertyWithValue('x-trove-personal-timezone', personalZone);
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', occurrence.uid);
  if (occurrence.recurrenceId !== null)
    vevent.addPropertyWithValue('recurrence-id', utc(occurrence.recurrenceId));
  if (occurrence.allDay === null) {
    vevent.addPropertyWithValue('dtstart', utc(occurrence.start));
    vevent.addPropertyWithValue('dtend', utc(occurrence.end));
  } else {
    vevent.addPropertyWithValue('dtstart', day(occurrence.allDay.first));
    const after = day(occurrence.allDay.last);
    after.adjust(1, 0, 0, 0);
    vevent.addPropertyWithValue('dtend', after);
  }
  vevent.addPropertyWithValue('summary', occurrence.title);
  if (occurrence.place !== null) vevent.addPropertyWithValue('location', occurrence.place);
  if (occurrence.description !== null) vevent.addPropertyWithValue('description', occurrence.description);
  if (occurrence.organiser !== null) person(vevent, 'organizer', occurrence.organiser);
  for (const attendee of occurrence.attendees) person(vevent, 'attendee', attendee);
  if (occurrence.moreAttendees > 0)
    vevent.addPropertyWithValue('x-trove-more-attendees', String(occurrence.moreAttendees));
  if (occurrence.rule !== null) vevent.addPropertyWithValue('x-trove-repeats', occurrence.rule);
  calendar.addSubcomponent(vevent);
  return calendar.toString();
}

const fileName = (title: string) =>
  title
    .replace(/[/\\\r\n\t]/g, ' ')
    .slice(0, 120)
    .trim() || 'event';

export function eventItem(
  occurrence: EventOccurrence,
  place: CalendarPlace,
  resource: string,
  personalZone: string | null,
): RawItem {
  return {
    key: occurrenceKey(place, resource, occurrence),
    name: `${place.name}/${fileName(occurrence.title)} ${occurrence.allDay?.first ?? occurrence.start.slice(0, 10)}.ics`,
    mediaType: 'text/calendar',
    format: 'event',
    bytes: Buffer.from(eventText(occurrence, place, personalZone)),
    folder: place.name,
  };
}
