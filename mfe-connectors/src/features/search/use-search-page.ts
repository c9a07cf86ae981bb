import type { SearchKind, SearchResponse, SearchResult } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useNextPage, useServerState } from '@trove/kit/server-state';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FactFilter, SearchRequest } from '../uploads/search-filters';
import { SEARCH_PAGE_SIZE, searchUploads } from '../uploads/uploads-api';
import { paramsFromSearch, RESTORED_PAGES_MAX, searchFromParams } from './search-url';

export type SearchStatus = 'idle' | 'loading' | 'more' | 'done' | 'error';

export interface SearchState {
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

const SEARCH_FAILED = 'Search did not answer; try again in a moment.';

interface Found {
  results: SearchResponse['results'];
  facets: SearchResponse['facets']['type'];
  sourceFacets: SearchResponse['facets']['source'];
  mode: SearchResponse['mode'];
  nextCursor: string | null;
}

/**
 * The search page's state, read from and written to the URL (issue 38 item 2): a new search or filter is a new
 * history entry, so Back and Forward restore it; "More results" counts the page in the URL without one, and a
 * page opened at page 3 reads three pages' worth of results at once (up to RESTORED_PAGES_MAX).
 */
export function useSearchPage() {
  const [params, setParams] = useSearchParams();
  const location = useMemo(() => searchFromParams(params), [params]);
  const { request, page } = location;
  const key = paramsFromSearch({ request, page: 1 }).toString();
  const searched = useServerState(
    request === null
      ? null
      : (signal) =>
          searchUploads(request, signal, SEARCH_PAGE_SIZE * Math.min(page, RESTORED_PAGES_MAX)).then(
            (answer): Found => ({
              results: answer.results,
              facets: answer.facets.type,
              sourceFacets: answer.facets.source,
              mode: answer.mode,
              nextCursor: answer.next_cursor,
            }),
          ),
    // The page count is read when the search changes, not a search of its own.
    [key],
    { keepPreviousData: true },
  );
  const { setData } = searched;
  const cursor = request !== null && searched.status === 'ready' ? (searched.data?.nextCursor ?? null) : null;
  const nextPage = useNextPage({
    cursor,
    read: (after, signal) => {
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
      setParams(
        paramsFromSearch({ request: trimmed === '' ? null : { q: trimmed, type, filters }, page: 1 }),
      );
    },
    [stopMore, setParams],
  );

  const more = useCallback(() => {
    void loadMore().then((answer) => {
      if (answer === null) return;
      setParams((current) => paramsFromSearch({ ...searchFromParams(current), page: page + 1 }), {
        replace: true,
      });
    });
  }, [loadMore, setParams, page]);

  const clear = useCallback(() => {
    stopMore();
    setParams(new URLSearchParams(), { replace: true });
  }, [stopMore, setParams]);

  const state: SearchState = {
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
  return { state, search, more, clear };
}
