/**
 * Writing operators into a query (issue 42 item 6, one filter language): a chip that filters a search writes
 * what a person could have typed — `type:pdf`, `source:"Work mail"`, `from:asha@orchard.example`,
 * `after:2026-01-01 before:2026-12-31` — and reads back which one is chosen from the query itself
 * (query-syntax.ts parses it), so the box, the URL and the chips never disagree
 * (docs/product/uploads-and-search.md#search). No DOM.
 */
import type { ParsedQuery } from './query-syntax';

/** Letters only: the operators' names are the syntax's own (`from`, `after`, …), never taken from input. */
const OPERATOR_NAME = /^[a-z]+$/;

/** `key:value` tokens of the named operators, quoted or not, negated or not (as the parser reads them). */
function operatorTokens(keys: readonly string[]): RegExp {
  for (const key of keys) if (!OPERATOR_NAME.test(key)) throw new Error(`not an operator name: ${key}`);
  return new RegExp(`(^|\\s)-?(?:${keys.join('|')}):(?:"[^"]*"?|\\S*)`, 'gi');
}

/** An operator's value as the parser reads it back: quoted when it holds a space (its own quotes dropped). */
export function operatorToken(key: string, value: string): string {
  const text = value.replace(/["\u201c\u201d\u201e\u00ab\u00bb]/g, '').trim();
  return /\s/.test(text) ? `${key}:"${text}"` : `${key}:${text}`;
}

/**
 * The query with every token of `keys` taken out and `written` (tokens, already written) added at its end; null
 * writes nothing (the chip turned off). Everything else stays as typed.
 */
export function withOperators(q: string, keys: readonly string[], written: string | null): string {
  const rest = q.replace(operatorTokens(keys), ' ').replace(/\s+/g, ' ').trim();
  if (written === null || written === '') return rest;
  return rest === '' ? written : `${rest} ${written}`;
}

/** A facet's period: a year (YYYY) or a month (YYYY-MM), as the search's `year` and `month` facets name them. */
const YEAR = /^(\d{4})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** The first and last day of a period, or undefined when it is neither a year nor a month. */
export function periodDays(period: string): { after: string; before: string } | undefined {
  const year = YEAR.exec(period);
  if (year) return { after: `${year[1]}-01-01`, before: `${year[1]}-12-31` };
  const month = MONTH.exec(period);
  if (!month) return undefined;
  const [y, m] = [Number(month[1]), Number(month[2])];
  if (m < 1 || m > 12) return undefined;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { after: `${period}-01`, before: `${period}-${String(last).padStart(2, '0')}` };
}

/** The query with its dates set to a period (`after:` its first day, `before:` its last), or taken out (null). */
export function withPeriod(q: string, period: string | null): string {
  const days = period === null ? undefined : periodDays(period);
  if (period !== null && days === undefined) throw new Error(`not a year or a month: ${period}`);
  const written = days === undefined ? null : `after:${days.after} before:${days.before}`;
  return withOperators(q, ['after', 'before'], written);
}

/** The year or month the query's dates are exactly (what a period chip wrote), else undefined. */
export function chosenPeriod(parsed: Pick<ParsedQuery, 'after' | 'before'>): string | undefined {
  const { after, before } = parsed;
  if (after === undefined || before === undefined) return undefined;
  const year = after.slice(0, 4);
  if (periodDays(year)?.after === after && periodDays(year)?.before === before) return year;
  const month = after.slice(0, 7);
  const days = periodDays(month);
  return days?.after === after && days.before === before ? month : undefined;
}

/** The query with its `from:` set to a sender (the facet's value: an address, else a name), or taken out. */
export function withSender(q: string, sender: string | null): string {
  return withOperators(q, ['from'], sender === null ? null : operatorToken('from', sender));
}

/** Whether a sender facet is the query's `from:` (by its value or its label, any case). */
export function isChosenSender(from: string | undefined, facet: { value: string; label: string }): boolean {
  if (from === undefined) return false;
  const text = from.toLowerCase();
  return text === facet.value.toLowerCase() || text === facet.label.toLowerCase();
}

// The fact chips (docs/decisions/230-fact-chips-as-operators.md): a result's "Mentions", "Amount" and "Date"
// chips write `mentions:`, `amount:` and `date:` as the sender chip writes `from:`, and read them back.

/** The query with its `mentions:` set to a person or organisation, or taken out (null). */
export function withMentions(q: string, name: string | null): string {
  return withOperators(q, ['mentions'], name === null ? null : operatorToken('mentions', name));
}

/** Whether the query's `mentions:` is this name (any case). */
export function isChosenMention(mentions: string | undefined, name: string): boolean {
  return mentions !== undefined && mentions.toLowerCase() === name.toLowerCase();
}

/** An amount as `amount:` writes it: its currency's code, then its value (`INR125000`, `USD12.5`). */
export function amountOperatorValue(value: number, currency?: string): string {
  return `${currency ?? ''}${value}`;
}

/** The query with its `amount:` set to one amount in its currency, or taken out (null). */
export function withAmount(q: string, amount: { value: number; currency?: string } | null): string {
  const written = amount === null ? null : `amount:${amountOperatorValue(amount.value, amount.currency)}`;
  return withOperators(q, ['amount'], written);
}

/** Whether the query's `amount:` is exactly this amount (its value, and its currency when the query names one). */
export function isChosenAmount(
  range: ParsedQuery['amount'],
  amount: { value: number; currency?: string },
): boolean {
  if (range === undefined || range.min !== amount.value || range.max !== amount.value) return false;
  return range.currency === undefined || range.currency === amount.currency;
}

/** The query with its `date:` set to a day (YYYY-MM-DD), or taken out (null). */
export function withMentionedDate(q: string, day: string | null): string {
  return withOperators(q, ['date'], day === null ? null : `date:${day}`);
}

/** Whether the query's `date:` is exactly this day. */
export function isChosenDate(date: ParsedQuery['date'], day: string): boolean {
  return date !== undefined && date.from === day && date.to === day;
}
