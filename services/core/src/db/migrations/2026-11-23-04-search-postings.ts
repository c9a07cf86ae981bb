import { type Kysely, sql } from 'kysely';

// Search speed (docs/decisions/020-search-postings.md): one row per (user, lexeme, passage) with the
// lexeme's count in the passage (BM25's tf) and what scoring and facets need of the passage (|D|, kind,
// document), so a search reads index entries in lexeme order and stops after the candidate cap, instead of
// building a GIN bitmap of every match and decompressing each candidate's tsvector. The primary key carries
// the other columns (INCLUDE), so searches are index-only scans. passages.tsv and its GIN index stay: they
// are the source these rows are made from, and the chat's entity check still reads them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_postings (
      user_id uuid not null references users (id) on delete cascade,
      lexeme text not null,
      passage_id bigint not null,
      tf integer not null,
      length integer not null,
      kind text not null,
      document_id uuid not null,
      constraint search_postings_pkey primary key (user_id, lexeme, passage_id)
        include (tf, length, kind, document_id)
    )
  `.execute(db);
  // Index-only scans skip the table only for pages the visibility map marks all-visible, which vacuum
  // does; a table that only grows would otherwise wait for 20% new rows before autovacuum visits it.
  await sql`alter table search_postings set (autovacuum_vacuum_insert_scale_factor = 0.02)`.execute(db);
  await sql`
    insert into search_postings (user_id, lexeme, passage_id, tf, length, kind, document_id)
    select p.user_id, e.lexeme, p.id, cardinality(e.positions), p.length, p.kind, p.document_id
    from passages p cross join lateral unnest(p.tsv) e
    order by 1, 2, 3
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table search_postings`.execute(db);
}
