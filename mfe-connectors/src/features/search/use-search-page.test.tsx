// @vitest-environment happy-dom
import type { SearchResponse, SearchResult } from '@trove/contracts';
import { ApiError } from '@trove/kit';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchUploads } from '../uploads/uploads-api';
import { useSearchPage } from './use-search-page';

vi.mock('../uploads/uploads-api', () => ({ searchUploads: vi.fn(), SEARCH_PAGE_SIZE: 10 }));
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

/** The hook on a page at `url`, with the router's location and navigate to go Back. */
function renderSearch(url = '/search') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ page: useSearchPage(), location: useLocation(), navigate: useNavigate() }), {
    wrapper,
  });
}

beforeEach(() => {
  searchMock.mockReset();
});
afterEach(cleanup);

describe('the search page (issue 38 item 2)', () => {
  it('an empty box searches nothing and leaves the URL bare', () => {
    const { result: hook } = renderSearch();
    act(() => hook.current.page.search('   ', null));
    expect(hook.current.page.state).toMatchObject({ status: 'idle', request: null, results: [] });
    expect(hook.current.location.search).toBe('');
    expect(searchMock).not.toHaveBeenCalled();
  });

  it('a search, a fact operator and a type go into the URL; Back and Forward restore each', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderSearch();
    act(() => hook.current.page.search(' invoice ', null));
    expect(hook.current.location.search).toBe('?q=invoice');
    await searches.answer(0, answer([result('d1', 'p1')]));
    act(() => hook.current.page.search('invoice mentions:"Asha Rao"', 'pdf'));
    expect(hook.current.location.search).toBe('?q=invoice+mentions%3A%22Asha+Rao%22&type=pdf');
    await searches.answer(1, answer([result('d2', 'p2')]));
    act(() => void hook.current.navigate(-1));
    expect(hook.current.page.state.request).toEqual({ q: 'invoice', type: null });
    await searches.answer(2, answer([result('d1', 'p1')]));
    expect(hook.current.page.state.results.map((found) => found.passage.id)).toEqual(['p1']);
    act(() => void hook.current.navigate(1));
    expect(hook.current.page.state.request?.type).toBe('pdf');
  });

  it('opened at page 3, it reads three pages of results at once', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderSearch('/search?q=invoice&page=3');
    expect(searchMock).toHaveBeenLastCalledWith({ q: 'invoice', type: null }, expect.any(AbortSignal), 30);
    await searches.answer(0, answer([result('d1', 'p1')]));
    expect(hook.current.page.state.status).toBe('done');
  });

  it('"More results" appends the next page and counts it in the URL; its failure keeps the results', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderSearch('/search?q=invoice');
    await searches.answer(0, answer([result('d1', 'p1')], 'c1'));
    act(() => hook.current.page.more());
    expect(hook.current.page.state.status).toBe('more');
    expect(searchMock).toHaveBeenLastCalledWith(
      { q: 'invoice', type: null, cursor: 'c1' },
      expect.any(AbortSignal),
    );
    await searches.answer(1, answer([result('d2', 'p2')], 'c2'));
    expect(hook.current.page.state).toMatchObject({ status: 'done', nextCursor: 'c2' });
    expect(hook.current.page.state.results.map((found) => found.passage.id)).toEqual(['p1', 'p2']);
    expect(hook.current.location.search).toBe('?q=invoice&page=2');
    // Counting the page is no search of its own.
    expect(searchMock).toHaveBeenCalledTimes(2);

    act(() => hook.current.page.more());
    await searches.fail(2, new ApiError('Unavailable', 503, { error: 'The index is busy' }));
    expect(hook.current.page.state).toMatchObject({
      status: 'error',
      error: 'The index is busy',
      nextCursor: 'c2',
    });
    expect(hook.current.page.state.results).toHaveLength(2);
  });

  it('a search that fails says so and shows no stale results; clearing goes back to idle', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderSearch('/search?q=invoice');
    await searches.answer(0, answer([result('d1', 'p1')], 'c1'));
    act(() => hook.current.page.search('receipts', null));
    await searches.fail(1, new TypeError('Failed to fetch'));
    expect(hook.current.page.state).toMatchObject({
      status: 'error',
      error: 'Search did not answer; try again in a moment.',
      results: [],
    });
    act(() => hook.current.page.clear());
    expect(hook.current.page.state).toMatchObject({ status: 'idle', request: null, results: [] });
  });

  it('typing replaces its own history entry, sends the last word as a prefix, and Enter keeps it (issue 42 item 5)', async () => {
    const searches = pendingSearches();
    const { result: hook } = renderSearch('/search?q=plum');
    await searches.answer(0, answer([result('d0', 'p0')]));
    act(() => hook.current.page.type('quin'));
    expect(hook.current.location.search).toBe('?q=quin');
    expect(searchMock.mock.calls.at(-1)?.[0]).toMatchObject({ q: 'quin', asYouType: true });
    act(() => hook.current.page.type('quince '));
    expect(searchMock.mock.calls.at(-1)?.[0]).toMatchObject({ q: 'quince' });
    expect(searchMock.mock.calls.at(-1)?.[0].asYouType).toBeUndefined();
    // The search before it was given up: its signal is aborted.
    expect(searchMock.mock.calls.at(-2)?.[1]?.aborted).toBe(true);
    expect(hook.current.page.state.typing).toBe(true);
    act(() => hook.current.page.search('quince orch', null, { typed: true }));
    expect(searchMock.mock.calls.at(-1)?.[0]).toMatchObject({ q: 'quince orch', asYouType: true });
    expect(hook.current.page.state.typing).toBe(false);
    // One entry for the typing and its Enter: Back is the search before.
    act(() => void hook.current.navigate(-1));
    expect(hook.current.location.search).toBe('?q=plum');
  });
});
