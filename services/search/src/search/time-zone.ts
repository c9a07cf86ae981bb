// after:/before: in the user's time zone (issue 19 item 4): "after:2024-04-01" for someone in Kolkata starts at
// midnight in Kolkata, 18:30 UTC the day before. Node's Intl carries the IANA database the profile's list
// comes from; an unknown or missing zone reads as UTC.

export { formatterFor, offsetAt } from '@trove/service-core';
import { formatterFor, offsetAt } from '@trove/service-core';

/** The instant a calendar day (YYYY-MM-DD) begins in a time zone; UTC when the zone is unknown. */
export function startOfDay(day: string, timeZone: string | null | undefined): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const formatter = timeZone ? formatterFor(timeZone) : undefined;
  if (formatter === undefined) return new Date(midnightUtc);
  // The offset at the guess, then again at the result: right across a daylight-saving change.
  const first = midnightUtc - offsetAt(midnightUtc, formatter);
  return new Date(midnightUtc - offsetAt(first, formatter));
}

/** The day `days` after a YYYY-MM-DD day (before it when negative). */
export function daysAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return daysAfter(day, 1);
}

const localDays = new Map<string, Intl.DateTimeFormat>();

/** The day an instant falls on in a time zone (the profile's), YYYY-MM-DD; UTC when none or unknown. */
export function localDay(iso: string, timeZone: string | null): string {
  if (timeZone === null) return iso.slice(0, 10);
  let format = localDays.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return iso.slice(0, 10);
    }
    localDays.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
