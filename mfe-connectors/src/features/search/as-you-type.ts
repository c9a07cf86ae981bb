// Issue 42 item 5: the search box searches as people type (docs/decisions/195-as-you-type-search-box.md).

/** Letters (or digits) typed before the box searches on its own: one letter matches too much to be of use. */
export const AS_YOU_TYPE_MIN_LETTERS = 2;

/**
 * The least time between two searches the box sends as the person types (docs/decisions/221): a keystroke
 * after a pause searches at once, keys closer together than this are gathered into one search at the end of
 * the gap. A wait before every search (ADR 195's 70 ms debounce) was 70 of the goal's 100 ms from keystroke
 * to results, and at a person's pace (a key every 150–250 ms) it gathered nothing.
 */
export const AS_YOU_TYPE_GAP_MS = 70;

/**
 * How long to hold a keystroke's search: none when the last search went out at least the gap ago (or none
 * has), else until the gap since it ends. `now` and `lastSent` on one clock (performance.now()).
 */
export function searchDelay(now: number, lastSent: number | null): number {
  if (lastSent === null) return 0;
  return Math.max(0, lastSent + AS_YOU_TYPE_GAP_MS - now);
}

const LETTER = /[\p{L}\p{N}]/gu;

/**
 * What the box searches for while the person types: the text trimmed, and whether its last word is still
 * being typed (no space after it), which the API then reads as a prefix (`as_you_type=on`: `inv` → `inv*`;
 * the query string is trimmed on its way, so only the box knows). null: too little typed to search.
 */
export function typedSearch(text: string): { q: string; prefix: boolean } | null {
  const q = text.trim();
  if ((q.match(LETTER)?.length ?? 0) < AS_YOU_TYPE_MIN_LETTERS) return null;
  return { q, prefix: !/\s$/u.test(text) };
}

/**
 * The history entry's own state on the search page: `typing` marks an entry the box wrote while the person
 * typed (the next keystroke replaces it rather than adding one per letter), `prefix` that its last word was
 * searched as a prefix — so Back, Forward and a reload search it the same way. Absent: a link or a bookmark.
 */
export interface SearchEntry {
  typing: boolean;
  prefix: boolean;
}

export function readSearchEntry(state: unknown): SearchEntry {
  if (typeof state !== 'object' || state === null) return { typing: false, prefix: false };
  const { typing, prefix } = state as Partial<Record<keyof SearchEntry, unknown>>;
  return { typing: typing === true, prefix: prefix === true };
}
