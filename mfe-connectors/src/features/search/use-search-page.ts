import type { SearchKind, SearchResponse, SearchResult } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useNextPage, useServerState } from '@trove/kit/server-state';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { SearchRequest } from '../uploads/search-filters';
import { SEARCH_PAGE_SIZE, searchUploads } from '../uploads/uploads-api';
import { readSearchEntry, typedSearch } from './as-you-type';
import { paramsFromSearch, RESTORED_PAGES_MAX, searchFromParams } from './search-url';

export type SearchStatus = 'idle' | 'loading' | 'more' | 'done' | 'error';

export interface SearchState {
  request: SearchRequest | null;
  results: SearchResult[];
  facets: SearchResponse['facets']['type'];
  /** Where the matches came from (issue 21): each source, and uploads. */
  sourceFacets: SearchResponse['facets']['source'];
  /** Who sent the matches and when (issue 42 item 4): the chips write from: and after:/before:. */
  senderFacets: NonNullable<SearchResponse['facets']['sender']>;
  yearFacets: NonNullable<SearchResponse['facets']['year']>;
  monthFacets: NonNullable<SearchResponse['facets']['month']>;
  mode: SearchResponse['mode'];
  nextCursor: string | null;
  status: SearchStatus;
  error: string | null;
  /** The search was made by the box as the person typed (issue 42 item 5): no "Searching…" on its button. */
  typing: boolean;
}

const SEARCH_FAILED = 'Search did not answer; try again in a moment.';

interface Found {
  results: SearchResponse['results'];
  facets: SearchResponse['facets']['type'];
  sourceFacets: SearchResponse['facets']['source'];
  senderFacets: NonNullable<SearchResponse['facets']['sender']>;
  yearFacets: NonNullable<SearchResponse['facets']['year']>;
  monthFacets: NonNullable<SearchResponse['facets']['month']>;
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
  const entry = readSearchEntry(useLocation().state);
  const location = useMemo(() => searchFromParams(params), [params]);
  const { page } = location;
  const request = useMemo(
    () =>
      location.request !== null && entry.prefix ? { ...location.request, asYouType: true } : location.request,
    [location.request, entry.prefix],
  );
  // A new search (a new key) aborts the read of the one before it: a keystroke cancels the stale request.
  const key = `${paramsFromSearch({ request, page: 1 })}${entry.prefix ? '&as_you_type=on' : ''}`;
  const searched = useServerState(
    request === null
      ? null
      : (signal) =>
          searchUploads(request, signal, SEARCH_PAGE_SIZE * Math.min(page, RESTORED_PAGES_MAX)).then(
            (answer): Found => ({
              results: answer.results,
              facets: answer.facets.type,
              sourceFacets: answer.facets.source,
              senderFacets: answer.facets.sender ?? [],
              yearFacets: answer.facets.year ?? [],
              monthFacets: answer.facets.month ?? [],
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

  /**
   * A search asked for (Enter, a chip, a facet): a history entry of its own, unless it only confirms what the
   * box wrote while the person typed, which it replaces. `typed`: the text is the box's as typed, whose
   * trailing space (or none) says whether its last word is whole; otherwise the entry's way is kept.
   */
  const search = useCallback(
    (q: string, type: SearchKind | null, options: { typed?: boolean } = {}) => {
      stopMore();
      const trimmed = q.trim();
      const prefix = options.typed ? (typedSearch(q)?.prefix ?? false) : entry.prefix;
      setParams(paramsFromSearch({ request: trimmed === '' ? null : { q: trimmed, type }, page: 1 }), {
        replace: entry.typing,
        state: { typing: false, prefix },
      });
    },
    [stopMore, setParams, entry.typing, entry.prefix],
  );

  /**
   * The box as the person types it (issue 42 item 5), sent by the box (at once after a pause): the first
   * keystroke adds a history entry, the next ones replace it, so Back goes to the search before the typing.
   * Fewer than two letters show no results.
   */
  const type = useCallback(
    (text: string) => {
      stopMore();
      const typed = typedSearch(text);
      const { type: kind = null } = request ?? {};
      setParams(paramsFromSearch({ request: typed === null ? null : { q: typed.q, type: kind }, page: 1 }), {
        replace: entry.typing || request === null,
        state: { typing: true, prefix: typed?.prefix ?? false },
        // Rendered at once, not as a transition: the search's read starts in the keystroke's own task
        // rather than a frame or more later (ADR 221 measured ~20 ms p50 of waiting there).
        flushSync: true,
      });
    },
    [stopMore, setParams, request, entry.typing],
  );

  const more = useCallback(() => {
    void loadMore().then((answer) => {
      if (answer === null) return;
      // The entry's own state goes with it: a prefix search stays one.
      setParams((current) => paramsFromSearch({ ...searchFromParams(current), page: page + 1 }), {
        replace: true,
        state: entry,
      });
    });
  }, [loadMore, setParams, page, entry]);

  const clear = useCallback(() => {
    stopMore();
    setParams(new URLSearchParams(), { replace: true });
  }, [stopMore, setParams]);

  const state: SearchState = {
    request,
    results: searched.data?.results ?? [],
    facets: searched.data?.facets ?? [],
    sourceFacets: searched.data?.sourceFacets ?? [],
    senderFacets: searched.data?.senderFacets ?? [],
    yearFacets: searched.data?.yearFacets ?? [],
    monthFacets: searched.data?.monthFacets ?? [],
    mode: searched.data?.mode ?? 'and',
    nextCursor: searched.data?.nextCursor ?? null,
    typing: entry.typing,
    ...(searched.status === 'error'
      ? { status: 'error', error: userMessage(searched.error, SEARCH_FAILED) }
      : searched.status !== 'ready'
        ? { status: searched.status, error: null }
        : nextPage.moreError !== null
          ? { status: 'error', error: nextPage.moreError }
          : { status: nextPage.loadingMore ? 'more' : 'done', error: null }),
  };
  return { state, search, type, more, clear };
}
