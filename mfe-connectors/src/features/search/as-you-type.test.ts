import { describe, expect, it } from 'vitest';
import { readSearchEntry, typedSearch } from './as-you-type';
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

  it('reads a history entry’s state, whatever it holds', () => {
    expect(readSearchEntry(null)).toEqual({ typing: false, prefix: false });
    expect(readSearchEntry('x')).toEqual({ typing: false, prefix: false });
    expect(readSearchEntry({ typing: true, prefix: 'yes' })).toEqual({ typing: true, prefix: false });
    expect(readSearchEntry({ typing: true, prefix: true })).toEqual({ typing: true, prefix: true });
  });

  it('says the count once it is known, nothing while a search reads', () => {
    const request = { q: 'quince', type: null, filters: [] };
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
