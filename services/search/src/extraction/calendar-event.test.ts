import { describe, expect, it } from 'vitest';
import { readCalendarEvent } from './calendar-event';
import { findDates } from './dates';

// The event reader (issue 43 item 1): a calendar source's one-event file (times in UTC, the calendar's zone and
// the person's carried along) read back with its title, its date, the times in both zones, and the organiser and
// attendees as people.

const text = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Trove//Calendar source//EN',
  'X-WR-CALNAME:Work',
  'X-WR-TIMEZONE:Europe/Berlin',
  'X-TROVE-PERSONAL-TIMEZONE:Asia/Kolkata',
  'BEGIN:VEVENT',
  'UID:board',
  'DTSTART:20261112T090000Z',
  'DTEND:20261112T103000Z',
  'SUMMARY:Board meeting',
  'LOCATION:Room Zanzibar',
  'ORGANIZER;CN=Ann Lee:mailto:ann@acme.example',
  'ATTENDEE;CN=Bob Roy:mailto:bob@acme.example',
  'X-TROVE-MORE-ATTENDEES:9900',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('readCalendarEvent', () => {
  it('reads back its title, its date, both time zones, and the organiser and attendees as people', () => {
    const read = readCalendarEvent(text, 'fallback');
    expect(read.title).toBe('Board meeting');
    expect(read.documentDate?.toISOString()).toBe('2026-11-12T09:00:00.000Z');
    const lines = read.blocks[0]?.text ?? '';
    expect(lines).toContain('When: Thursday, 12 November 2026 (2026-11-12), 10:00–11:30 Europe/Berlin');
    expect(lines).toContain('Your time: Thursday, 12 November 2026 (2026-11-12), 14:30–16:00 Asia/Kolkata');
    expect(lines).toContain('Where: Room Zanzibar');
    expect(lines).toContain('Attendees: Bob Roy and 9,900 more');
    expect(read.people).toEqual([
      { name: 'Ann Lee', email: 'ann@acme.example', role: 'from' },
      { name: 'Bob Roy', email: 'bob@acme.example', role: 'to' },
    ]);
    expect(read.organisations).toEqual(['acme.example']);
  });

  it('refuses damaged text with words', () => {
    expect(() => readCalendarEvent('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n', 'x')).toThrow(/damaged/);
  });

  it('states the dates of its "When:" lines as chrono reads them, so the facts do not read them again', () => {
    const read = readCalendarEvent(text, 'x');
    const stated = [...(read.statedDates ?? [])];
    expect(stated.map(([line]) => line.split(':')[0])).toEqual(['When', 'Your time']);
    for (const [line, dates] of stated)
      expect(dates.map((date) => date.iso)).toEqual(findDates(line, new Date()).map((date) => date.iso));
    // Over midnight in the person's zone: the last day is a date of the line too.
    const late = readCalendarEvent(text.replace('T103000Z', 'T213000Z'), 'x');
    for (const [line, dates] of late.statedDates ?? [])
      expect(dates.map((date) => date.iso).sort()).toEqual(
        findDates(line, new Date())
          .map((date) => date.iso)
          .sort(),
      );
  });
});
