// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { SearchResult } from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELAXED_TO_ANY_WORD, SearchPanel } from './search-panel';
import { AS_YOU_TYPE_GAP_MS } from '../search/as-you-type';
import type { SearchState } from '../search/use-search-page';

// Issue 21: a result from a mailbox says where the message is filed ("Work mail › INBOX"); an upload's
// result says nothing of the kind.

afterEach(cleanup);

const result = (id: string, name: string, source: SearchResult['document']['source']): SearchResult => ({
  document: { id, name, title: null, type: 'eml', document_date: null, source },
  passage: { id, ordinal: 0, location: 'body' },
  snippet: [{ text: 'kumquat', marked: true }],
  score: 1,
  facts: {},
});

function renderPanel(
  results: SearchResult[],
  mode: SearchState['mode'] = 'and',
  facets: SearchState['facets'] = [],
  onSearch: (...args: unknown[]) => void = () => undefined,
  q = 'kumquat',
  more: Partial<SearchState> = {},
) {
  const state: SearchState = {
    request: { q, type: null },
    results,
    facets,
    sourceFacets: [],
    senderFacets: [],
    yearFacets: [],
    monthFacets: [],
    mode,
    nextCursor: null,
    status: 'done',
    error: null,
    typing: false,
    ...more,
  };
  render(
    <KitProviders config={{ name: 'Trove', shortName: 'T', tagline: 'Find anything.' }}>
      <MemoryRouter>
        <SearchPanel state={state} onSearch={onSearch} onMore={() => undefined} onClear={() => undefined} />
      </MemoryRouter>
    </KitProviders>,
  );
}

describe('a search result’s source line', () => {
  it('names the source and folder of a message, and nothing for an upload', () => {
    renderPanel([
      result('1', 'INBOX/7.eml', { name: 'Work mail', folder: 'INBOX' }),
      result('2', 'Archive/3.eml', { name: 'Work mail', folder: null }),
      result('3', 'notes.eml', null),
    ]);
    const [mail, unfiled, upload] = screen.getAllByTestId('search-result') as HTMLElement[];
    expect(within(mail as HTMLElement).getByTestId('result-source').textContent).toBe('Work mail › INBOX');
    expect(within(unfiled as HTMLElement).getByTestId('result-source').textContent).toBe('Work mail');
    expect(within(upload as HTMLElement).queryByTestId('result-source')).toBeNull();
  });
});

describe('a search result’s type tag', () => {
  it('says Row for a database source’s row (stored as HTML), and the file type otherwise', () => {
    renderPanel([
      { ...result('1', 'invoices-42.html', { name: 'Billing', folder: 'invoices', kind: 'postgres' }) },
      result('2', 'INBOX/7.eml', { name: 'Work mail', folder: 'INBOX', kind: 'imap' }),
    ]);
    const [row, mail] = screen.getAllByTestId('search-result') as HTMLElement[];
    expect(within(row as HTMLElement).getByText('Row')).toBeTruthy();
    expect(within(row as HTMLElement).queryByText('Email')).toBeNull();
    expect(within(mail as HTMLElement).getByText('Email')).toBeTruthy();
  });
});

describe('a search result’s title', () => {
  it('opens its document at the passage found (issue 38 item 1)', () => {
    renderPanel([result('7', 'notes.eml', null)]);
    const link = screen.getByRole('link', { name: 'notes.eml' });
    expect(link.getAttribute('href')).toBe('/documents/7#passage-7');
  });
});

describe('the type facet of database rows (issue 38)', () => {
  it('reads "Row 14", not "HTML 14": rows are a kind of their own (issue 42 item 4)', () => {
    renderPanel([result('1', 'invoices #1', null)], 'and', [{ value: 'row', count: 14 }]);
    expect(screen.getByRole('button', { name: 'Row 14' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^HTML/ })).toBeNull();
  });
});

describe('a search relaxed to any word', () => {
  it('says passages with some of the words are shown too, and says nothing when every result has every word', () => {
    renderPanel([result('1', 'notes.eml', null)], 'or');
    expect(screen.getByText(RELAXED_TO_ANY_WORD)).toBeTruthy();
    cleanup();
    renderPanel([result('1', 'notes.eml', null)], 'and');
    expect(screen.queryByText(RELAXED_TO_ANY_WORD)).toBeNull();
  });
});

describe('the type chips write the operator (issue 42 item 6)', () => {
  it('a type chip puts type: into the query, reads it back as chosen, and All takes it out', () => {
    const onSearch = vi.fn();
    renderPanel([result('1', 'a.pdf', null)], 'and', [{ value: 'pdf', count: 1 }], onSearch);
    fireEvent.click(screen.getByRole('button', { name: 'PDF 1' }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat type:pdf', null);
    cleanup();
    renderPanel(
      [result('1', 'a.pdf', null)],
      'and',
      [{ value: 'pdf', count: 1 }],
      onSearch,
      'kumquat type:pdf',
    );
    expect(screen.getByRole('button', { name: 'PDF 1' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'All 1' }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat', null);
  });

  it('a kind the syntax has no word for (database rows) stays a parameter', () => {
    const onSearch = vi.fn();
    renderPanel([result('1', 'invoices #1', null)], 'and', [{ value: 'row', count: 1 }], onSearch);
    fireEvent.click(screen.getByRole('button', { name: 'Row 1' }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat', 'row');
  });
});

describe('sender and date chips write operators (issue 42 items 4 and 6)', () => {
  const people = {
    senderFacets: [{ value: 'asha@orchard.example', label: 'Asha Rao', count: 2 }],
    yearFacets: [{ value: '2026', count: 3 }],
    monthFacets: [
      { value: '2026-11', count: 2 },
      { value: '2026-10', count: 1 },
    ],
  };

  it('a sender chip puts from: into the query and reads it back as chosen; again takes it out', () => {
    const onSearch = vi.fn();
    renderPanel([result('1', 'a.eml', null)], 'and', [], onSearch, 'kumquat', people);
    fireEvent.click(screen.getByRole('button', { name: 'from Asha Rao 2' }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat from:asha@orchard.example', null);
    cleanup();
    renderPanel(
      [result('1', 'a.eml', null)],
      'and',
      [],
      onSearch,
      'kumquat from:Asha@orchard.example',
      people,
    );
    const chip = screen.getByRole('button', { name: 'from Asha Rao 2' });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip);
    expect(onSearch).toHaveBeenLastCalledWith('kumquat', null);
  });

  it('a year chip writes after: and before:, its months show once it is chosen, a month narrows it', () => {
    const onSearch = vi.fn();
    renderPanel([result('1', 'a.eml', null)], 'and', [], onSearch, 'kumquat', people);
    expect(screen.queryByRole('button', { name: 'Nov 2026 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2026 3' }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat after:2026-01-01 before:2026-12-31', null);
    cleanup();
    renderPanel([], 'and', [], onSearch, 'kumquat after:2026-01-01 before:2026-12-31', people);
    expect(screen.getByRole('button', { name: '2026 3' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Nov 2026 2' }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat after:2026-11-01 before:2026-11-30', null);
    // The date operators a person typed that are no period: no chip is chosen, and a chip replaces them.
    cleanup();
    renderPanel([], 'and', [], onSearch, 'kumquat after:2026-03-04', people);
    expect(screen.getByRole('button', { name: '2026 3' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: '2026 3' }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat after:2026-01-01 before:2026-12-31', null);
  });
});

describe('the fact chips write mentions:, amount: and date: (docs/decisions/230)', () => {
  const withFacts = (id: string): SearchResult => ({
    ...result(id, 'invoice.eml', null),
    facts: {
      dates: [{ text: '3 March 2026', iso: '2026-03-03' }],
      amounts: [{ text: '₹1,25,000', currency: 'INR', value: 125000 }],
      people: [{ name: 'Asha Rao' }],
    },
  });
  const facts = () => within(screen.getByRole('list', { name: 'Found in this passage' }));

  it('a fact chip writes its operator into the query, replacing the one of its kind', () => {
    const onSearch = vi.fn();
    renderPanel([withFacts('1')], 'and', [], onSearch, 'kumquat mentions:acme');
    fireEvent.click(facts().getByRole('button', { name: /Mentions Asha Rao/ }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat mentions:"Asha Rao"', null);
    fireEvent.click(facts().getByRole('button', { name: /Amount ₹1,25,000/ }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat mentions:acme amount:INR125000', null);
    fireEvent.click(facts().getByRole('button', { name: /Date 3 March 2026/ }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat mentions:acme date:2026-03-03', null);
    // The box says what was searched.
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(
      'kumquat mentions:acme date:2026-03-03',
    );
  });

  it('the query’s fact operators show as active filters and press their chips; removing one takes it out', () => {
    const onSearch = vi.fn();
    renderPanel(
      [withFacts('1')],
      'and',
      [],
      onSearch,
      'kumquat mentions:"asha rao" amount:INR125000 date:2026-03',
    );
    const active = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(active.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Mentions: asha rao',
      'Amount: ₹1,25,000',
      'Date: Mar 2026',
    ]);
    expect(
      facts()
        .getByRole('button', { name: /Mentions Asha Rao/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      facts()
        .getByRole('button', { name: /Amount/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // A month is not the chip's day.
    expect(facts().getByRole('button', { name: /Date/ }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(active.getByRole('button', { name: 'Remove filter Amount: ₹1,25,000' }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat mentions:"asha rao" date:2026-03', null);
    // A pressed chip again takes its operator out.
    fireEvent.click(facts().getByRole('button', { name: /Mentions Asha Rao/ }));
    expect(onSearch).toHaveBeenLastCalledWith('kumquat amount:INR125000 date:2026-03', null);
  });
});

describe('the box sends what is typed (issue 42 item 5, docs/decisions/221)', () => {
  it('a keystroke after a pause searches at once; keys within the gap are gathered into one at its end', () => {
    vi.useFakeTimers();
    try {
      const onType = vi.fn();
      const state: SearchState = {
        request: null,
        results: [],
        facets: [],
        sourceFacets: [],
        senderFacets: [],
        yearFacets: [],
        monthFacets: [],
        mode: 'and',
        nextCursor: null,
        status: 'idle',
        error: null,
        typing: false,
      };
      render(
        <KitProviders config={{ name: 'Trove', shortName: 'T', tagline: 'Find anything.' }}>
          <MemoryRouter>
            <SearchPanel
              state={state}
              onSearch={() => undefined}
              onType={onType}
              onMore={() => undefined}
              onClear={() => undefined}
            />
          </MemoryRouter>
        </KitProviders>,
      );
      const box = screen.getByRole('searchbox', { name: 'Search everything' });
      fireEvent.change(box, { target: { value: 'q' } });
      fireEvent.change(box, { target: { value: 'qu' } });
      // No wait: the first search goes with the keystroke (one letter searches nothing, so it left no gap).
      expect(onType.mock.calls).toEqual([['q'], ['qu']]);
      fireEvent.change(box, { target: { value: 'qui' } });
      fireEvent.change(box, { target: { value: 'quin' } });
      expect(onType).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(AS_YOU_TYPE_GAP_MS);
      expect(onType.mock.calls.at(-1)).toEqual(['quin']);
      expect(onType).toHaveBeenCalledTimes(3);
      // After a pause, at once again.
      vi.advanceTimersByTime(AS_YOU_TYPE_GAP_MS);
      fireEvent.change(box, { target: { value: 'quinc' } });
      expect(onType.mock.calls.at(-1)).toEqual(['quinc']);
    } finally {
      vi.useRealTimers();
    }
  });
});
