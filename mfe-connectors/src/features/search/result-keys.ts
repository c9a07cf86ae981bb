import type { SearchState } from './use-search-page';

// Issue 42 item 5: the search page works from the keyboard alone (docs/decisions/195-as-you-type-search-box.md).

/** Focuses the result link at `index` (the last one when past the end); false when there is none. */
export function focusResult(list: HTMLElement | null, index: number): boolean {
  const links = list?.querySelectorAll<HTMLElement>('[data-result-link]');
  if (links === undefined || links.length === 0) return false;
  const link = links[Math.min(index, links.length - 1)];
  link?.focus();
  link?.scrollIntoView({ block: 'nearest' });
  return true;
}

/**
 * What the page's live region says of a search: how many documents match, once they are known; nothing while
 * a search reads (the results on screen are then the last search's, not this one's).
 */
export function resultCountWords(
  state: Pick<SearchState, 'request' | 'status' | 'results' | 'facets'>,
): string {
  if (state.request === null || state.status === 'error' || state.status === 'idle') return '';
  if (state.status === 'loading') return '';
  const total = Math.max(
    state.facets.reduce((sum, facet) => sum + facet.count, 0),
    state.results.length,
  );
  if (total === 0) return `No results for “${state.request.q}”.`;
  return `${total} ${total === 1 ? 'result' : 'results'} for “${state.request.q}”.`;
}
