import type { DocumentKind, SearchResponse, SearchResult } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useCallback, useRef, useState } from 'react';
import type { FactFilter, SearchRequest } from './search-filters';
import { searchUploads } from './uploads-api';

export type SearchStatus = 'idle' | 'loading' | 'more' | 'done' | 'error';

export interface UploadSearchState {
  request: SearchRequest | null;
  results: SearchResult[];
  facets: SearchResponse['facets']['type'];
  mode: SearchResponse['mode'];
  nextCursor: string | null;
  status: SearchStatus;
  error: string | null;
}

const IDLE: UploadSearchState = {
  request: null,
  results: [],
  facets: [],
  mode: 'and',
  nextCursor: null,
  status: 'idle',
  error: null,
};

/** GET /api/v1/search for the Uploads page: a new search replaces the last, "More results" appends. */
export function useUploadSearch() {
  const [state, setState] = useState<UploadSearchState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async (request: SearchRequest, append: boolean) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((previous) => ({
      ...(append ? previous : { ...previous, request }),
      status: append ? 'more' : 'loading',
      error: null,
    }));
    try {
      const answer = await searchUploads(request, current.signal);
      if (current.signal.aborted) return;
      setState((previous) => ({
        request: append ? previous.request : request,
        results: append ? [...previous.results, ...answer.results] : answer.results,
        facets: append ? previous.facets : answer.facets.type,
        mode: append ? previous.mode : answer.mode,
        nextCursor: answer.next_cursor,
        status: 'done',
        error: null,
      }));
    } catch (error) {
      if (current.signal.aborted) return;
      setState((previous) => ({
        ...previous,
        ...(append ? {} : { results: [], facets: [], nextCursor: null }),
        status: 'error',
        error: userMessage(error, 'Search did not answer; try again in a moment.'),
      }));
    }
  }, []);

  const search = useCallback(
    (q: string, type: DocumentKind | null, filters: readonly FactFilter[]) => {
      const trimmed = q.trim();
      if (trimmed === '') {
        controller.current?.abort();
        setState(IDLE);
        return;
      }
      void run({ q: trimmed, type, filters }, false);
    },
    [run],
  );

  const more = useCallback(() => {
    if (state.request === null || state.nextCursor === null) return;
    void run({ ...state.request, cursor: state.nextCursor }, true);
  }, [run, state.request, state.nextCursor]);

  /** A deleted document's passages leave the results at once (issue 10: "removes it from the index at once"). */
  const dropDocument = useCallback((documentId: string) => {
    setState((previous) => ({
      ...previous,
      results: previous.results.filter((result) => result.document.id !== documentId),
    }));
  }, []);

  const clear = useCallback(() => {
    controller.current?.abort();
    setState(IDLE);
  }, []);

  return { state, search, more, dropDocument, clear };
}
