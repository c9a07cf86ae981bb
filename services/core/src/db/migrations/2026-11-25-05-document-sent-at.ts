import { type Kysely, sql } from 'kysely';

// Issue 19 item 4 (docs/decisions/035-search-syntax.md): after:/before: are days in the user's time zone, so
// a document keeps the instant it was sent or made (an email's Date), not only its UTC day. Documents read
// again by 2026-11-25-04 get it; the search service reads the profile's time zone, and nothing else of it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column sent_at timestamptz`.execute(db);
  await sql`grant select (user_id, timezone) on profiles to trove_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`revoke select (user_id, timezone) on profiles from trove_search`.execute(db);
  await sql`alter table documents drop column sent_at`.execute(db);
}
