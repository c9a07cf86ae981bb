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
