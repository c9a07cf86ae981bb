import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { searchDb } from '../db/tables';

// The extraction queue (docs/decisions/010-search-index.md, "Jobs"): a table taken with
// FOR UPDATE SKIP LOCKED, so workers never wait on each other, and a lease (locked_at) instead of a held
// transaction, so extraction does not keep a connection and a lock open, and a worker that dies simply
// lets its lease run out.

export interface TakenJob {
  id: string;
  documentId: string;
  /** Including this one: a take counts, so a file that kills its worker cannot loop forever. */
  attempts: number;
}

/**
 * Leases the next due job to `workerId`: unlocked, or locked longer ago than `leaseMs`. Users take turns
 * (issue 18 item 6): among due jobs, those of the user whose last job was taken longest ago (or never) go
 * first, then the oldest; the take records the user's turn. A user's backlog of 5,000 files thus delays
 * another user's single upload by one job at most.
 */
export async function takeJob(
  db: DatabaseHandle,
  workerId: string,
  leaseMs: number,
): Promise<TakenJob | undefined> {
  const result = await sql<{ id: string; document_id: string; attempts: number; user_id: string }>`
    with next as (
      select j.id, d.user_id from search_jobs j
      join documents d on d.id = j.document_id
      left join search_job_turns t on t.user_id = d.user_id
      where j.run_at <= now()
        and (j.locked_at is null or j.locked_at < now() - make_interval(secs => ${leaseMs / 1000}))
      order by t.served_at asc nulls first, j.run_at, j.id
      for update of j skip locked
      limit 1
    ),
    taken as (
      update search_jobs set locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
      from next where search_jobs.id = next.id
      returning search_jobs.id, search_jobs.document_id, search_jobs.attempts, next.user_id
    ),
    turn as (
      insert into search_job_turns (user_id, served_at)
      select user_id, clock_timestamp() from taken
      on conflict (user_id) do update set served_at = excluded.served_at
    )
    select id, document_id, attempts, user_id from taken
  `.execute(db);
  const row = result.rows[0];
  return row === undefined ? undefined : { id: row.id, documentId: row.document_id, attempts: row.attempts };
}

/** Done (indexed or failed for good): the job goes. */
export async function finishJob(db: DatabaseHandle, jobId: string): Promise<void> {
  await searchDb(db).deleteFrom('search_jobs').where('id', '=', jobId).execute();
}

/** Back in the queue after `delayMs`, with what went wrong. */
export async function retryJob(
  db: DatabaseHandle,
  jobId: string,
  delayMs: number,
  error: string,
): Promise<void> {
  await searchDb(db)
    .updateTable('search_jobs')
    .set({
      locked_at: null,
      locked_by: null,
      last_error: error.slice(0, 2000),
      run_at: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where('id', '=', jobId)
    .execute();
}

/** The jobs leased to `workerId`: the worker releases those of an extraction process that died. */
export async function jobsHeldBy(db: DatabaseHandle, workerId: string): Promise<TakenJob[]> {
  const rows = await searchDb(db)
    .selectFrom('search_jobs')
    .select(['id', 'document_id', 'attempts'])
    .where('locked_by', '=', workerId)
    .execute();
  return rows.map((row) => ({ id: row.id, documentId: row.document_id, attempts: row.attempts }));
}
