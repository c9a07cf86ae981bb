import { type Kysely, sql } from 'kysely';

// Issue 39 (bad input: a PDF of 2,000 scanned pages slows no other user's uploads): a job whose reading was cut
// into slices keeps what its earlier slices read (the text of each scanned page read so far) and goes back in
// the queue behind the other users' files; the next take carries on from there.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_jobs add column resume jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_jobs drop column resume`.execute(db);
}
