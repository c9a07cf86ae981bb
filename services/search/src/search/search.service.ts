import {
  type DocumentKind,
  type Facts,
  SEARCH_MESSAGES,
  type SearchQuery,
  type SearchResponse,
} from '@trove/contracts';
import { ApiError, type DatabaseHandle } from '@trove/service-core';
import { decodeCursor, encodeCursor } from './cursor';
import { normaliseQueryText } from './query-text';
import {
  type MatchMode,
  planSearch,
  preferIndexBitmaps,
  type SearchFilters,
  type SearchPlan,
  searchPage,
} from './search.repository';
import { snippetHtml } from './snippet';

export interface SearchSettings {
  /** AND first; fewer passages than this matching every word relaxes the search to OR (issue 10). */
  minAllWordResults: number;
  /**
   * Words matching more passages than this (by the statistics) score only the first this many matches the index yields
   * (docs/decisions/014-search-speed-and-bench.md). Default {@link SEARCH_MAX_CANDIDATES}.
   */
  maxCandidates?: number | undefined;
}

/** Scoring 500 passages costs ~3 ms; every match of "list" at 48k (28,608 passages) ~300 (ADR 014). */
export const SEARCH_MAX_CANDIDATES = 500;

/**
 * Which passages are scored when the words match more than `max` (docs/decisions/014-search-speed-and-bench.md).
 * AND: every candidate holds the rarest word, so when that alone is in more than `max` passages, the first
 * `max` matches are scored. OR: passages holding only the commonest words are left out while the rarer
 * words give candidates enough (their idf is what ranks a passage in BM25, so the top is rarely touched);
 * the first `max` are taken when even the rarest word is in more.
 */
export function candidates(
  mode: MatchMode,
  plan: SearchPlan,
  max: number,
): { candidateCap?: number; candidateLexemes?: string[] } {
  if (mode === 'and') return plan.andBound > max ? { candidateCap: max } : {};
  if (plan.orBound <= max) return {};
  const rarest = plan.terms
    .filter((term) => term.documentFrequency > 0)
    .sort((a, b) => a.documentFrequency - b.documentFrequency || a.lexeme.localeCompare(b.lexeme));
  const chosen: string[] = [];
  let total = 0;
  for (const term of rarest) {
    if (chosen.length > 0 && total + term.documentFrequency > max) break;
    chosen.push(term.lexeme);
    total += term.documentFrequency;
  }
  return total > max ? { candidateLexemes: chosen, candidateCap: max } : { candidateLexemes: chosen };
}

/**
 * GET /api/v1/search. A query that is nothing but stop words or punctuation ("the", "?!") has no
 * lexemes; it is a valid question with no answer, so an empty result rather than an error.
 */
export async function search(
  db: DatabaseHandle,
  userId: string,
  query: SearchQuery,
  settings: SearchSettings,
): Promise<SearchResponse> {
  const text = normaliseQueryText(query.q);
  if (text === '') throw new ApiError(400, SEARCH_MESSAGES.queryRequired, 'invalid_request');
  const filters: SearchFilters = {
    userId,
    text,
    kind: query.type,
    from: query.from,
    to: query.to,
    amountMin: query.amount_min,
    amountMax: query.amount_max,
    currency: query.currency,
    entity: query.entity,
  };
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);

  // Later pages keep the first page's choice, so one result list never mixes AND and OR.
  // One transaction, so one connection for the three statements and the planner settings stay local.
  const { mode, hits, facets } = await db.transaction().execute(async (tx) => {
    await preferIndexBitmaps(tx);
    const plan = await planSearch(tx, filters, cursor === undefined ? settings.minAllWordResults : 0);
    const chosen: MatchMode = cursor?.m ?? (plan.allWords < settings.minAllWordResults ? 'or' : 'and');
    const page = await searchPage(tx, {
      ...filters,
      mode: chosen,
      limit: query.limit,
      after: cursor === undefined ? undefined : { score: cursor.s, passageId: cursor.i },
      ...candidates(chosen, plan, settings.maxCandidates ?? SEARCH_MAX_CANDIDATES),
    });
    return { mode: chosen, ...page };
  });
  const page = hits.slice(0, query.limit);
  const last = page.at(-1);
  return {
    results: page.map((hit) => ({
      document: {
        id: hit.documentId,
        name: hit.documentName,
        type: hit.kind as DocumentKind,
        document_date: hit.documentDate,
      },
      passage: { id: hit.passageId, ordinal: hit.ordinal, location: hit.location },
      snippet: snippetHtml(hit.headline),
      score: hit.score,
      facts: (hit.facts ?? {}) as Partial<Facts>,
    })),
    facets: { type: facets.map((facet) => ({ value: facet.kind as DocumentKind, count: facet.count })) },
    mode,
    next_cursor:
      hits.length > query.limit && last !== undefined
        ? encodeCursor({ s: last.score, i: last.passageId, m: mode })
        : null,
  };
}
