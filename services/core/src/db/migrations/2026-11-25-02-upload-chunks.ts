import { type Kysely, sql } from 'kysely';

// Issue 18 item 7 (docs/decisions/030-streamed-uploads.md): an upload is read from the request a piece at
// a time and staged here, then PostgreSQL joins the pieces into documents.original itself, so the search
// service never holds a whole file. Rows live only inside the transaction that stores the upload (it
// deletes them before it commits); unlogged, since nothing in it has to survive a crash.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table upload_chunks (
      upload_id uuid not null,
      seq integer not null,
      bytes bytea not null,
      primary key (upload_id, seq)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_chunks').execute();
}
