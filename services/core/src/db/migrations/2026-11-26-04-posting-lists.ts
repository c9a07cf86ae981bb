import { type Kysely, sql } from 'kysely';

// Issue 19 item 7 (docs/decisions/069-posting-lists.md): the index at ≤ 1.5× the extracted text. A posting was a
// row of its own, twice (heap and covering key, ~232 bytes); a lexeme's postings are now blocks of a list, one
// row per block of up to 256 passages, ~2.5 bytes a posting (search/posting-lists.ts). Each block row carries
// its count, so a lexeme's document frequency is the sum of its blocks' (search_terms goes), and its span of
// ids, so taking passages out finds the blocks that may hold them. The passages' tsvectors go: removal reads the
// blocks, the `-word` filter the lists. A user is a number in the lists (4 bytes, not a uuid's 16).
//
// The postings no longer carry a passage's document and kind, which a search needs for every candidate (the
// document's words for coordination, kinds and sources for the facets): the passages' primary key carries them
// (INCLUDE), with the document's source copied onto the passage like its kind (2026-11-23-03), so that
// reading a few hundred candidates is an index-only probe each, not a probe of passages and documents.
//
// The old postings are not converted (SQL has no varint): every indexed document is queued to be read again
// from its original, as when the fields came (2026-11-25-04). Its passages stay searchable by nothing until
// then; its statistics stay exact, since removal takes out of the lists only what they hold.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_corpus_stats add column user_no integer generated always as identity`.execute(
    db,
  );
  await sql`alter table search_corpus_stats add constraint search_corpus_stats_user_no unique (user_no)`.execute(
    db,
  );
  // Fixed-width columns first, widest first: no padding between them (8 bytes a row less than in key order).
  // `span` is last_id − first_id, or −1 when that passes 2^31 (a removal then reads the block whatever its end).
  await sql`
    create table search_lists (
      first_id bigint not null,
      user_no integer not null,
      span integer not null,
      count smallint not null,
      lexeme text not null,
      postings bytea not null,
      primary key (user_no, lexeme, first_id)
    )
  `.execute(db);
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
  await sql`drop table search_postings`.execute(db);
  await sql`drop table search_terms`.execute(db);
  await sql`alter table passages drop column tsv`.execute(db);
  await sql`alter table passages add column source_id uuid`.execute(db);
  await sql`
    update passages p set source_id = d.source_id from documents d
    where d.id = p.document_id and d.source_id is not null
  `.execute(db);
  await sql`
    create or replace function passages_copy_kind() returns trigger language plpgsql as $$
    begin
      select d.kind, d.source_id into new.kind, new.source_id from documents d where d.id = new.document_id;
      return new;
    end
    $$
  `.execute(db);
  // A document keeps its source for life; should one ever change, its passages' copy follows.
  await sql`
    create function documents_source_to_passages() returns trigger language plpgsql as $$
    begin
      update passages set source_id = new.source_id where document_id = new.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger documents_source_to_passages after update of source_id on documents
    for each row when (old.source_id is distinct from new.source_id)
    execute function documents_source_to_passages()
  `.execute(db);
  await sql`
    alter table passages drop constraint passages_pkey,
      add constraint passages_pkey primary key (id) include (user_id, document_id, kind, source_id)
  `.execute(db);
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on search_lists to trove_search;
      end if;
    end
    $$`.execute(db);
  await sql`
    insert into search_jobs (document_id)
    select id from documents where status = 'indexed'
    on conflict (document_id) do nothing
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table passages drop constraint passages_pkey, add constraint passages_pkey primary key (id)`.execute(
    db,
  );
  await sql`
    create or replace function passages_copy_kind() returns trigger language plpgsql as $$
    begin
      select d.kind into new.kind from documents d where d.id = new.document_id;
      return new;
    end
    $$
  `.execute(db);
  await sql`drop trigger documents_source_to_passages on documents`.execute(db);
  await sql`drop function documents_source_to_passages()`.execute(db);
  await sql`alter table passages drop column source_id`.execute(db);
  await sql`alter table passages add column tsv tsvector not null default ''::tsvector`.execute(db);
  await sql`alter table passages alter column tsv drop default`.execute(db);
  await sql`
    create table search_terms (
      user_id uuid not null, lexeme text not null, document_frequency integer not null,
      primary key (user_id, lexeme))
  `.execute(db);
  await sql`
    create table search_postings (
      user_id uuid not null, lexeme text not null, passage_id bigint not null,
      weight real not null, titled boolean not null default false, kind text not null, document_id uuid not null,
      primary key (user_id, lexeme, passage_id) include (weight, kind, document_id))
  `.execute(db);
  await sql`
    create index search_postings_titled on search_postings (user_id, lexeme, passage_id)
      include (weight, kind, document_id) where titled
  `.execute(db);
  await sql`
    create or replace function search_forget_users() returns trigger
    language plpgsql security definer set search_path from current as $$
    begin
      delete from search_postings p using gone g where p.user_id = g.id;
      delete from search_terms t using gone g where t.user_id = g.id;
      delete from search_corpus_stats s using gone g where s.user_id = g.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`drop table search_lists`.execute(db);
  await sql`alter table search_corpus_stats drop column user_no`.execute(db);
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on search_terms, search_postings to trove_search;
      end if;
    end
    $$`.execute(db);
  await sql`
    insert into search_jobs (document_id)
    select id from documents where status = 'indexed'
    on conflict (document_id) do nothing
  `.execute(db);
}
