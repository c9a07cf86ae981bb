// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { KitProviders } from '@trove/kit';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SearchPage from './search-page';

// Issue 38 item 2: search as a page of its own (/search), its query, filters and page in the URL.

/** Search answers by cursor ('' for the first page); every search URL asked is kept. */
let searchPages: Record<string, unknown> = {};
let searched: URLSearchParams[] = [];
let shown = '';
const shownUrl = () => shown;

function ShownUrl() {
  const location = useLocation();
  shown = `${location.pathname}${location.search}`;
  return null;
}

beforeEach(() => {
  searchPages = {};
  searched = [];
  vi.stubGlobal('__TROVE_BUILD_LABEL__', 'test');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/v1/search?')) {
        const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
        searched.push(params);
        return Response.json(searchPages[params.get('cursor') ?? '']);
      }
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(url: string) {
  return render(
    <KitProviders config={{ name: 'Trove', shortName: 'T', tagline: 'Find anything.' }}>
      <MemoryRouter initialEntries={[url]}>
        <SearchPage />
        <ShownUrl />
      </MemoryRouter>
    </KitProviders>,
  );
}

describe('the Search page', () => {
  it('opened at /search, the box has the focus and nothing is searched', async () => {
    renderPage('/search');
    const box = await screen.findByRole('searchbox', { name: 'Search everything' });
    expect(document.activeElement).toBe(box);
    expect(searched).toEqual([]);
  });

  it('opened at /search?q=…, the box holds the query and the search runs', async () => {
    searchPages = { '': { results: [], facets: { type: [], source: [] }, mode: 'and', next_cursor: null } };
    renderPage('/search?q=kumquat');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search everything' }).value).toBe(
      'kumquat',
    );
    await screen.findByText(
      'Nothing you uploaded or connected matches “kumquat”. Try fewer or different words.',
    );
    expect(searched[0]?.get('q')).toBe('kumquat');
  });

  it('search: highlighted snippets as text, fact chips as filters, type facets, more results', async () => {
    const result = (id: string, snippet: { text: string; marked: boolean }[]) => ({
      document: {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'contract.pdf',
        title: 'Service agreement with Acme',
        type: 'pdf',
        document_date: null,
      },
      passage: { id, ordinal: Number(id), location: 'page 2' },
      snippet,
      score: 1,
      facts: {
        amounts: [{ text: 'Rs. 1,25,000', currency: 'INR', value: 125000 }],
        people: [{ name: 'Asha Rao' }],
      },
    });
    searchPages = {
      '': {
        results: [
          result('1', [
            { text: 'the <b>', marked: false },
            { text: 'invoice', marked: true },
            { text: '</b> total', marked: false },
          ]),
        ],
        facets: {
          type: [{ value: 'pdf', count: 1 }],
          source: [
            { value: 'uploads', label: 'Uploads', count: 1 },
            { value: 's1', label: 'Work mail', count: 1 },
          ],
        },
        mode: 'and',
        next_cursor: 'c1',
      },
      c1: {
        results: [
          result('2', [
            { text: 'second ', marked: false },
            { text: 'invoice', marked: true },
          ]),
        ],
        facets: { type: [] },
        mode: 'and',
        next_cursor: null,
      },
    };
    renderPage('/search');
    const box = await screen.findByRole('searchbox', { name: 'Search everything' });
    fireEvent.change(box, { target: { value: 'invoice' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    const first = (await screen.findAllByTestId('search-result'))[0] as HTMLElement;
    // Issue 19 item 3: the document's title, the file name under it.
    within(first).getByRole('heading', { name: 'Service agreement with Acme' });
    // Issue 38 item 1: the title opens the document at the passage.
    expect(
      within(first).getByRole('link', { name: 'Service agreement with Acme' }).getAttribute('href'),
    ).toBe('/documents/00000000-0000-4000-8000-000000000001#passage-1');
    within(first).getByText('contract.pdf');
    within(first).getByText('Page 2');
    // Markup in a document's text stays text; only the match is a <mark>.
    expect(first.querySelector('mark')?.textContent).toBe('invoice');
    expect(first.querySelector('b')).toBeNull();
    within(first).getByText('</b>', { exact: false });

    expect(shownUrl()).toBe('/search?q=invoice');
    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2));
    await waitFor(() => expect(shownUrl()).toBe('/search?q=invoice&page=2'));
    expect(searched[1]?.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'More results' })).toBeNull();

    // A fact chip writes its operator into the query (docs/decisions/230), never an API parameter.
    fireEvent.click(within(first).getByRole('button', { name: 'Mentions Asha Rao' }));
    await waitFor(() => expect(searched[2]?.get('q')).toBe('invoice mentions:"Asha Rao"'));
    expect(searched[2]?.has('entity')).toBe(false);
    screen.getByRole('button', { name: 'Remove filter Mentions: Asha Rao' });
    fireEvent.click(screen.getByRole('button', { name: /^PDF 1/ }));
    // Issue 42 item 6: a type chip writes its operator into the query.
    await waitFor(() => expect(searched[3]?.get('q')).toBe('invoice mentions:"Asha Rao" type:pdf'));
    expect(shownUrl()).toBe('/search?q=invoice+mentions%3A%22Asha+Rao%22+type%3Apdf');

    // Issue 21: where the matches came from; a source is chosen by writing source: into the query.
    fireEvent.click(screen.getByRole('button', { name: /^Work mail 1/ }));
    await waitFor(() =>
      expect(searched[4]?.get('q')).toBe('invoice mentions:"Asha Rao" type:pdf source:"Work mail"'),
    );
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search everything' }).value).toBe(
      'invoice mentions:"Asha Rao" type:pdf source:"Work mail"',
    );
    // The active filter's remove button takes its operator out of the box and the URL.
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Mentions: Asha Rao' }));
    await waitFor(() => expect(searched[5]?.get('q')).toBe('invoice type:pdf source:"Work mail"'));
    expect(shownUrl()).toBe('/search?q=invoice+type%3Apdf+source%3A%22Work+mail%22');
  });
});
