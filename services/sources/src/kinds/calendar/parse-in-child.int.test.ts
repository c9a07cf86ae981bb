import { describe, expect, it } from 'vitest';
import { CalendarFailure } from './calendar-failure';
import { expandInChild } from './parse-in-child';

// The calendar's parse child has the bounds every source's child has (docs/decisions/218): SOURCE_RUN_TIMEOUT_S
// and SOURCE_RUN_MEMORY_MB, as the service was started with, not constants of its own; past either it is killed
// and the card says so in words.

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Trove//test//EN',
  'BEGIN:VEVENT',
  'UID:standup@example.org',
  'DTSTAMP:20261101T090000Z',
  'DTSTART:20261130T090000Z',
  'DTEND:20261130T091500Z',
  'SUMMARY:Standup',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const window = {
  windowStart: Date.parse('2026-11-01T00:00:00Z'),
  windowEnd: Date.parse('2026-12-31T00:00:00Z'),
};

async function failureOf(run: Promise<unknown>): Promise<CalendarFailure> {
  const error = await run.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof CalendarFailure))
    throw new Error(`expected a calendar failure, got ${String(error)}`);
  return error;
}

describe('the calendar parse child', () => {
  it('reads a calendar within the runner’s bounds', async () => {
    const occurrences = await expandInChild([ICS], window, 'The calendar "Work"', {
      timeoutMs: 60_000,
      memoryMb: 256,
    });
    expect(occurrences.map((occurrence) => occurrence.title)).toEqual(['Standup']);
  });

  it('is stopped past SOURCE_RUN_TIMEOUT_S, in words', async () => {
    const failure = await failureOf(
      expandInChild([ICS], window, 'The calendar "Work"', { timeoutMs: 1, memoryMb: 256 }),
    );
    expect(failure.problem).toBe('limit');
    expect(failure.reason).toBe('The calendar "Work" could not be read: reading it took longer than 1 s.');
  });

  it('is stopped past SOURCE_RUN_MEMORY_MB, in words', async () => {
    // 20,000 events each with a long description: their parsed tree is far past 16 MB of heap. (A one-event calendar
    // fitted once the child ran from its bundle, without tsx's loader: docs/decisions/247.)
    const events = Array.from({ length: 20_000 }, (_, index) =>
      [
        'BEGIN:VEVENT',
        `UID:event-${index}@example.org`,
        'DTSTAMP:20261101T090000Z',
        'DTSTART:20261130T090000Z',
        'DTEND:20261130T091500Z',
        `SUMMARY:Meeting ${index}`,
        `DESCRIPTION:${'agenda item '.repeat(40)}`,
        'END:VEVENT',
      ].join('\r\n'),
    );
    const large = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Trove//test//EN',
      ...events,
      'END:VCALENDAR',
    ].join('\r\n');
    const failure = await failureOf(
      expandInChild([large], window, 'The calendar "Work"', { timeoutMs: 60_000, memoryMb: 16 }),
    );
    expect(failure.problem).toBe('limit');
    expect(failure.reason).toBe('The calendar "Work" could not be read: it needs more than 16 MB to read.');
  });
});
