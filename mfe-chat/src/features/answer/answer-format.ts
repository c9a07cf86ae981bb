import type { AnswerFields, ChatFilters } from '@trove/contracts';
import { moneyLabel } from '@trove/kit/format';

// How an answer's facts read on screen (issue 11). Pure, so the thread, the tests and any later export
// agree on "₹12,500.00" and "12 Oct 2026".

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD day as "12 Oct 2026"; the day is a calendar date, so it is read in UTC, never shifted. */
export function formatDay(day: string): string {
  const match = DAY.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

export function formatTotal(total: NonNullable<AnswerFields['total']>): string {
  return moneyLabel(total.value, total.currency, total.text);
}

const KIND_WORDS: Partial<Record<NonNullable<ChatFilters['type']>, string>> = {
  eml: 'mail',
  pdf: 'PDFs',
  xlsx: 'spreadsheets',
  pptx: 'presentations',
};

/** The filters the question was read as, one chip each ("Over ₹10,000", "1 Oct – 31 Oct 2026"). */
export function filterChips(filters: ChatFilters): string[] {
  const chips: string[] = [];
  const { date_from: from, date_to: to } = filters;
  if (from && to) chips.push(from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`);
  else if (from) chips.push(`Since ${formatDay(from)}`);
  else if (to) chips.push(`Until ${formatDay(to)}`);
  const currency = filters.currency ?? 'INR';
  const amount = (value: number) => (filters.currency ? moneyLabel(value, currency) : String(value));
  if (filters.amount_min !== undefined && filters.amount_max !== undefined)
    chips.push(`${amount(filters.amount_min)} – ${amount(filters.amount_max)}`);
  else if (filters.amount_min !== undefined) chips.push(`Over ${amount(filters.amount_min)}`);
  else if (filters.amount_max !== undefined) chips.push(`Under ${amount(filters.amount_max)}`);
  else if (filters.currency) chips.push(`In ${filters.currency}`);
  if (filters.entity) chips.push(`Mentions ${filters.entity}`);
  // Issue 37: "mail", "PDFs" in a question are the kind of document looked in.
  if (filters.type) chips.push(`In ${KIND_WORDS[filters.type] ?? filters.type}`);
  return chips;
}

/** "Read 3 documents: a.pdf, b.eml and c.eml". */
export function documentsReadLine(names: string[]): string {
  if (names.length === 0) return 'No documents matched.';
  const noun = names.length === 1 ? 'document' : 'documents';
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Read ${names.length} ${noun}: ${list}`;
}

/**
 * What a delivery's chip cannot hold (issue 38 item 4): why its last try failed and, when it will be tried
 * again, when and which try — "Slack asked to slow down (429). Retrying in 2 min, try 3 of 5." null: nothing.
 */
export function deliveryDetail(
  delivery: {
    status: 'queued' | 'sent' | 'failed';
    error?: string | null | undefined;
    retry?: { at: string; next_try: number; tries: number } | null | undefined;
  },
  now: number,
): string | null {
  if (delivery.status === 'sent') return null;
  const parts: string[] = [];
  if (delivery.error) parts.push(delivery.error);
  if (delivery.status === 'queued' && delivery.retry) {
    const { at, next_try, tries } = delivery.retry;
    const seconds = Math.max(0, Math.round((Date.parse(at) - now) / 1000));
    const when =
      seconds < 60
        ? 'in under a minute'
        : seconds < 3600
          ? `in ${Math.round(seconds / 60)} min`
          : `in ${Math.round(seconds / 3600)} h`;
    parts.push(`Retrying ${when}, try ${next_try} of ${tries}.`);
  }
  return parts.length === 0 ? null : parts.join(' ');
}
