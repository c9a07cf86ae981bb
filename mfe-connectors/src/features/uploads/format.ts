import type { DocumentKind } from '@trove/contracts';

const UNITS = ['KB', 'MB', 'GB'] as const;

/** 1 KB = 1024 bytes, one decimal under 10 ("2.4 MB", "25 MB"), as file managers show sizes. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

export const KIND_LABELS: Record<DocumentKind, string> = {
  pdf: 'PDF',
  docx: 'Word',
  txt: 'Text',
  md: 'Markdown',
  csv: 'CSV',
  html: 'HTML',
  eml: 'Email',
};

const PART_NAMES: Record<DocumentKind, [one: string, many: string]> = {
  pdf: ['page', 'pages'],
  docx: ['section', 'sections'],
  html: ['section', 'sections'],
  md: ['section', 'sections'],
  csv: ['row', 'rows'],
  txt: ['part', 'parts'],
  // ADR 011: an email's parts are its body and each readable attachment.
  eml: ['part', 'parts'],
};

/** "2 pages", "14 rows"; an em dash while the document is not read yet. */
export function partsLabel(kind: DocumentKind, parts: number | null): string {
  if (parts === null) return '—';
  const [one, many] = PART_NAMES[kind];
  return `${parts.toLocaleString('en')} ${parts === 1 ? one : many}`;
}

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

/** A money amount as the reader expects it: the currency's own symbol and grouping (₹ in en-IN). */
export function moneyLabel(value: number, currency: string, text: string): string {
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
