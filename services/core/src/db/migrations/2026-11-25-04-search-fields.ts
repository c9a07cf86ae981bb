import { type Kysely, sql } from 'kysely';

// Issue 19 item 1 (docs/decisions/036-search-fields.md): a posting holds the lexeme's BM25F pseudo-frequency
// over the passage's fields (title, file name, people, own text, quoted text), computed when it is written,
// instead of the body's tf and |D|, and whether the lexeme is a title word (a partial index finds those). Rows written before keep their body-only reading (tf normalised by |D|
// against the body's reference length of 80), and every indexed document is queued to be read again from
// its original, which gives it its fields, its title and the charsets of issue 19 item 2.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_postings add column weight real`.execute(db);
  await sql`update search_postings set weight = tf / (0.25 + 0.75 * length / 80.0)`.execute(db);
  await sql`alter table search_postings alter column weight set not null`.execute(db);
  await sql`alter table search_postings drop constraint search_postings_pkey`.execute(db);
  await sql`alter table search_postings drop column tf, drop column length`.execute(db);
  // Whether the lexeme is in the passage's title or file name: a search scores the passages whose title
  // holds its rarest word, whatever their age, besides the newest that hold it anywhere (search.repository).
  await sql`alter table search_postings add column titled boolean not null default false`.execute(db);
  await sql`
    alter table search_postings add constraint search_postings_pkey
      primary key (user_id, lexeme, passage_id) include (weight, kind, document_id)
  `.execute(db);
  await sql`
    create index search_postings_titled on search_postings (user_id, lexeme, passage_id)
      include (weight, kind, document_id) where titled
  `.execute(db);
  await sql`
    insert into search_jobs (document_id)
    select id from documents where status = 'indexed'
    on conflict (document_id) do nothing
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index search_postings_titled`.execute(db);
  await sql`alter table search_postings drop constraint search_postings_pkey`.execute(db);
  await sql`alter table search_postings drop column titled`.execute(db);
  await sql`alter table search_postings add column tf integer, add column length integer`.execute(db);
  await sql`update search_postings set tf = greatest(round(weight)::int, 1), length = 80`.execute(db);
  await sql`alter table search_postings alter column tf set not null, alter column length set not null`.execute(
    db,
  );
  await sql`alter table search_postings drop column weight`.execute(db);
  await sql`
    alter table search_postings add constraint search_postings_pkey
      primary key (user_id, lexeme, passage_id) include (tf, length, kind, document_id)
  `.execute(db);
}
