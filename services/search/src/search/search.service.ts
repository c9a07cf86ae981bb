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
  countAllWordMatches,
  kindFacets,
  type MatchMode,
  type SearchFilters,
  searchPage,
} from './search.repository';
import { snippetHtml } from './snippet';

export interface SearchSettings {
  /** AND first; fewer passages than this matching every word relaxes the search to OR (issue 10). */
  minAllWordResults: number;
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
  let mode: MatchMode = cursor?.m ?? 'and';
  if (cursor === undefined) {
    const allWords = await countAllWordMatches(db, filters, settings.minAllWordResults);
    if (allWords < settings.minAllWordResults) mode = 'or';
  }

  const hits = await searchPage(db, {
    ...filters,
    mode,
    limit: query.limit,
    after: cursor === undefined ? undefined : { score: cursor.s, passageId: cursor.i },
  });
  const page = hits.slice(0, query.limit);
  const last = page.at(-1);
  const facets = await kindFacets(db, filters, mode);
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
