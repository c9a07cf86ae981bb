// What a database row's columns make of their names and types (labels, plans), worked out once for every row of a
// sync rather than once a row: a column name's words and money terms came to a twentieth of the sources service's
// time on a 100,000-row table (docs/decisions/250).

/** Entries a memo keeps at most before it starts over (tables are read one after another, not at once). */
export const COLUMNS_KEPT = 10_000;
/**
 * Longer keys are worked out each time, not kept: a name is bounded by the mapping's schema, but a type is what the
 * source's server says, so a memo holds at most COLUMNS_KEPT × this many characters whatever a server sends.
 */
export const KEY_KEPT_CHARS = 256;

/** `memo`'s value for `key`, made and kept the first time it is asked for. */
export function remembered<T>(memo: Map<string, T>, key: string, make: () => T): T {
  if (key.length > KEY_KEPT_CHARS) return make();
  let known = memo.get(key);
  if (known === undefined) {
    if (memo.size >= COLUMNS_KEPT) memo.clear();
    known = make();
    memo.set(key, known);
  }
  return known;
}
