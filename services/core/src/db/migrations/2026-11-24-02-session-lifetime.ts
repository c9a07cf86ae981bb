import { type Kysely, sql } from 'kysely';

// Issue 18 item 10 (docs/decisions/023-otp-request-answers-alike.md, "Session lifetime"): a session family ends at
// an absolute time set at sign-in (SESSION_MAX_DAYS), however often it is refreshed. Families from before
// this migration get their sign-in time plus the default 30 days.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_families').addColumn('expires_at', 'timestamptz').execute();
  await sql`update refresh_families set expires_at = created_at + interval '30 days'`.execute(db);
  await db.schema
    .alterTable('refresh_families')
    .alterColumn('expires_at', (column) => column.setNotNull())
    .execute();
  // The auth service always sets it from SESSION_MAX_DAYS; the default is the setting's own default.
  await db.schema
    .alterTable('refresh_families')
    .alterColumn('expires_at', (column) => column.setDefault(sql`now() + interval '30 days'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_families').dropColumn('expires_at').execute();
}
