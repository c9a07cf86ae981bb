import { type Kysely, sql } from 'kysely';

// Issue 22: database sources (PostgreSQL, MySQL/MariaDB, an uploaded SQLite file). Each row read becomes one
// document, as a mailbox's message does (docs/decisions/052-database-sources.md):
// - sources.kind takes the three new kinds;
// - source_messages holds a row's identity too: item_key is the row's id as text, folder the table (or
//   "query"), uid 0; content_sha256 is the rendered row's hash, so a row read again unchanged (a full scan, a
//   touched changed-at) is not indexed again. NULL for a mailbox's messages.
// - source_cursors: a database source's checkpoint, the keyset (changed_at, row id) of the last row stored, as
//   the server printed them, and when its ids were last compared with the server's (deleted rows).
// - source_files: an uploaded SQLite file's bytes (docs/decisions/053-sqlite-source-files.md), its user's,
//   and its source once one is made from it (then removed with it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sources drop constraint sources_kind_check`.execute(db);
  await sql`alter table sources add constraint sources_kind_check
    check (kind in ('imap', 'postgres', 'mysql', 'sqlite'))`.execute(db);
  await sql`alter table source_messages add column content_sha256 text`.execute(db);

  await db.schema
    .createTable('source_cursors')
    .addColumn('source_id', 'uuid', (column) =>
      column.primaryKey().references('sources.id').onDelete('cascade'),
    )
    .addColumn('changed_at', 'text')
    .addColumn('row_id', 'text')
    .addColumn('scanned_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('source_files')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_id', 'uuid', (column) => column.references('sources.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('size_bytes', 'bigint', (column) => column.notNull())
    .addColumn('bytes', 'bytea', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('source_files_user')
    .on('source_files')
    .columns(['user_id', 'created_at'])
    .execute();
  await sql`create index source_files_source on source_files (source_id) where source_id is not null`.execute(
    db,
  );

  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on source_cursors, source_files to trove_search;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('source_files').execute();
  await db.schema.dropTable('source_cursors').execute();
  await sql`alter table source_messages drop column content_sha256`.execute(db);
  await sql`delete from sources where kind <> 'imap'`.execute(db);
  await sql`alter table sources drop constraint sources_kind_check`.execute(db);
  await sql`alter table sources add constraint sources_kind_check check (kind in ('imap'))`.execute(db);
}
