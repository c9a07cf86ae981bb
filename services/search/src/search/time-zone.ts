// after:/before: in the user's time zone (issue 19 item 4): "after:2024-04-01" for someone in Kolkata starts at
// midnight in Kolkata, 18:30 UTC the day before. Node's Intl carries the IANA database the profile's list
// comes from; an unknown or missing zone reads as UTC.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter (cached), or undefined for a zone the server does not know. */
export function formatterFor(timeZone: string): Intl.DateTimeFormat | undefined {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return undefined;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in ms (local − UTC). */
export function offsetAt(instant: number, formatter: Intl.DateTimeFormat): number {
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) begins in a time zone; UTC when the zone is unknown. */
export function startOfDay(day: string, timeZone: string | null | undefined): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const formatter = timeZone ? formatterFor(timeZone) : undefined;
  if (formatter === undefined) return new Date(midnightUtc);
  // The offset at the guess, then again at the result: right across a daylight-saving change.
  const first = midnightUtc - offsetAt(midnightUtc, formatter);
  return new Date(midnightUtc - offsetAt(first, formatter));
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
