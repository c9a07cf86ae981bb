import { type Kysely, sql } from 'kysely';

// Issue 34's first-sync goal (docs/decisions/248-sender-index-with-a-pending-list.md): the sender index of mail
// passages (2026-11-30-30) was written key by key as each passage was inserted, and that made a mailbox's passages
// five times slower to insert than before it existed (a batch of 200 messages: 61 ms against 12 ms). With a pending
// list, a batch's sender trigrams are appended and merged into the index in bulk, once the list reaches 1 MB;
// a sender listing reads that short list beside the index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter index passages_senders set (fastupdate = on, gin_pending_list_limit = 1024)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter index passages_senders set (fastupdate = off)`.execute(db);
  await sql`alter index passages_senders reset (gin_pending_list_limit)`.execute(db);
}
