import { describe, expect, it } from 'vitest';
import { AS_YOU_TYPE_GAP_MS, readSearchEntry, searchDelay, typedSearch } from './as-you-type';
import { resultCountWords } from './result-keys';

describe('the box as people type (issue 42 item 5)', () => {
  it('searches from the second letter, the last word a prefix until a space follows it', () => {
    expect(typedSearch('')).toBeNull();
    expect(typedSearch(' q ')).toBeNull();
    expect(typedSearch('"q')).toBeNull();
    expect(typedSearch('qu')).toEqual({ q: 'qu', prefix: true });
    expect(typedSearch('quince orch')).toEqual({ q: 'quince orch', prefix: true });
    expect(typedSearch('quince orch ')).toEqual({ q: 'quince orch', prefix: false });
    expect(typedSearch('ñu')).toEqual({ q: 'ñu', prefix: true });
  });

  it('a keystroke after a pause searches at once; keys closer than the gap wait for its end', () => {
    expect(searchDelay(1_000, null)).toBe(0);
    expect(searchDelay(1_000, 1_000 - AS_YOU_TYPE_GAP_MS)).toBe(0);
    expect(searchDelay(1_000, 500)).toBe(0);
    expect(searchDelay(1_000, 990)).toBe(AS_YOU_TYPE_GAP_MS - 10);
    expect(searchDelay(1_000, 1_000)).toBe(AS_YOU_TYPE_GAP_MS);
  });

  it('reads a history entry’s state, whatever it holds', () => {
    expect(readSearchEntry(null)).toEqual({ typing: false, prefix: false });
    expect(readSearchEntry('x')).toEqual({ typing: false, prefix: false });
    expect(readSearchEntry({ typing: true, prefix: 'yes' })).toEqual({ typing: true, prefix: false });
    expect(readSearchEntry({ typing: true, prefix: true })).toEqual({ typing: true, prefix: true });
  });

  it('says the count once it is known, nothing while a search reads', () => {
    const request = { q: 'quince', type: null };
    const facets = [
      { value: 'pdf' as const, count: 2 },
      { value: 'eml' as const, count: 1 },
    ];
    expect(resultCountWords({ request, status: 'done', results: [], facets })).toBe(
      '3 results for “quince”.',
    );
    expect(resultCountWords({ request, status: 'loading', results: [], facets })).toBe('');
    expect(resultCountWords({ request, status: 'done', results: [], facets: [] })).toBe(
      'No results for “quince”.',
    );
    expect(resultCountWords({ request, status: 'done', results: [], facets: [facets[1] as never] })).toBe(
      '1 result for “quince”.',
    );
    expect(resultCountWords({ request: null, status: 'idle', results: [], facets })).toBe('');
  });
});
