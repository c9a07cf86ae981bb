import { type Kysely, sql } from 'kysely';

// Issue 21: a mailbox's messages are documents too (documents.source_id), but the Uploads page lists, counts
// and bills only what the user uploaded. Its page is read backwards from this index, as it was from
// documents_user_created (ADR 018), without stepping over tens of thousands of synced messages first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index documents_user_uploads on documents (user_id, created_at, id) include (size_bytes)
    where source_id is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index documents_user_uploads`.execute(db);
}
