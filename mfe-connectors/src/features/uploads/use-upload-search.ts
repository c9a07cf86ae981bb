import type { SearchKind, SearchResponse, SearchResult } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useNextPage, useServerState } from '@trove/kit/server-state';
import { useCallback, useState } from 'react';
import type { FactFilter, SearchRequest } from './search-filters';
import { searchUploads } from './uploads-api';

export type SearchStatus = 'idle' | 'loading' | 'more' | 'done' | 'error';

export interface UploadSearchState {
  request: SearchRequest | null;
  results: SearchResult[];
  facets: SearchResponse['facets']['type'];
  /** Where the matches came from (issue 21): each source, and uploads. */
  sourceFacets: SearchResponse['facets']['source'];
  mode: SearchResponse['mode'];
  nextCursor: string | null;
  status: SearchStatus;
  error: string | null;
}

/** What one search found: its results so far ("More results" appends), with the first page's facets. */
interface Found {
  results: SearchResult[];
  facets: SearchResponse['facets']['type'];
  sourceFacets: SearchResponse['facets']['source'];
  mode: SearchResponse['mode'];
  nextCursor: string | null;
}

const SEARCH_FAILED = 'Search did not answer; try again in a moment.';

const foundIn = (answer: SearchResponse): Found => ({
  results: answer.results,
  facets: answer.facets.type,
  sourceFacets: answer.facets.source,
  mode: answer.mode,
  nextCursor: answer.next_cursor,
});

/** GET /api/v1/search for the Uploads page: a new search replaces the last, "More results" appends. */
export function useUploadSearch() {
  const [request, setRequest] = useState<SearchRequest | null>(null);
  // The last results (and the facet just pressed) stay on screen while a new search runs.
  const searched = useServerState(
    request === null ? null : (signal) => searchUploads(request, signal).then(foundIn),
    [request],
    { keepPreviousData: true },
  );
  const { setData } = searched;
  const cursor = request !== null && searched.status === 'ready' ? (searched.data?.nextCursor ?? null) : null;
  const nextPage = useNextPage({
    cursor,
    read: (after, signal) => {
      // Never: without a search there is no cursor.
      if (request === null) throw new Error('no search to read more of');
      return searchUploads({ ...request, cursor: after }, signal);
    },
    apply: (answer: SearchResponse) =>
      setData((shown) =>
        shown === undefined
          ? shown
          : { ...shown, results: [...shown.results, ...answer.results], nextCursor: answer.next_cursor },
      ),
    describe: (error) => userMessage(error, SEARCH_FAILED),
  });
  const { stop: stopMore, loadMore } = nextPage;

  const search = useCallback(
    (q: string, type: SearchKind | null, filters: readonly FactFilter[]) => {
      stopMore();
      const trimmed = q.trim();
      setRequest(trimmed === '' ? null : { q: trimmed, type, filters });
    },
    [stopMore],
  );

  const more = useCallback(() => void loadMore(), [loadMore]);

  /** A deleted document's passages leave the results at once (issue 10: "removes it from the index at once"). */
  const dropDocument = useCallback(
    (documentId: string) => {
      setData((shown) =>
        shown === undefined
          ? shown
          : { ...shown, results: shown.results.filter((result) => result.document.id !== documentId) },
      );
    },
    [setData],
  );

  const clear = useCallback(() => {
    stopMore();
    setRequest(null);
  }, [stopMore]);

  const state: UploadSearchState = {
    request,
    results: searched.data?.results ?? [],
    facets: searched.data?.facets ?? [],
    sourceFacets: searched.data?.sourceFacets ?? [],
    mode: searched.data?.mode ?? 'and',
    nextCursor: searched.data?.nextCursor ?? null,
    ...(searched.status === 'error'
      ? { status: 'error', error: userMessage(searched.error, SEARCH_FAILED) }
      : searched.status !== 'ready'
        ? { status: searched.status, error: null }
        : nextPage.moreError !== null
          ? { status: 'error', error: nextPage.moreError }
          : { status: nextPage.loadingMore ? 'more' : 'done', error: null }),
  };

  return { state, search, more, dropDocument, clear };
}
