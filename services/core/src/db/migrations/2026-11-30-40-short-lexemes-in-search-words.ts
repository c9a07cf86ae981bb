import { type Kysely, sql } from 'kysely';

// Issue 42 item 1 (docs/decisions/232-short-stems-in-the-word-dictionary.md): the word dictionary names lexemes
// of 2 and 3 letters too, the stems of long words ("going" is "go", "wedding" "wed"), so a typo of such a word has
// something to be corrected to. The service adds them as it next meets them new; here, those the blocks already
// hold (the common ones: the pages' lexemes are inside their bytes, as in 2026-11-29-80).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into search_words (user_no, word)
    select distinct l.user_no, l.lexeme from search_lists l
    where l.lexeme ~ '^[[:alpha:]]{2,3}$'
      and not exists (select 1 from search_words w where w.user_no = l.user_no and w.word = l.lexeme)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from search_words where length(word) < 4`.execute(db);
}
