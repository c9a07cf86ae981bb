import type { Kysely } from 'kysely';

// Issue 18 item 9 (docs/decisions/023-otp-request-answers-alike.md, "One successor"): a rotated refresh
// token remembers the claims of the pair it was swapped for, so a replay inside the grace window gets that
// same pair back (signed again: Ed25519 is deterministic) instead of a second one that forks the family.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('successor', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('successor').execute();
}
