import { describe, expect, it } from 'vitest';
import { paramsFromSearch, sameSearch, searchFromParams } from './search-url';

const read = (query: string) => searchFromParams(new URLSearchParams(query));

describe('the search page’s URL', () => {
  it('holds the query, the type, each filter and the page, and reads back the same', () => {
    const location = read(
      'q=invoice+march&type=pdf&entity=Asha+Rao&amount=1200.5&currency=inr&date=2026-03-03&page=3',
    );
    expect(location.page).toBe(3);
    expect(location.request?.q).toBe('invoice march');
    expect(location.request?.type).toBe('pdf');
    expect(location.request?.filters.map((filter) => filter.kind)).toEqual(['entity', 'amount', 'date']);
    expect(paramsFromSearch(location).toString()).toBe(
      'q=invoice+march&type=pdf&entity=Asha+Rao&amount=1200.5&currency=INR&date=2026-03-03&page=3',
    );
  });

  it('leaves out what it cannot read instead of refusing the page', () => {
    expect(read('q=x&type=exe&amount=-5&currency=INR&date=03/03/2026&page=zero')).toEqual({
      request: { q: 'x', type: null, filters: [] },
      page: 1,
    });
    expect(read('q=%20&type=pdf&page=4')).toEqual({ request: null, page: 1 });
  });

  it('page 1 is not written; the same search on another page is the same search', () => {
    const request = { q: 'kiwi', type: null, filters: [] };
    expect(paramsFromSearch({ request, page: 1 }).toString()).toBe('q=kiwi');
    expect(sameSearch(read('q=kiwi&page=2').request, request)).toBe(true);
    expect(sameSearch(read('q=kiwi&type=pdf').request, request)).toBe(false);
  });
});
