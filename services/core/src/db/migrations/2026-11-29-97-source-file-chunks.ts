import { type Kysely, sql } from 'kysely';

// Issue 34 item 6 (docs/decisions/200-imap-in-a-child-and-streamed-sqlite-files.md): an uploaded SQLite file is
// streamed to disk and kept in pieces, so neither the upload nor a sync holds a whole file (up to
// SOURCE_SQLITE_MAX_BYTES) in the service's memory. A file uploaded before keeps its one `bytes` value; a new one
// has none there and its pieces here, in order, removed with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table source_file_chunks (
      file_id uuid not null references source_files (id) on delete cascade,
      seq integer not null,
      bytes bytea not null,
      primary key (file_id, seq)
    )`.execute(db);
  await sql`alter table source_files alter column bytes drop not null`.execute(db);
  await sql
    .raw(`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_sources') then
        grant select, insert, update, delete on source_file_chunks to trove_sources;
      end if;
    end
    $$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table source_file_chunks`.execute(db);
}
