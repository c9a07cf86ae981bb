import { type Kysely, sql } from 'kysely';

// Issue 38 item 4: "Trust this certificate" for a destination, as IMAP sources have it — the SHA-256 of the one
// certificate the user accepted for a receiver no authority vouches for (an internal hooks.internal).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table destinations add column pinned_sha256 text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table destinations drop column pinned_sha256`.execute(db);
}
