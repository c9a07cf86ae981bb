// How times and money read across the signed-in pages (the Uploads table, the chat list, answers): one
// rule, so "5 min ago" and "₹1,25,000" read the same in every remote. A subpath of the kit
// (`@trove/kit/format`), not its index, which `/` loads.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date. */
export function relativeTime(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return new Date(then).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The exact time for a tooltip: "23 Nov 2026, 14:05". */
export function exactTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * A money amount as the reader expects it: the currency's own symbol and grouping (₹1,25,000 in en-IN).
 * `text`, the amount as the document wrote it, is shown when Intl does not know the currency code.
 */
export function moneyLabel(value: number, currency: string, text = `${currency} ${value}`): string {
  try {
    return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en', {
      style: 'currency',
      currency,
      // Whole amounts without ".00", as invoices write them; cents when there are any.
      minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(value);
  } catch {
    // A code Intl does not know is still worth showing as the document wrote it.
    return text;
  }
}
