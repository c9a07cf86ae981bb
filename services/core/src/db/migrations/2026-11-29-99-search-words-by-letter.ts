import { type Kysely, sql } from 'kysely';

// Issue 42 item 1 (docs/decisions/207-typo-candidates-by-letter-and-length.md): a typo's candidates are every
// word of the user's dictionary with the same first letter and a length within its edits, read by a btree on
// (user, first letter, length, word) — an index-only range scan — instead of the nearest words by trigrams,
// whose GiST walk missed the word meant when the typo fell near the start of a short word, and which took most
// of the dictionary's size.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index search_words_by_letter on search_words (user_no, left(word, 1), length(word), word)
  `.execute(db);
  await sql`drop index search_words_nearest`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index search_words_nearest on search_words using gist (user_no, word gist_trgm_ops)
  `.execute(db);
  await sql`drop index search_words_by_letter`.execute(db);
}
