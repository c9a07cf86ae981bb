import { type Kysely, sql } from 'kysely';

// Issue 38 item 4: a post to a destination that will be tried again says when and which try ("retrying in 2 min,
// try 3 of 5"): the time of the next try, and how many tries it has in all, as the post worker decided them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chat_deliveries
    add column post_retry_at timestamptz,
    add column post_attempts_max integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chat_deliveries drop column post_retry_at, drop column post_attempts_max`.execute(db);
}
