import {
  type Facts,
  operatorToken,
  type SearchKind,
  type SearchQueryParams,
  searchQueryString,
  withOperators,
} from '@trove/contracts';
import { moneyLabel } from '@trove/kit/format';

/**
 * A fact from a result, applied as a search filter (issue 10 part 5: facts "usable as filters"). The API
 * takes one of each: a person or organisation (`entity`), an amount range with its currency, a date range.
 */
export type FactFilter =
  | { kind: 'entity'; value: string; label: string }
  | { kind: 'amount'; value: number; currency: string; label: string }
  | { kind: 'date'; iso: string; label: string };

export interface SearchRequest {
  q: string;
  type: SearchKind | null;
  filters: readonly FactFilter[];
  cursor?: string;
  /** The last word is still being typed: searched as a prefix (`as_you_type=on`, issue 42 item 5). */
  asYouType?: boolean;
}

/** Adding a filter replaces the one of its kind: the API has one slot for each. */
export function withFilter(filters: readonly FactFilter[], filter: FactFilter): FactFilter[] {
  return [...filters.filter((existing) => existing.kind !== filter.kind), filter];
}

export function withoutFilter(filters: readonly FactFilter[], kind: FactFilter['kind']): FactFilter[] {
  return filters.filter((existing) => existing.kind !== kind);
}

/** The query string of GET /api/v1/search for a request: the contracts schema's names, typed (issue 42 item 6). */
export function searchParams(request: SearchRequest, limit: number): URLSearchParams {
  const params: SearchQueryParams = { q: request.q, limit: String(limit) };
  if (request.type !== null) params.type = request.type;
  for (const filter of request.filters) {
    if (filter.kind === 'entity') params.entity = filter.value;
    if (filter.kind === 'amount') {
      params.amount_min = String(filter.value);
      params.amount_max = String(filter.value);
      params.currency = filter.currency;
    }
    if (filter.kind === 'date') {
      params.date_from = filter.iso;
      params.date_to = filter.iso;
    }
  }
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
