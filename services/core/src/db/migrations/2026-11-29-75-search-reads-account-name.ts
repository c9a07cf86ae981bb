import { type Kysely, sql } from 'kysely';

// Issue 38: a mailed answer says who sent it by the account's name ("sent by Asha Rao"), not only its address, so
// the search service reads users.name besides id and email (docs/decisions/031-service-roles.md: each column it
// reads is granted by name).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`grant select (name) on users to trove_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`revoke select (name) on users from trove_search`.execute(db);
}
