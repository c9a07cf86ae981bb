import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  INITIAL_SHOWN,
  initialPaging,
  isPageSize,
  loadMore,
  moreCount,
  PAGE_SIZES,
  resetPaging,
  visibleSlice,
  withPageSize,
} from './paging';

const items = Array.from({ length: 40 }, (_, i) => i);

describe('catalog paging (docs/product/connections.md#paging)', () => {
  it('shows 12 cards at first; page sizes are 10, 25 and 50', () => {
    expect(INITIAL_SHOWN).toBe(12);
    expect(PAGE_SIZES).toEqual([10, 25, 50]);
    expect(initialPaging).toEqual({ shown: 12, pageSize: DEFAULT_PAGE_SIZE });
    expect(visibleSlice(items, initialPaging)).toHaveLength(12);
  });

  it('"Load N more" adds the page size', () => {
    expect(loadMore(initialPaging)).toEqual({ shown: 22, pageSize: 10 });
    expect(visibleSlice(items, loadMore(loadMore(initialPaging)))).toHaveLength(32);
  });

  it('N is what the click will add: the page size, or what remains, or nothing', () => {
    expect(moreCount(initialPaging, 40)).toBe(10);
    expect(moreCount(initialPaging, 20)).toBe(8);
    expect(moreCount(initialPaging, 12)).toBe(0);
    expect(moreCount(initialPaging, 5)).toBe(0);
    expect(moreCount({ shown: 25, pageSize: 25 }, 26)).toBe(1);
  });

  it('any filter change resets the shown count to the page size', () => {
    expect(resetPaging(loadMore(initialPaging))).toEqual({ shown: 10, pageSize: 10 });
    expect(resetPaging({ shown: 150, pageSize: 50 })).toEqual({ shown: 50, pageSize: 50 });
  });

  it('choosing a page size shows one page of it', () => {
    expect(withPageSize(25)).toEqual({ shown: 25, pageSize: 25 });
    expect(loadMore(withPageSize(25))).toEqual({ shown: 50, pageSize: 25 });
  });

  it('only 10, 25 and 50 are page sizes', () => {
    expect([10, 25, 50].every(isPageSize)).toBe(true);
    expect([0, 12, 100, Number.NaN].some(isPageSize)).toBe(false);
  });
});
