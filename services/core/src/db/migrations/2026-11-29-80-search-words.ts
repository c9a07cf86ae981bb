import { type Kysely, sql } from 'kysely';

// Issue 42 item 1 (docs/decisions/140-typo-tolerance-on-the-word-dictionary.md): the words of each user's index,
// one row each, with a trigram index (pg_trgm, in Debian's PostgreSQL and in the embedded one) so a misspelt word
// finds the words nearest it. The lists (search_lists, search_pages) keep the postings; this only names the
// lexemes, which the pages hide inside their bytes. The service adds a lexeme the first time it indexes it; a
// lexeme whose passages all went stays until the user's lists are cleared (a correction to it finds no list and
// is passed over).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  // btree_gist: the user's number in the same GiST index, so a walk by distance stays within one user's words.
  await sql`create extension if not exists btree_gist`.execute(db);
  // No key: the service adds a word only when it is new to the user (it has neither blocks nor a page entry),
  // and a key beside the trigram index cost a fifth of the dictionary's size.
  await sql`
    create table search_words (
      user_no integer not null,
      word text collate "C" not null
    )
  `.execute(db);
  await sql`
    create index search_words_nearest on search_words using gist (user_no, word gist_trgm_ops)
  `.execute(db);
  // The words of lists already there that a typo can stand for (letters only, 4–24 of them, as
  // posting-lists.repository.ts's CORRECTABLE_WORD): the blocks' lexemes (the pages' are inside their bytes; the
  // service adds them as it next indexes them, and reading the documents again adds them all).
  await sql`
    insert into search_words (user_no, word)
    select distinct user_no, lexeme from search_lists where lexeme ~ '^[[:alpha:]]{4,24}$'
  `.execute(db);
  await sql`
    create or replace function search_forget_users() returns trigger
    language plpgsql security definer set search_path from current as $$
    begin
      delete from search_lists l using search_corpus_stats s, gone g
        where s.user_id = g.id and l.user_no = s.user_no;
      delete from search_pages p using search_corpus_stats s, gone g
        where s.user_id = g.id and p.user_no = s.user_no;
      delete from search_words w using search_corpus_stats s, gone g
        where s.user_id = g.id and w.user_no = s.user_no;
      delete from search_corpus_stats s using gone g where s.user_id = g.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on search_words to trove_search;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_forget_users() returns trigger
    language plpgsql security definer set search_path from current as $$
    begin
      delete from search_lists l using search_corpus_stats s, gone g
        where s.user_id = g.id and l.user_no = s.user_no;
      delete from search_pages p using search_corpus_stats s, gone g
        where s.user_id = g.id and p.user_no = s.user_no;
      delete from search_corpus_stats s using gone g where s.user_id = g.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`drop table search_words`.execute(db);
}
