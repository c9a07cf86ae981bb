import { DOCUMENT_KINDS, type DocumentKind } from '@trove/contracts';
import { moneyLabel } from '@trove/kit/format';
import type { FactFilter, SearchRequest } from '../uploads/search-filters';

// Issue 38 item 2: the search page's state is its URL — `/search?q=…&type=pdf&entity=Asha&page=2` — so a search
// can be shared, bookmarked and returned to with Back, and Back/Forward restore it (docs/decisions/101-search-page.md).

/** Result pages one request may reload at once (SEARCH_LIMIT_MAX / the page size). */
export const RESTORED_PAGES_MAX = 5;

export interface SearchLocation {
  /** null: no search yet (an empty box). */
  request: SearchRequest | null;
  /** How many pages of results were shown ("More results" adds one), at least 1. */
  page: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,15}(\.\d{1,4})?$/;

/** The search a URL's query string holds; a value the page cannot read is left out rather than refused. */
export function searchFromParams(params: URLSearchParams): SearchLocation {
  const q = params.get('q')?.trim() ?? '';
  const pageNumber = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, 100) : 1;
  if (q === '') return { request: null, page: 1 };
  const typeText = params.get('type');
  const type = (DOCUMENT_KINDS as readonly string[]).includes(typeText ?? '')
    ? (typeText as DocumentKind)
    : null;
  const filters: FactFilter[] = [];
  const entity = params.get('entity')?.trim();
  if (entity) filters.push({ kind: 'entity', value: entity, label: entity });
  const amount = params.get('amount');
  const currency = params.get('currency')?.toUpperCase();
  if (amount !== null && AMOUNT.test(amount) && currency !== undefined && /^[A-Z]{3}$/.test(currency))
    filters.push({
      kind: 'amount',
      value: Number(amount),
      currency,
      label: moneyLabel(Number(amount), currency),
    });
  const date = params.get('date');
  if (date !== null && ISO_DAY.test(date)) filters.push({ kind: 'date', iso: date, label: date });
  return { request: { q, type, filters }, page };
}

/** The query string of a search (the page's own names, not the API's), in a stable order. */
export function paramsFromSearch({ request, page }: SearchLocation): URLSearchParams {
  const params = new URLSearchParams();
  if (request === null) return params;
  params.set('q', request.q);
  if (request.type !== null) params.set('type', request.type);
  for (const filter of request.filters) {
    if (filter.kind === 'entity') params.set('entity', filter.value);
    if (filter.kind === 'amount') {
      params.set('amount', String(filter.value));
      params.set('currency', filter.currency);
    }
    if (filter.kind === 'date') params.set('date', filter.iso);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Two searches are the same when their query, type and filters are (the page count aside). */
export const sameSearch = (a: SearchRequest | null, b: SearchRequest | null) =>
  paramsFromSearch({ request: a, page: 1 }).toString() ===
  paramsFromSearch({ request: b, page: 1 }).toString();
