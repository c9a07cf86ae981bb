import {
  type DocumentKind,
  type Facts,
  SEARCH_MESSAGES,
  type SearchQuery,
  SearchCursorSchema,
  type SearchKind,
  type SearchResponse,
  type SourceKind,
  hasOperators,
  type ParsedQuery,
  parseSearchQuery,
  UPLOADS_SOURCE,
} from '@trove/contracts';
import { ApiError, type DatabaseHandle } from '@trove/service-core';
import { decodeCursor, encodeCursor } from './cursor';
import { normaliseQueryText } from './query-text';
import { highlightPassage } from './highlight';
import { userTimeZone } from './candidates.repository';
import { listNewest, searchPassages } from './engine';
import type { SearchRequest } from './plan';
import { nextDay, startOfDay } from './time-zone';
import { joinPhraseMarks, snippetParts } from './snippet';
import { typoWords } from './typos';

export interface SearchSettings {
  /** AND first; fewer passages than this matching every word relaxes the search to OR (issue 10). */
  minAllWordResults: number;
  /**
   * Words in more passages than this score only the newest this many of them
   * (docs/decisions/020-search-postings.md). Default {@link SEARCH_MAX_CANDIDATES}; the service reads it
   * from SEARCH_MAX_CANDIDATES.
   */
  maxCandidates?: number | undefined;
}

/** Scoring 200 candidates costs ~1 ms of PostgreSQL's CPU; known-item quality was the same from 250 up (ADRs 014, 020). */
export const SEARCH_MAX_CANDIDATES = 200;

/**
 * Words of one query typo tolerance looks up, at most (docs/decisions/140): a query of 200 misspelt words
 * corrects its first this many and searches the rest as typed.
 */
export const TYPO_WORDS_MAX = 8;

/** The query with each corrected word replaced, whole words, any case: what "Showing results for" shows. */
export function correctedQuery(
  q: string,
  corrections: readonly { word: string; correction: string }[],
): string {
  return corrections.reduce(
    (text, { word, correction }) =>
      text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'giu'), correction),
    q,
  );
}

/**
 * The query as-you-type mode reads it (issue 42 item 2): its last word, a plain word of 2 or more letters or
 * digits that the person is still typing, becomes a prefix (`invoice from:ann inv` → `… inv*`).
 */
export function asTyped(q: string, asYouType: boolean): string {
  if (!asYouType) return q;
  const last = /(^|\s)([\p{L}\p{N}]{2,})$/u.exec(q);
  return last === null ? q : `${q}*`;
}

/** Matching documents per year, from the months' counts, newest first. */
export function yearsOf(
  months: readonly { value: string; count: number }[],
): { value: string; count: number }[] {
  const years = new Map<string, number>();
  for (const month of months)
    years.set(month.value.slice(0, 4), (years.get(month.value.slice(0, 4)) ?? 0) + month.count);
  return [...years].map(([value, count]) => ({ value, count })).sort((a, b) => (a.value < b.value ? 1 : -1));
}

/** GET /api/v1/search: {@link findPassages}' answer. */
export async function search(
  db: DatabaseHandle,
  userId: string,
  query: SearchQuery,
  settings: SearchSettings,
): Promise<SearchResponse> {
  return (await findPassages(db, userId, query, settings)).response;
}

/**
 * A search's answer, and the whole text of each passage found (the chats' summary reads them: the search
 * has them in hand, so they are not read again). A query that is nothing but stop words or punctuation
 * ("the", "?!") has no lexemes; it is a valid question with no answer, so an empty result, not an error.
 */
export async function findPassages(
  db: DatabaseHandle,
  userId: string,
  query: SearchQuery,
  settings: SearchSettings,
): Promise<{ response: SearchResponse; texts: ReadonlyMap<string, string> }> {
  // The search syntax (issue 19 item 4): operators become filters, the rest are the words. A filter given as
  // its own parameter (the Uploads page's chips) wins over the same one typed in the query.
  const parsed = parseSearchQuery(asTyped(query.q, query.as_you_type === 'on'));
  const [problem] = parsed.problems;
  if (problem !== undefined) throw new ApiError(400, problem, 'invalid_request');
  const text = normaliseQueryText(parsed.words.join(' '));
  // Operators alone ("from:rohit", "type:pdf after:2026-11-01") list what they match, newest first (issue 42
  // item 3); exclusions alone leave nothing to list from.
  const listing = text === '' && hasOperators(parsed) && parsed.excluded.length === 0;
  if (text === '' && !listing) {
    const message = hasOperators(parsed) ? SEARCH_MESSAGES.wordsRequired : SEARCH_MESSAGES.queryRequired;
    throw new ApiError(400, message, 'invalid_request');
  }
  // Only a search with after:/before: asks for the profile's time zone.
  const timeZone =
    parsed.after === undefined && parsed.before === undefined ? null : await userTimeZone(db, userId);
  const cursor =
    query.cursor === undefined
      ? undefined
      : decodeCursor(SearchCursorSchema, query.cursor, SEARCH_MESSAGES.badCursor);
  // Later pages keep the first page's choice, so one result list never mixes AND and OR.
  const request: SearchRequest = {
    userId,
    text,
    kind: query.type ?? parsed.type,
    // The fact operators (docs/decisions/230): date: is the date_from/date_to range, amount: the amount range,
    // mentions: the entity; a parameter given (an older client) wins over the operator.
    ...dateFilter(query, parsed.date),
    sentFrom: parsed.after,
    sentTo: parsed.before,
    sentFromAt: parsed.after === undefined ? undefined : startOfDay(parsed.after, timeZone),
    sentUntil: parsed.before === undefined ? undefined : startOfDay(nextDay(parsed.before), timeZone),
    ...amountFilter(query, parsed.amount),
    entity: query.entity ?? parsed.mentions,
    sender: parsed.from,
    recipient: parsed.to,
    phrases: parsed.phrases,
    excluded: parsed.excluded,
    titleWords: parsed.subject,
    hasAttachment: parsed.hasAttachment,
    source:
      parsed.source === undefined
        ? undefined
        : UPLOADS_SOURCE.includes(parsed.source.toLowerCase())
          ? { uploads: true }
          : { name: parsed.source },
    prefixes: parsed.prefixes,
    typoWords: query.typos === 'off' ? [] : typoWords(parsed).slice(0, TYPO_WORDS_MAX),
    // Words in quoted phrases are held by every result (the phrase is a filter): with no word outside them
    // there is nothing to relax, and "few passages have every word" would be untrue (issue 38).
    mode: cursor?.m ?? (onlyPhrases(parsed.words, parsed.phrases) ? 'and' : 'auto'),
    minAllWordResults: settings.minAllWordResults,
    limit: query.limit,
    after: cursor === undefined ? undefined : { score: cursor.s, passageId: cursor.i },
    maxCandidates: settings.maxCandidates ?? SEARCH_MAX_CANDIDATES,
  };
  const {
    mode,
    lexemes,
    hits,
    facets,
    sourceFacets,
    order,
    corrections = [],
    prefixes = [],
    people,
  } = listing ? await listNewest(db, request) : await searchPassages(db, request);
  const page = hits.slice(0, query.limit);
  const last = page.at(-1);
  const response: SearchResponse = {
    results: page.map((hit) => ({
      document: {
        id: hit.documentId,
        name: hit.documentName,
        title: hit.documentTitle,
        type: hit.kind as DocumentKind,
        document_date: hit.documentDate,
        source:
          hit.sourceName === null
            ? null
            : { name: hit.sourceName, folder: hit.sourceFolder, kind: hit.sourceKind as SourceKind },
      },
      passage: { id: hit.passageId, ordinal: hit.ordinal, location: hit.location },
      snippet: snippetParts(joinPhraseMarks(highlightPassage(hit.body, lexemes), parsed.phrases)),
      // A listing's order is its dates (the cursor's key), not a score.
      score: order === 'newest' ? 0 : hit.score,
      facts: (hit.facts ?? {}) as Partial<Facts>,
    })),
    facets: {
      type: facets.map((facet) => ({ value: facet.kind as SearchKind, count: facet.count })),
      source: sourceFacets,
      sender: people.senders,
      year: yearsOf(people.months),
      month: people.months,
    },
    mode,
    order,
    ...(prefixes.length === 0 ? {} : { prefixes }),
    ...(corrections.length === 0
      ? {}
      : { corrections, corrected_query: correctedQuery(query.q, corrections) }),
    next_cursor:
      hits.length > query.limit && last !== undefined
        ? encodeCursor({ s: last.score, i: last.passageId, m: mode })
        : null,
  };
  return { response, texts: new Map(page.map((hit) => [hit.passageId, hit.body])) };
}

/** The date filter: the parameters when either is given (one range, never half of each), else the query's `date:`. */
export function dateFilter(
  query: Pick<SearchQuery, 'date_from' | 'date_to'>,
  operator: ParsedQuery['date'],
): Pick<SearchRequest, 'from' | 'to'> {
  return query.date_from !== undefined || query.date_to !== undefined
    ? { from: query.date_from, to: query.date_to }
    : { from: operator?.from, to: operator?.to };
}

/**
 * The amount filter: the parameters when any is given (one range, never half of each), else the query's
 * `amount:` (docs/decisions/230).
 */
export function amountFilter(
  query: Pick<SearchQuery, 'amount_min' | 'amount_max' | 'currency'>,
  operator: ParsedQuery['amount'],
): Pick<SearchRequest, 'amountMin' | 'amountMax' | 'currency'> {
  const byParameters =
    query.amount_min !== undefined || query.amount_max !== undefined || query.currency !== undefined;
  return byParameters
    ? { amountMin: query.amount_min, amountMax: query.amount_max, currency: query.currency }
    : { amountMin: operator?.min, amountMax: operator?.max, currency: operator?.currency };
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Whether every word of the query is a word of one of its quoted phrases (each phrase word counted once). */
export function onlyPhrases(words: readonly string[], phrases: readonly string[]): boolean {
  if (phrases.length === 0) return false;
  const left = new Map<string, number>();
  for (const word of phrases.flatMap((phrase) => phrase.toLowerCase().match(WORD) ?? []))
    left.set(word, (left.get(word) ?? 0) + 1);
  for (const word of words.flatMap((typed) => typed.toLowerCase().match(WORD) ?? [])) {
    const count = left.get(word) ?? 0;
    if (count === 0) return false;
    left.set(word, count - 1);
  }
  return true;
}
