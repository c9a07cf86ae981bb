import { describe, expect, it } from 'vitest';
import { paramsFromSearch, sameSearch, searchFromParams } from './search-url';

const read = (query: string) => searchFromParams(new URLSearchParams(query));

describe('the search page’s URL', () => {
  it('holds the query, the type and the page, and reads back the same', () => {
    const location = read('q=invoice+march+mentions%3A%22Asha+Rao%22&type=pdf&page=3');
    expect(location).toEqual({ request: { q: 'invoice march mentions:"Asha Rao"', type: 'pdf' }, page: 3 });
    expect(paramsFromSearch(location).toString()).toBe(
      'q=invoice+march+mentions%3A%22Asha+Rao%22&type=pdf&page=3',
    );
  });

  it('an older link’s fact parameters are read as the operators the chips write now (docs/decisions/230)', () => {
    const location = read(
      'q=invoice+march&entity=Asha+Rao&amount=1200.5&currency=inr&date=2026-03-03&page=3',
    );
    expect(location.request?.q).toBe('invoice march mentions:"Asha Rao" amount:INR1200.5 date:2026-03-03');
    expect(paramsFromSearch(location).toString()).toBe(
      'q=invoice+march+mentions%3A%22Asha+Rao%22+amount%3AINR1200.5+date%3A2026-03-03&page=3',
    );
    // An operator in the query already is replaced by the parameter, never doubled.
    expect(read('q=x+mentions%3Abob&entity=ann').request?.q).toBe('x mentions:ann');
  });

  it('leaves out what it cannot read instead of refusing the page', () => {
    expect(read('q=x&type=exe&amount=-5&currency=INR&date=03/03/2026&page=zero')).toEqual({
      request: { q: 'x', type: null },
      page: 1,
    });
    expect(read('q=%20&type=pdf&page=4')).toEqual({ request: null, page: 1 });
  });

  it('page 1 is not written; the same search on another page is the same search', () => {
    const request = { q: 'kiwi', type: null };
    expect(paramsFromSearch({ request, page: 1 }).toString()).toBe('q=kiwi');
    expect(sameSearch(read('q=kiwi&page=2').request, request)).toBe(true);
    expect(sameSearch(read('q=kiwi&type=pdf').request, request)).toBe(false);
  });
});
