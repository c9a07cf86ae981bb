/** docs/product/connections.md#paging: page sizes 10, 25 and 50; the list shows 12 at first (docs/product/connections.md#paging). */
export const PAGE_SIZES = [10, 25, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const INITIAL_SHOWN = 12;
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export interface Paging {
  /** How many cards are on screen (at most; fewer when fewer match). */
  shown: number;
  pageSize: PageSize;
}

export const initialPaging: Readonly<Paging> = { shown: INITIAL_SHOWN, pageSize: DEFAULT_PAGE_SIZE };

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/** "Load N more": N is what the click will add — the page size, or fewer when fewer remain. */
export function moreCount(paging: Paging, total: number): number {
  return Math.max(0, Math.min(paging.pageSize, total - paging.shown));
}

/** "Load N more" adds the page size (docs/product/connections.md#paging). */
export function loadMore(paging: Paging): Paging {
  return { ...paging, shown: paging.shown + paging.pageSize };
}

/** docs/product/connections.md#paging: any filter change resets the shown count to the page size. */
export function resetPaging(paging: Paging): Paging {
  return { ...paging, shown: paging.pageSize };
}

/** Choosing a page size shows one page of that size, from the top. */
export function withPageSize(pageSize: PageSize): Paging {
  return { pageSize, shown: pageSize };
}

export function visibleSlice<T>(items: readonly T[], paging: Paging): T[] {
  return items.slice(0, paging.shown);
}
