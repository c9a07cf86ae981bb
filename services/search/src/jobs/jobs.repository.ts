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

/** Leases the next due job to `workerId`: unlocked, or locked longer ago than `leaseMs`. */
export async function takeJob(
  db: DatabaseHandle,
  workerId: string,
  leaseMs: number,
): Promise<TakenJob | undefined> {
  const result = await sql<{ id: string; document_id: string; attempts: number }>`
    update search_jobs set locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
    where id = (
      select id from search_jobs
      where run_at <= now()
        and (locked_at is null or locked_at < now() - make_interval(secs => ${leaseMs / 1000}))
      order by run_at, id
      for update skip locked
      limit 1
    )
    returning id, document_id, attempts
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
