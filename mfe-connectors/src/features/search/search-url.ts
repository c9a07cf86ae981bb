import { DOCUMENT_KINDS, type DocumentKind } from '@trove/contracts';
import { type SearchRequest, withFact } from '../uploads/search-filters';

// Issue 38 item 2: the search page's state is its URL — `/search?q=…&type=pdf&page=2` — so a search can be
// shared, bookmarked and returned to with Back, and Back/Forward restore it (docs/decisions/101-search-page.md).
// The fact filters are operators in q (`mentions:`, `amount:`, `date:`, docs/decisions/230); an older link's
// `entity=`, `amount=`&`currency=` and `date=` are read as those operators.

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

/** An older link's fact parameters written into its query as the operators the chips now write. */
function withOlderFacts(q: string, params: URLSearchParams): string {
  let written = q;
  const entity = params.get('entity')?.trim();
  if (entity) written = withFact(written, { kind: 'entity', value: entity, label: entity });
  const amount = params.get('amount');
  const currency = params.get('currency')?.toUpperCase();
  if (amount !== null && AMOUNT.test(amount) && currency !== undefined && /^[A-Z]{3}$/.test(currency))
    written = withFact(written, { kind: 'amount', value: Number(amount), currency, label: amount });
  const date = params.get('date');
  if (date !== null && ISO_DAY.test(date))
    written = withFact(written, { kind: 'date', iso: date, label: date });
  return written;
}

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
  return { request: { q: withOlderFacts(q, params), type }, page };
}

/** The query string of a search (the page's own names, not the API's), in a stable order. */
export function paramsFromSearch({ request, page }: SearchLocation): URLSearchParams {
  const params = new URLSearchParams();
  if (request === null) return params;
  params.set('q', request.q);
  if (request.type !== null) params.set('type', request.type);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Two searches are the same when their query and type are (the page count aside). */
export const sameSearch = (a: SearchRequest | null, b: SearchRequest | null) =>
  paramsFromSearch({ request: a, page: 1 }).toString() ===
  paramsFromSearch({ request: b, page: 1 }).toString();
