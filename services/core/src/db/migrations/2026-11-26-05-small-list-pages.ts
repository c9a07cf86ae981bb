import { type Kysely, sql } from 'kysely';

// Issue 19 item 7 (docs/decisions/071-small-list-pages.md): a lexeme in fewer than 16 passages — 98,000 of the
// archive's 107,000 — cost a row of its own in search_lists (~110 bytes of row and key for ~25 bytes of list).
// Those short lists now share rows: a page holds the lists of a run of lexemes, in byte order, from its key
// `from_lexeme` up to the next page's (search/posting-lists.ts, `encodePage`). Byte order ("C"), so the service
// and PostgreSQL agree on which page holds a lexeme.
//
// Nothing moves: a lexeme with blocks in search_lists keeps them, and the service writes a lexeme new to a user
// into a page. Reading the archive again (delete and upload) puts its short lists into pages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_pages (
      user_no integer not null,
      from_lexeme text collate "C" not null,
      entries bytea not null,
      primary key (user_no, from_lexeme)
    ) with (fillfactor = 85)
  `.execute(db);
  // A list's last block is rewritten at each batch that adds to it, and a page at each batch that adds to one
  // of its lists. Room left on each page keeps the new version there (a HOT update, its old one pruned with the
  // page instead of waiting for vacuum): after loading the archive, the index was 1.5–1.7× the text without it,
  // 1.3–1.4× with these (docs/decisions/071-small-list-pages.md).
  await sql`alter table search_lists set (fillfactor = 70)`.execute(db);
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
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on search_pages to trove_search;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_lists reset (fillfactor)`.execute(db);
  await sql`
    create or replace function search_forget_users() returns trigger
    language plpgsql security definer set search_path from current as $$
    begin
      delete from search_lists l using search_corpus_stats s, gone g
        where s.user_id = g.id and l.user_no = s.user_no;
      delete from search_corpus_stats s using gone g where s.user_id = g.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`drop table search_pages`.execute(db);
}
