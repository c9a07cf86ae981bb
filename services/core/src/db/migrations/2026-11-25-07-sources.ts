import { type Kysely, sql } from 'kysely';

// Issue 21: a user's sources (a mailbox over IMAP first) and what their sync needs to resume where it
// stopped and never index a message twice. What a source brings in is an ordinary document of its user
// (documents.source_id says which source; null for an upload), so search, facts and chats are unchanged.
//
// - sources: one row per connected system. settings are the kind's own (contracts' ImapSettingsSchema);
//   secret is the password sealed by the secret box (AES-256-GCM, key id inside, context
//   "source:<id>:password"), never readable without the key. state and detail are what the card shows
//   (detail holds the state's own fields: progress while syncing, the reason and what to do when it needs
//   attention); next_sync_at is also when a failed sync is retried (null: waits for the user).
// - source_folders: each folder's checkpoint: UIDVALIDITY, the highest UID stored, the highest MODSEQ seen
//   (CONDSTORE/QRESYNC) and when its UIDs were last compared with the server's (deletions without QRESYNC).
// - source_messages: one row per message identity (Message-ID + size), so a message moved between folders,
//   or seen again after a UIDVALIDITY reset, stays one document; where it is now (folder, UID) and the
//   document it became.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sources')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('imap')`))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('settings', 'jsonb', (column) => column.notNull())
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) =>
      column
        .notNull()
        .defaultTo('connected')
        .check(sql`state in ('connected', 'syncing', 'up_to_date', 'needs_attention', 'paused')`),
    )
    .addColumn('detail', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('next_sync_at', 'timestamptz')
    .addColumn('consecutive_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sources_user').on('sources').columns(['user_id', 'created_at']).execute();
  // The scheduler's question, "which sources are due?", reads only the rows that have a next sync.
  await sql`create index sources_due on sources (next_sync_at) where next_sync_at is not null`.execute(db);

  await db.schema
    .createTable('source_folders')
    .addColumn('source_id', 'uuid', (column) => column.notNull().references('sources.id').onDelete('cascade'))
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('uidvalidity', 'bigint', (column) => column.notNull())
    .addColumn('last_uid', 'bigint', (column) => column.notNull().defaultTo(0))
    // RFC 7162 mod-sequences are 63-bit: they fit a bigint.
    .addColumn('highest_modseq', 'bigint')
    .addColumn('compared_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('source_folders_pkey', ['source_id', 'path'])
    .execute();

  await db.schema
    .createTable('source_messages')
    .addColumn('source_id', 'uuid', (column) => column.notNull().references('sources.id').onDelete('cascade'))
    // Carried on every user-data row (docs/architecture.md#beyond-one-machine).
    .addColumn('user_id', 'uuid', (column) => column.notNull())
    .addColumn('item_key', 'text', (column) => column.notNull())
    .addColumn('folder', 'text', (column) => column.notNull())
    .addColumn('uid', 'bigint', (column) => column.notNull())
    .addColumn('document_id', 'uuid', (column) =>
      column.notNull().references('documents.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('source_messages_pkey', ['source_id', 'item_key'])
    .execute();
  await db.schema
    .createIndex('source_messages_location')
    .on('source_messages')
    .columns(['source_id', 'folder', 'uid'])
    .execute();
  await db.schema
    .createIndex('source_messages_document')
    .on('source_messages')
    .column('document_id')
    .execute();

  // No cascade: a source is removed by the search service, which takes each of its documents out of the
  // index and the statistics first (documents.repository's delete). NO ACTION (checked at the end of the
  // statement) lets an account's deletion cascade to both tables at once.
  await sql`alter table documents add column source_id uuid references sources (id)`.execute(db);
  await sql`create index documents_source on documents (source_id) where source_id is not null`.execute(db);

  // docs/decisions/031-service-roles.md: the search service's role gets the tables it uses. Skipped where
  // the roles could not be made (a connecting user without CREATEROLE, as 2026-11-25-03 allows).
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on sources, source_folders, source_messages to trove_search;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index documents_source`.execute(db);
  await sql`alter table documents drop column source_id`.execute(db);
  for (const table of ['source_messages', 'source_folders', 'sources']) {
    await db.schema.dropTable(table).execute();
  }
}
