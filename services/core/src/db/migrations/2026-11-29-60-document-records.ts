import { type Kysely, sql } from 'kysely';

// Issue 37 item 1 (docs/decisions/130-typed-fields.md): a document's rows as typed fields. A database row is one
// record, a sheet's or CSV file's rows one each. `fields` is an array of {name, type, value, currency} in the
// contracts' RecordField shape; `collection` is what the rows are called together (a table's name, a file's), by
// which a question ("the invoices") finds them; `passage_ordinal` is the passage an answer cites for the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table document_records (
    document_id uuid not null references documents (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    ordinal integer not null,
    passage_ordinal integer not null,
    collection text not null,
    location text not null,
    fields jsonb not null,
    primary key (document_id, ordinal)
  )`.execute(db);
  await sql`create index document_records_collection_idx on document_records (user_id, lower(collection))`.execute(
    db,
  );
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on document_records to trove_search;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table document_records`.execute(db);
}
