// Issue 42 item 5: the search box searches as people type (docs/decisions/195-as-you-type-search-box.md).

/** Letters (or digits) typed before the box searches on its own: one letter matches too much to be of use. */
export const AS_YOU_TYPE_MIN_LETTERS = 2;

/**
 * How long the box waits after a keystroke before it searches: long enough that a word typed at speed is one
 * search rather than one per letter, short enough to sit well inside the 100 ms from keystroke to results.
 */
export const AS_YOU_TYPE_DEBOUNCE_MS = 70;

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
