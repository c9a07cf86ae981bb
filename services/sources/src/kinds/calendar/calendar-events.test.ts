import { describe, expect, it } from 'vitest';
import { CalendarLimitError, EVENT_LIMITS, expandCalendar } from './calendar-events';
import { eventText } from './event-document';

// A calendar's events expanded within bounds (issue 43 item 1): exceptions, EXDATE and cancellations applied
// once, a rule that never ends stopped, 10,000 attendees cut, too many events refused with words.

const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:t', ...events, 'END:VCALENDAR', ''].join('\r\n');
const window = {
  windowStart: Date.parse('2026-11-01T00:00:00Z'),
  windowEnd: Date.parse('2026-11-20T00:00:00Z'),
};

describe('expandCalendar', () => {
  it('expands a weekly repeat with a moved, a removed and a cancelled occurrence, each once, in its time zone', () => {
    const found = expandCalendar(
      [
        calendar(
          'BEGIN:VEVENT',
          'UID:standup',
          'DTSTART;TZID=Europe/Berlin:20261102T093000',
          'DTEND;TZID=Europe/Berlin:20261102T094500',
          'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
          'EXDATE;TZID=Europe/Berlin:20261104T093000',
          'SUMMARY:Team standup',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:standup',
          'RECURRENCE-ID;TZID=Europe/Berlin:20261109T093000',
          'DTSTART;TZID=Europe/Berlin:20261109T110000',
          'DTEND;TZID=Europe/Berlin:20261109T111500',
          'SUMMARY:Team standup (moved)',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:standup',
          'RECURRENCE-ID;TZID=Europe/Berlin:20261111T093000',
          'STATUS:CANCELLED',
          'DTSTART;TZID=Europe/Berlin:20261111T093000',
          'SUMMARY:Team standup',
          'END:VEVENT',
        ),
      ],
      window,
    );
    expect(found.map((o) => [o.start, o.title])).toEqual([
      ['2026-11-02T08:30:00.000Z', 'Team standup'],
      ['2026-11-09T10:00:00.000Z', 'Team standup (moved)'],
      ['2026-11-16T08:30:00.000Z', 'Team standup'],
      ['2026-11-18T08:30:00.000Z', 'Team standup'],
    ]);
    expect(new Set(found.map((o) => o.recurrenceId)).size).toBe(found.length);
  });

  it('stops a rule that never ends and cuts 10,000 attendees', () => {
    const attendees = Array.from({ length: 10_000 }, (_, i) => `ATTENDEE;CN=P${i}:mailto:p${i}@example.com`);
    const found = expandCalendar(
      [
        calendar(
          'BEGIN:VEVENT',
          'UID:forever',
          'DTSTART:20261101T000000Z',
          'RRULE:FREQ=MINUTELY',
          'SUMMARY:Forever',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:crowd',
          'DTSTART:20261105T100000Z',
          'SUMMARY:All hands',
          ...attendees,
          'END:VEVENT',
        ),
      ],
      window,
    );
    const forever = found.filter((o) => o.uid === 'forever');
    expect(forever).toHaveLength(EVENT_LIMITS.perEvent);
    expect(forever.at(-1)?.cut).toBe(true);
    const crowd = found.find((o) => o.uid === 'crowd');
    expect(crowd?.attendees).toHaveLength(EVENT_LIMITS.attendees);
    expect(crowd?.moreAttendees).toBe(10_000 - EVENT_LIMITS.attendees);
  });

  it('refuses a calendar of more events than the bound, with words', () => {
    const events = Array.from({ length: EVENT_LIMITS.events + 1 }, (_, i) =>
      ['BEGIN:VEVENT', `UID:e${i}`, 'DTSTART:20261105T100000Z', 'SUMMARY:x', 'END:VEVENT'].join('\r\n'),
    );
    expect(() => expandCalendar([calendar(...events)], window)).toThrow(CalendarLimitError);
  });
});

describe('an event document', () => {
  it('is one VEVENT in UTC with the calendar, both zones, the organiser and the attendees', () => {
    const [occurrence] = expandCalendar(
      [
        calendar(
          'BEGIN:VEVENT',
          'UID:board',
          'DTSTART;TZID=Europe/Berlin:20261112T100000',
          'DTEND;TZID=Europe/Berlin:20261112T113000',
          'SUMMARY:Board meeting',
          'LOCATION:Room Zanzibar',
          'ORGANIZER;CN=Ann Lee:mailto:ann@acme.example',
          'ATTENDEE;CN=Bob Roy:mailto:bob@acme.example',
          'END:VEVENT',
        ),
      ],
      window,
    );
    if (occurrence === undefined) throw new Error('no event');
    const text = eventText(occurrence, { tag: 't', name: 'Work', zone: null }, 'Asia/Kolkata');
    for (const line of [
      'X-WR-CALNAME:Work',
      'X-WR-TIMEZONE:Europe/Berlin',
      'X-TROVE-PERSONAL-TIMEZONE:Asia/Kolkata',
      'DTSTART:20261112T090000Z',
      'DTEND:20261112T103000Z',
      'SUMMARY:Board meeting',
      'ORGANIZER;CN=Ann Lee:mailto:ann@acme.example',
      'ATTENDEE;CN=Bob Roy:mailto:bob@acme.example',
    ])
      expect(text).toContain(line);
  });
});
