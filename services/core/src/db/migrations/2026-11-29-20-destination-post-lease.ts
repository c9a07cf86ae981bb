import { type Kysely, sql } from 'kysely';

// Issue 35 item 2 (docs/decisions/094): one post at a time to a destination. A try holds the destination until
// `posting_until` (its hard deadline and a margin), so a worker that died mid-try frees it by itself.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table destinations add column posting_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table destinations drop column posting_until`.execute(db);
}
