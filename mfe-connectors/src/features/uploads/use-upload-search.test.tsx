// @vitest-environment happy-dom
import type { SearchResponse, SearchResult } from '@trove/contracts';
import { ApiError } from '@trove/kit';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchUploads } from './uploads-api';
import { useUploadSearch } from './use-upload-search';

vi.mock('./uploads-api', () => ({ searchUploads: vi.fn() }));
const searchMock = vi.mocked(searchUploads);

const result = (documentId: string, passageId: string): SearchResult => ({
  document: { id: documentId, name: `${documentId}.pdf`, title: null, type: 'pdf', document_date: null },
  passage: { id: passageId, ordinal: 0, location: 'Page 1' },
  snippet: [{ text: 'invoice', marked: true }],
  score: 1,
  facts: {},
});

const answer = (results: SearchResult[], next_cursor: string | null = null): SearchResponse => ({
  results,
  facets: { type: [{ value: 'pdf', count: results.length }], source: [] },
  mode: 'and',
  next_cursor,
});

/** Answers the searches in the order they are made, each when the test says. */
function pendingSearches() {
  const answers: { resolve: (value: SearchResponse) => void; reject: (reason: unknown) => void }[] = [];
  searchMock.mockImplementation(() => new Promise((resolve, reject) => answers.push({ resolve, reject })));
  return {
    answer: (index: number, value: SearchResponse) => act(async () => answers[index]?.resolve(value)),
    fail: (index: number, reason: unknown) => act(async () => answers[index]?.reject(reason)),
  };
}

beforeEach(() => {
  searchMock.mockReset();
});
afterEach(cleanup);

describe('useUploadSearch', () => {
  it('an empty box searches nothing', () => {
    const { result: hook } = renderHook(() => useUploadSearch());
    act(() => hook.current.search('   ', null, []));
    expect(hook.current.state).toMatchObject({ status: 'idle', request: null, results: [] });
    expect(searchMock).not.toHaveBeenCalled();
  });

  it('a new search keeps the last results and facets on screen until its own answer replaces them', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderHook(() => useUploadSearch());
    act(() => hook.current.search(' invoice ', null, []));
    expect(hook.current.state).toMatchObject({ status: 'loading', request: { q: 'invoice', type: null } });
    await searches.answer(0, answer([result('d1', 'p1')], 'c1'));
    expect(hook.current.state).toMatchObject({ status: 'done', nextCursor: 'c1' });

    act(() => hook.current.search('invoice', 'pdf', []));
    expect(hook.current.state).toMatchObject({ status: 'loading', request: { type: 'pdf' } });
    expect(hook.current.state.results).toHaveLength(1);
    expect(hook.current.state.facets).toHaveLength(1);
    await searches.answer(1, answer([result('d2', 'p2')]));
    expect(hook.current.state.results.map((found) => found.passage.id)).toEqual(['p2']);
  });

  it('a search that fails says so and shows no stale results', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderHook(() => useUploadSearch());
    act(() => hook.current.search('invoice', null, []));
    await searches.answer(0, answer([result('d1', 'p1')], 'c1'));
    act(() => hook.current.search('receipts', null, []));
    await searches.fail(1, new TypeError('Failed to fetch'));
    expect(hook.current.state).toMatchObject({
      status: 'error',
      error: 'Search did not answer; try again in a moment.',
      results: [],
      facets: [],
      nextCursor: null,
    });
  });

  it('"More results" appends the next page; its failure keeps the results and says why', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderHook(() => useUploadSearch());
    act(() => hook.current.search('invoice', null, []));
    await searches.answer(0, answer([result('d1', 'p1')], 'c1'));

    act(() => hook.current.more());
    expect(hook.current.state.status).toBe('more');
    expect(searchMock).toHaveBeenLastCalledWith(
      { q: 'invoice', type: null, filters: [], cursor: 'c1' },
      expect.any(AbortSignal),
    );
    await searches.answer(1, answer([result('d2', 'p2')], 'c2'));
    expect(hook.current.state).toMatchObject({ status: 'done', nextCursor: 'c2' });
    expect(hook.current.state.results.map((found) => found.passage.id)).toEqual(['p1', 'p2']);

    act(() => hook.current.more());
    await searches.fail(2, new ApiError('Unavailable', 503, { error: 'The index is busy' }));
    expect(hook.current.state).toMatchObject({
      status: 'error',
      error: 'The index is busy',
      nextCursor: 'c2',
    });
    expect(hook.current.state.results).toHaveLength(2);
  });

  it('a new search abandons "More results" under way', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderHook(() => useUploadSearch());
    act(() => hook.current.search('invoice', null, []));
    await searches.answer(0, answer([result('d1', 'p1')], 'c1'));
    act(() => hook.current.more());
    const moreSignal = searchMock.mock.calls[1]?.[1];
    act(() => hook.current.search('receipts', null, []));
    expect(moreSignal?.aborted).toBe(true);
    await searches.answer(1, answer([result('late', 'late')]));
    await searches.answer(2, answer([result('d3', 'p3')]));
    expect(hook.current.state.results.map((found) => found.passage.id)).toEqual(['p3']);
  });

  it('a deleted document leaves the results at once; clearing goes back to idle', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderHook(() => useUploadSearch());
    act(() => hook.current.search('invoice', null, []));
    await searches.answer(0, answer([result('d1', 'p1'), result('d2', 'p2')]));
    act(() => hook.current.dropDocument('d1'));
    expect(hook.current.state.results.map((found) => found.document.id)).toEqual(['d2']);
    act(() => hook.current.clear());
    expect(hook.current.state).toMatchObject({ status: 'idle', request: null, results: [] });
  });
});
