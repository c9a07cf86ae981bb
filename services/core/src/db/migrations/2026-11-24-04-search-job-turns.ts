import { type Kysely, sql } from 'kysely';

// Issue 18 item 6 (docs/decisions/025-extraction-bounds-part-2.md, "Turns"): the extraction queue takes
// users in turn — the user served longest ago goes next — so one user's 5,000 files never make another
// user's single upload wait more than one job. One row per user who ever had a job taken.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_job_turns')
    .addColumn('user_id', 'uuid', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('served_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_job_turns').execute();
}
