/**
 * "Last activity" in the chat list (issue 11): relative while it is recent, a date once it is not.
 * Pure — the caller passes the clock — so the list and its tests agree on every boundary.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
const sameYear = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' });
const otherYear = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

export function relativeTime(iso: string, now: Date): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const ago = now.getTime() - then.getTime();
  // A clock a little ahead of the server's still reads as "just now".
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return (then.getFullYear() === now.getFullYear() ? sameYear : otherYear).format(then);
}
