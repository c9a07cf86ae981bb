import { WEEKDAYS, WORKFLOW_MESSAGES, type WorkflowSchedule } from '@trove/contracts';
import { ApiError } from '@trove/service-core';
import { formatterFor as knownFormatter, offsetAt } from '../search/time-zone';

// When a workflow runs next (issue 40 item 4, docs/decisions/160-workflows.md "Schedules"): a wall-clock time in
// the profile's time zone on the days the schedule names. Pure arithmetic over Node's Intl (the IANA database
// the profile's list comes from), so daylight-saving changes, month ends and leap years are tested without a
// clock. A time the clocks skip (02:30 on the night they go forward) runs at the same distance after the gap
// (03:30); a time they pass twice (01:30 on the night they go back) runs at its first passing only.

/** The zone's formatter; a zone the server does not know is a 400 naming it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const formatter = knownFormatter(timeZone);
  if (formatter === undefined) throw unknownZone(timeZone);
  return formatter;
}

const unknownZone = (zone: string) =>
  new ApiError(400, WORKFLOW_MESSAGES.unknownZone(zone), 'invalid_request');

/** Whether the server knows a time zone by this name (a profile may hold one an older server wrote). */
export function isKnownZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function localParts(instant: number, formatter: Intl.DateTimeFormat): LocalTime & { second: number } {
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time happens in a zone: its first passing when the clocks pass it twice, and as far
 * after the gap as it was into it when the clocks skip it.
 */
export function instantOf(local: LocalTime, timeZone: string): Date {
  const formatter = formatterFor(timeZone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const before = offsetAt(wall - DAY_MS, formatter);
  const after = offsetAt(wall + DAY_MS, formatter);
  const valid = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => offsetAt(instant, formatter) === wall - instant);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In the gap: the offset from before the change moves the time forward by the gap's length.
  return new Date(wall - before);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Monday … 6 = Sunday, as WEEKDAYS. */
function weekdayOf(year: number, month: number, day: number): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

function runsOn(schedule: WorkflowSchedule, year: number, month: number, day: number): boolean {
  switch (schedule.every) {
    case 'off':
      return false;
    case 'daily':
      return true;
    case 'weekdays':
      return weekdayOf(year, month, day) < 5;
    case 'weekly':
      return WEEKDAYS[weekdayOf(year, month, day)] === schedule.day;
    case 'monthly': {
      if (schedule.months !== undefined && !schedule.months.includes(month)) return false;
      // The 31st in a 30-day month is its last day (month ends, docs/decisions/160-workflows.md).
      return day === Math.min(schedule.day, daysInMonth(year, month));
    }
  }
}

/** A monthly schedule's slot can be up to a year (and a leap day) away; more means it never happens. */
const SEARCH_DAYS = 400;

/**
 * The first slot strictly after `after`, or null when the schedule is off. Throws a 400 naming the zone when
 * the server does not know it.
 */
export function nextSlot(schedule: WorkflowSchedule, timeZone: string, after: Date): Date | null {
  if (schedule.every === 'off') return null;
  const formatter = formatterFor(timeZone);
  const [hour, minute] = schedule.at.split(':').map(Number) as [number, number];
  // Start from the local day before, so a slot just after a zone's midnight is not missed by the offset.
  const start = localParts(after.getTime() - DAY_MS, formatter);
  for (let step = 0; step < SEARCH_DAYS; step += 1) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + step));
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    if (!runsOn(schedule, year, month, day)) continue;
    const slot = instantOf({ year, month, day, hour, minute }, timeZone);
    if (slot.getTime() > after.getTime()) return slot;
  }
  return null;
}

/** The zone a schedule is read in: the profile's, or UTC when the profile has none. */
export function scheduleZone(profileZone: string | null | undefined): string {
  return profileZone === null || profileZone === undefined || profileZone === '' ? 'UTC' : profileZone;
}
