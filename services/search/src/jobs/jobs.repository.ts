import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { searchDb } from '../db/tables';
import type { ReadingResume } from '../extraction/reader';

// The extraction queue (docs/decisions/010-search-index.md, "Jobs"): a table taken with
// FOR UPDATE SKIP LOCKED, so workers never wait on each other, and a lease (locked_at) instead of a held
// transaction, so extraction does not keep a connection and a lock open, and a worker that dies simply
// lets its lease run out.

// What a reading cut into turns read so far (issue 39: a long scan takes turns with other users' files) is the
// extraction's; the queue keeps it with the job and hands it back.
export type { ReadingResume };

export interface TakenJob {
  id: string;
  documentId: string;
  /** Including this one: a take counts, so a file that kills its worker cannot loop forever. */
  attempts: number;
  /** Where an earlier slice of this file's reading stopped; absent on a first take. */
  resume?: ReadingResume;
}

const resumeOf = (value: unknown): ReadingResume | undefined =>
  value !== null && typeof value === 'object' && 'ocr' in value ? (value as ReadingResume) : undefined;

/**
 * Leases the next due job to `workerId`: unlocked, or locked longer ago than `leaseMs`. {@link takeJobs} with a
 * batch of one.
 */
export async function takeJob(
  db: DatabaseHandle,
  workerId: string,
  leaseMs: number,
): Promise<TakenJob | undefined> {
  return (await takeJobs(db, workerId, leaseMs, { jobs: 1, bytes: 0 }))[0];
}

/**
 * Leases up to `batch.jobs` due jobs to `workerId` (unlocked, or locked longer ago than `leaseMs`), in the order
 * to run them. Users take turns (issue 18 item 6): each user's first due job comes before anyone's second, and
 * among those of one turn, the user whose last job was taken longest ago (or never) goes first; within a user,
 * the oldest first. A user's backlog of 5,000 files thus delays another user's single upload by one job at most,
 * even within a batch. The take records each user's turn.
 *
 * A batch stops before its originals pass `batch.bytes` (one job always goes), and a job tried before is taken
 * alone: when the extraction process dies of a file (memory, time), every job it held is tried again, and taken
 * alone the culprit cannot use up the tries of the files it was batched with.
 */
export async function takeJobs(
  db: DatabaseHandle,
  workerId: string,
  leaseMs: number,
  batch: { jobs: number; bytes: number },
): Promise<TakenJob[]> {
  const result = await sql<{ id: string; document_id: string; attempts: number; resume: unknown }>`
    with due as (
      select j.id, j.attempts, j.run_at, d.user_id, d.size_bytes, t.served_at,
             row_number() over (partition by d.user_id order by j.run_at, j.id) as turn
      from search_jobs j
      join documents d on d.id = j.document_id
      left join search_job_turns t on t.user_id = d.user_id
      where j.run_at <= now()
        and (j.locked_at is null or j.locked_at < now() - make_interval(secs => ${leaseMs / 1000}))
    ),
    locked as (
      select due.* from search_jobs j join due on due.id = j.id
      order by due.turn, due.served_at asc nulls first, due.user_id, due.run_at, due.id
      for update of j skip locked
      limit ${batch.jobs}::int
    ),
    ordered as (
      select l.id, l.user_id, row_number() over w as ord, max(l.attempts) over w as tried,
             sum(l.size_bytes) over w as bytes
      from locked l
      window w as (order by l.turn, l.served_at asc nulls first, l.user_id, l.run_at, l.id
                   rows between unbounded preceding and current row)
    ),
    chosen as (
      select id, user_id, ord from ordered where ord = 1 or (tried = 0 and bytes <= ${batch.bytes}::bigint)
    ),
    taken as (
      update search_jobs set locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
      from chosen where search_jobs.id = chosen.id
      returning search_jobs.id, search_jobs.document_id, search_jobs.attempts, search_jobs.resume, chosen.user_id,
                chosen.ord
    ),
    turn as (
      insert into search_job_turns (user_id, served_at)
      select user_id, clock_timestamp() from taken group by user_id order by user_id
      on conflict (user_id) do update set served_at = excluded.served_at
    )
    select id, document_id, attempts, resume from taken order by ord
  `.execute(db);
  return result.rows.map((row) => {
    const resume = resumeOf(row.resume);
    return {
      id: row.id,
      documentId: row.document_id,
      attempts: row.attempts,
      ...(resume === undefined ? {} : { resume }),
    };
  });
}

/**
 * A reading cut at the end of its slice: the job keeps what was read and goes back in the queue now, behind the
 * other users' files (the take is fair between users). The take that cut it does not count as a try.
 */
export async function suspendJob(db: DatabaseHandle, jobId: string, resume: ReadingResume): Promise<void> {
  await sql`update search_jobs
    set locked_at = null, locked_by = null, attempts = greatest(attempts - 1, 0), run_at = now(),
        resume = ${JSON.stringify(resume)}::jsonb
    where id = ${jobId}`.execute(db);
}

/** Done (indexed or failed for good): the job goes. */
export async function finishJob(db: DatabaseHandle, jobId: string): Promise<void> {
  await searchDb(db).deleteFrom('search_jobs').where('id', '=', jobId).execute();
}

/** Done, many at once (a batch indexed in one transaction). */
export async function finishJobs(db: DatabaseHandle, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await searchDb(db).deleteFrom('search_jobs').where('id', 'in', jobIds).execute();
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
