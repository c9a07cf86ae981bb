import {
  chosenPeriod,
  type Facts,
  isChosenAmount,
  isChosenDate,
  isChosenMention,
  operatorToken,
  type ParsedQuery,
  type SearchKind,
  type SearchQueryParams,
  searchQueryString,
  withAmount,
  withMentionedDate,
  withMentions,
  withOperators,
} from '@trove/contracts';
import { moneyLabel } from '@trove/kit/format';

/**
 * A fact from a result, usable as a search filter (issue 10 part 5: facts "usable as filters"). Its chip writes
 * the operator a person could type (docs/decisions/230-fact-chips-as-operators.md): a person or organisation
 * `mentions:"Asha Rao"`, an amount in its currency `amount:INR125000`, a day `date:2026-03-03` — one of each.
 */
export type FactFilter =
  | { kind: 'entity'; value: string; label: string }
  | { kind: 'amount'; value: number; currency: string; label: string }
  | { kind: 'date'; iso: string; label: string };

export interface SearchRequest {
  q: string;
  type: SearchKind | null;
  cursor?: string;
  /** The last word is still being typed: searched as a prefix (`as_you_type=on`, issue 42 item 5). */
  asYouType?: boolean;
}

/** The query with a fact chip's operator written in, replacing the one of its kind (one slot for each). */
export function withFact(q: string, fact: FactFilter): string {
  if (fact.kind === 'entity') return withMentions(q, fact.value);
  if (fact.kind === 'amount') return withAmount(q, { value: fact.value, currency: fact.currency });
  return withMentionedDate(q, fact.iso);
}

/** The query with the fact operator of a kind taken out. */
export function withoutFact(q: string, kind: FactFilter['kind']): string {
  if (kind === 'entity') return withMentions(q, null);
  if (kind === 'amount') return withAmount(q, null);
  return withMentionedDate(q, null);
}

/** Whether a result's fact is what the query's operator of its kind asks for (its chip is then pressed). */
export function isChosenFact(parsed: ParsedQuery, fact: FactFilter): boolean {
  if (fact.kind === 'entity') return isChosenMention(parsed.mentions, fact.value);
  if (fact.kind === 'amount') return isChosenAmount(parsed.amount, fact);
  return isChosenDate(parsed.date, fact.iso);
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayLabel = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));
/** "Nov 2026" for 2026-11: a chip's name read alone says which month. */
export const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

function amountLabel({ min, max, currency }: NonNullable<ParsedQuery['amount']>): string {
  const money = (value: number) => (currency === undefined ? String(value) : moneyLabel(value, currency));
  if (min !== undefined && min === max) return money(min);
  if (min !== undefined && max !== undefined) return `${money(min)} to ${money(max)}`;
  return min !== undefined ? `at least ${money(min)}` : `at most ${money(max as number)}`;
}

function dateLabel({ from, to }: { from: string; to: string }): string {
  if (from === to) return dayLabel(from);
  const period = chosenPeriod({ after: from, before: to });
  if (period !== undefined) return period.length === 4 ? period : monthLabel(period);
  return `${dayLabel(from)} to ${dayLabel(to)}`;
}

/**
 * The fact operators the query holds, as the active filters shown above the results (read from the query, so
 * the box, the URL and the chips agree); each one's remove button takes its operator out.
 */
export function activeFacts(parsed: ParsedQuery): { kind: FactFilter['kind']; label: string }[] {
  return [
    ...(parsed.mentions === undefined ? [] : [{ kind: 'entity' as const, label: parsed.mentions }]),
    ...(parsed.amount === undefined ? [] : [{ kind: 'amount' as const, label: amountLabel(parsed.amount) }]),
    ...(parsed.date === undefined ? [] : [{ kind: 'date' as const, label: dateLabel(parsed.date) }]),
  ];
}

/** The query string of GET /api/v1/search for a request: the contracts schema's names, typed (issue 42 item 6). */
export function searchParams(request: SearchRequest, limit: number): URLSearchParams {
  const params: SearchQueryParams = { q: request.q, limit: String(limit) };
  if (request.type !== null) params.type = request.type;
  if (request.cursor !== undefined) params.cursor = request.cursor;
  if (request.asYouType) params.as_you_type = 'on';
  return searchQueryString(params);
}

/**
 * Addresses and bare domains ("asha@harbour.example", "harbour.example") come out of mail headers as
 * entities; as chips they repeat the sender's name in a less readable form, so only names are shown.
 */
const NOT_A_NAME = /@|^[^\s]+\.[a-z]{2,}$/i;

/** The facts of one result as chips, in the order a reader scans: when, how much, who. */
export function factChips(facts: Partial<Facts>): FactFilter[] {
  const chips: FactFilter[] = [];
  const seen = new Set<string>();
  const add = (key: string, chip: FactFilter) => {
    if (seen.has(key)) return;
    seen.add(key);
    chips.push(chip);
  };
  for (const date of facts.dates ?? [])
    add(`d:${date.iso}`, { kind: 'date', iso: date.iso, label: date.text });
  for (const amount of facts.amounts ?? [])
    add(`a:${amount.currency}:${amount.value}`, {
      kind: 'amount',
      value: amount.value,
      currency: amount.currency,
      label: moneyLabel(amount.value, amount.currency, amount.text),
    });
  for (const person of facts.people ?? []) {
    if (NOT_A_NAME.test(person.name)) continue;
    add(`e:${person.name.toLowerCase()}`, { kind: 'entity', value: person.name, label: person.name });
  }
  for (const organisation of facts.organisations ?? []) {
    if (NOT_A_NAME.test(organisation)) continue;
    add(`e:${organisation.toLowerCase()}`, { kind: 'entity', value: organisation, label: organisation });
  }
  return chips;
}

export const FILTER_NAMES: Record<FactFilter['kind'], string> = {
  entity: 'Mentions',
  amount: 'Amount',
  date: 'Date',
};

/**
 * The query with its `source:` set to a facet's source (issue 21), or taken out (null): one source at a time,
 * written as the search syntax reads it — `source:uploads`, `source:"Work mail"`.
 */
export function withSource(q: string, source: { value: string; label: string } | null): string {
  if (source === null) return withOperators(q, ['source'], null);
  const name = source.value === 'uploads' ? 'uploads' : source.label;
  return withOperators(q, ['source'], operatorToken('source', name));
}

/**
 * The query with its `type:` set to a kind's operator value (issue 42 item 6: one filter language — a type
 * chip writes what a person could have typed), or taken out (null).
 */
export function withType(q: string, value: string | null): string {
  return withOperators(q, ['type'], value === null ? null : `type:${value}`);
}

/** Whether a facet is the query's `source:` (by label, any case; `uploads` or `upload` for uploads). */
export function isChosenSource(chosen: string | undefined, facet: { value: string; label: string }): boolean {
  if (chosen === undefined) return false;
  const text = chosen.toLowerCase();
  return facet.value === 'uploads'
    ? text === 'uploads' || text === 'upload'
    : text === facet.label.toLowerCase();
}
