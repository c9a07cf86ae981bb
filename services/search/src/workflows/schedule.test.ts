import { WorkflowScheduleSchema, type WorkflowSchedule } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { daysInMonth, instantOf, isKnownZone, nextSlot, scheduleZone } from './schedule';

const at = (iso: string) => new Date(iso);
const next = (schedule: WorkflowSchedule, zone: string, after: string) =>
  nextSlot(schedule, zone, at(after))?.toISOString() ?? null;

/** The slots one after another, each strictly after the one before. */
function slots(schedule: WorkflowSchedule, zone: string, after: string, count: number): string[] {
  const found: string[] = [];
  let from = at(after);
  for (let i = 0; i < count; i += 1) {
    const slot = nextSlot(schedule, zone, from);
    if (slot === null) break;
    found.push(slot.toISOString());
    from = slot;
  }
  return found;
}

describe('a daily schedule', () => {
  it('runs at the time in the profile’s zone, today when it is still ahead', () => {
    expect(next({ every: 'daily', at: '09:00' }, 'Europe/Berlin', '2026-06-10T05:00:00Z')).toBe(
      '2026-06-10T07:00:00.000Z',
    );
  });

  it('runs tomorrow once today’s time has passed, and never at the instant it is asked', () => {
    expect(next({ every: 'daily', at: '09:00' }, 'Europe/Berlin', '2026-06-10T07:00:00Z')).toBe(
      '2026-06-11T07:00:00.000Z',
    );
  });

  it('reads a zone east of UTC whose day has already begun', () => {
    // 20:00 UTC on the 10th is 05:00 on the 11th in Tokyo: 06:00 Tokyo is an hour away.
    expect(next({ every: 'daily', at: '06:00' }, 'Asia/Tokyo', '2026-06-10T20:00:00Z')).toBe(
      '2026-06-10T21:00:00.000Z',
    );
  });

  it('reads a zone west of UTC whose day has not', () => {
    expect(next({ every: 'daily', at: '23:30' }, 'America/Los_Angeles', '2026-06-11T02:00:00Z')).toBe(
      '2026-06-11T06:30:00.000Z',
    );
  });

  it('keeps the half-hour zones', () => {
    expect(next({ every: 'daily', at: '08:00' }, 'Asia/Kolkata', '2026-01-01T00:00:00Z')).toBe(
      '2026-01-01T02:30:00.000Z',
    );
  });

  it('is read in UTC when the profile has no zone', () => {
    expect(scheduleZone(null)).toBe('UTC');
    expect(scheduleZone('')).toBe('UTC');
    expect(scheduleZone('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('daylight saving', () => {
  const berlin = 'Europe/Berlin';

  it('keeps the wall-clock time across the spring change: 09:00 stays 09:00', () => {
    expect(slots({ every: 'daily', at: '09:00' }, berlin, '2026-03-28T00:00:00Z', 3)).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('runs a time the clocks skip once, as far after the gap (02:30 → 03:30)', () => {
    expect(slots({ every: 'daily', at: '02:30' }, berlin, '2026-03-28T00:00:00Z', 3)).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z', // 03:30 CEST
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('runs a time the clocks pass twice only at its first passing', () => {
    const found = slots({ every: 'daily', at: '02:30' }, berlin, '2026-10-24T00:00:00Z', 3);
    expect(found).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z', // 02:30 CEST; the 02:30 CET an hour later is not a second slot
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('does the same in a zone west of UTC (New York, 01:30 on the night the clocks go back)', () => {
    expect(slots({ every: 'daily', at: '01:30' }, 'America/New_York', '2026-10-31T12:00:00Z', 2)).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
  });

  it('neither skips nor doubles a day in a year of daily slots', () => {
    const year = slots({ every: 'daily', at: '02:30' }, berlin, '2025-12-31T23:00:00Z', 400);
    const days = year.filter((slot) => slot.startsWith('2026-')).map((slot) => slot.slice(0, 10));
    expect(days).toHaveLength(365);
    expect(new Set(days).size).toBe(365);
  });

  it('is right in a zone whose change is at midnight (Santiago)', () => {
    const found = slots({ every: 'daily', at: '00:15' }, 'America/Santiago', '2026-09-04T12:00:00Z', 3);
    expect(found).toHaveLength(3);
    expect(new Set(found.map((slot) => slot.slice(0, 10))).size).toBe(3);
  });
});

describe('weekdays and weekly', () => {
  it('skips Saturday and Sunday', () => {
    // 2026-12-04 is a Friday.
    expect(slots({ every: 'weekdays', at: '08:00' }, 'UTC', '2026-12-04T00:00:00Z', 3)).toEqual([
      '2026-12-04T08:00:00.000Z',
      '2026-12-07T08:00:00.000Z',
      '2026-12-08T08:00:00.000Z',
    ]);
  });

  it('a weekday is the profile zone’s weekday, not UTC’s', () => {
    // Monday 07:00 in Auckland is Sunday 18:00 UTC.
    expect(
      next({ every: 'weekly', day: 'mon', at: '07:00' }, 'Pacific/Auckland', '2026-12-05T00:00:00Z'),
    ).toBe('2026-12-06T18:00:00.000Z');
  });

  it('runs once a week on the day named', () => {
    expect(slots({ every: 'weekly', day: 'fri', at: '16:00' }, 'UTC', '2026-12-01T00:00:00Z', 2)).toEqual([
      '2026-12-04T16:00:00.000Z',
      '2026-12-11T16:00:00.000Z',
    ]);
  });
});

describe('monthly', () => {
  it('runs the 31st on the last day of a shorter month', () => {
    expect(
      slots({ every: 'monthly', day: 31, at: '09:00' }, 'UTC', '2026-01-01T00:00:00Z', 4).map((s) =>
        s.slice(0, 10),
      ),
    ).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('runs the 29th of February in a leap year, and the 28th in others', () => {
    const feb: WorkflowSchedule = { every: 'monthly', day: 29, months: [2], at: '09:00' };
    expect(slots(feb, 'UTC', '2027-01-01T00:00:00Z', 2).map((s) => s.slice(0, 10))).toEqual([
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('runs quarterly in the months named', () => {
    const quarterly: WorkflowSchedule = { every: 'monthly', day: 1, months: [1, 4, 7, 10], at: '07:00' };
    expect(slots(quarterly, 'UTC', '2026-11-29T00:00:00Z', 3).map((s) => s.slice(0, 10))).toEqual([
      '2027-01-01',
      '2027-04-01',
      '2027-07-01',
    ]);
  });

  it('knows month lengths', () => {
    expect([daysInMonth(2026, 2), daysInMonth(2028, 2), daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual(
      [28, 29, 30, 31],
    );
  });
});

describe('schedules that do not exist', () => {
  it('refuses 31 February, naming it', () => {
    const parsed = WorkflowScheduleSchema.safeParse({ every: 'monthly', day: 31, months: [2], at: '09:00' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('31 February never exists — pick a day those months have.');
  });

  it('refuses 30 February and 31 April together, but takes the 31st when one chosen month has it', () => {
    expect(
      WorkflowScheduleSchema.safeParse({ every: 'monthly', day: 30, months: [2], at: '09:00' }).success,
    ).toBe(false);
    expect(
      WorkflowScheduleSchema.safeParse({ every: 'monthly', day: 31, months: [2, 4], at: '09:00' }).success,
    ).toBe(false);
    expect(
      WorkflowScheduleSchema.safeParse({ every: 'monthly', day: 31, months: [2, 3], at: '09:00' }).success,
    ).toBe(true);
  });

  it('refuses a day 0 or 32, a 24:00 and a time without minutes', () => {
    for (const schedule of [
      { every: 'monthly', day: 0, at: '09:00' },
      { every: 'monthly', day: 32, at: '09:00' },
      { every: 'daily', at: '24:00' },
      { every: 'daily', at: '9' },
      { every: 'weekly', day: 'someday', at: '09:00' },
    ]) {
      expect(WorkflowScheduleSchema.safeParse(schedule).success).toBe(false);
    }
  });

  it('refuses an unknown zone with a message naming it', () => {
    expect(isKnownZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownZone('Europe/Berlin')).toBe(true);
    expect(() =>
      nextSlot({ every: 'daily', at: '09:00' }, 'Mars/Olympus_Mons', at('2026-01-01T00:00:00Z')),
    ).toThrow(/“Mars\/Olympus_Mons” is not a time zone/);
  });

  it('has no next slot when off', () => {
    expect(next({ every: 'off' }, 'UTC', '2026-01-01T00:00:00Z')).toBeNull();
  });
});

describe('instantOf', () => {
  it('is the plain conversion away from a change', () => {
    expect(
      instantOf({ year: 2026, month: 7, day: 1, hour: 12, minute: 0 }, 'Europe/London').toISOString(),
    ).toBe('2026-07-01T11:00:00.000Z');
  });
});
