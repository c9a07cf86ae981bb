import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { type DatabaseHandle, poolOf } from '../database';
import type { Logger } from '../logger';
import { JOB_LIBRARY_SCHEMA } from './job-library-schema';

export { JOB_LIBRARY_SCHEMA } from './job-library-schema';

// The job library (docs/decisions/045-job-library.md): pg-boss 10, its tables in their own schema, installed
// by a migration (2026-11-25-08-job-library) as the database's owner, never by a service at start: a service
// runs as its role (DATABASE_ROLE), which may not create schemas, and schema changes go through migrations
// like every other. The library talks through the service's own pool, so its statements run as that role too.

export interface JobLibraryOptions {
  db: DatabaseHandle;
  logger: Logger;
  /**
   * Whether this process runs the cron clock and the library's upkeep (archiving finished jobs, failing
   * jobs whose time ran out). Every instance may: pg-boss elects one at a time through the database.
   */
  upkeep?: boolean;
  /** How often the clock checks the cron schedules (pg-boss default 30 s; tests make it short). */
  cronMonitorIntervalSeconds?: number;
  /** How often the library's own cron worker looks for work (pg-boss default 5 s). */
  cronWorkerIntervalSeconds?: number;
}

export type JobLibrary = PgBoss;

/** Marks an error that came from a statement of the job library (see guardJobLibraryRejections). */
const FROM_JOB_LIBRARY = Symbol('trove.jobLibraryStatement');

function isJobLibraryError(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && FROM_JOB_LIBRARY in reason;
}

/** The logger of the job library started last in this process (a service starts one). */
let guardLogger: Logger | undefined;

/**
 * pg-boss 10 finishes each fetched batch with `complete` or `fail` without waiting for it or catching it
 * (manager.js, `work`'s onFetch): a statement that fails there — a deadlock on the queue's table, a statement
 * timeout on a machine at load 50, the database away for a moment — is an unhandled rejection, and Node ends the
 * process on one (the search service exited so, ADR 205). The job's row stays active and its expiry brings it
 * back, so such a failure is logged, not fatal. Only errors of the library's own statements are kept alive: any
 * other unhandled rejection still ends the process as Node's default does when no one else listens.
 */
function guardJobLibraryRejections(logger: Logger): void {
  const first = guardLogger === undefined;
  guardLogger = logger;
  if (!first) return;
  process.on('unhandledRejection', (reason) => {
    if (isJobLibraryError(reason)) {
      guardLogger?.warn(
        { err: { message: (reason as Error).message, code: (reason as { code?: unknown }).code } },
        'job library statement failed; the job comes back when its time runs out',
      );
      return;
    }
    // Alone, this listener would silence Node's default: do what it does.
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  });
}

/**
 * A started pg-boss on the service's pool. Its own schema migrations are off (`migrate: false`): a
 * version that needs one is a new migration in services/core, and start fails until it has run.
 */
export async function startJobLibrary(options: JobLibraryOptions): Promise<JobLibrary> {
  const pool = poolOf(options.db);
  const upkeep = options.upkeep ?? true;
  const boss = new PgBoss({
    schema: JOB_LIBRARY_SCHEMA,
    db: {
      // pg-boss builds its statements with $n parameters, and sends some as several statements without any.
      executeSql: async (text: string, values: unknown[]) => {
        try {
          return await pool.query(text, values);
        } catch (err) {
          if (typeof err === 'object' && err !== null)
            Object.defineProperty(err, FROM_JOB_LIBRARY, { value: true });
          throw err;
        }
      },
    },
    migrate: false,
    supervise: upkeep,
    schedule: upkeep,
    ...(options.cronMonitorIntervalSeconds === undefined
      ? {}
      : { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }),
    ...(options.cronWorkerIntervalSeconds === undefined
      ? {}
      : { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds }),
  });
  guardJobLibraryRejections(options.logger);
  boss.on('error', (err) => {
    options.logger.warn({ err: { message: err.message } }, 'job library error');
  });
  // Under the setup lock, like every createQueue of ours: with upkeep, start() makes pg-boss's own cron queue,
  // and its create_queue deadlocked with another service's (the sources service exited at start with
  // "deadlock detected" on `ALTER TABLE … ADD CONSTRAINT q_fkey`, beside the search service's start).
  await withJobLibrarySetupLock(options.db, () => boss.start());
  return boss;
}

/**
 * Runs `work` (creating queues and schedules) under one cluster-wide advisory lock. Instances starting together
 * otherwise create the same queues at once, and pg-boss's create_queue deadlocks (seen with INSTANCES=2: the
 * second search service exited with "deadlock detected"). The lock is held on a connection of its own; pg-boss
 * works on the others of the pool.
 */
export async function withJobLibrarySetupLock<T>(db: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtextextended('trove job library setup', 0))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended('trove job library setup', 0))`.execute(
        connection,
      );
    }
  });
}

/**
 * `boss.work`, except that a fetch which brought jobs is followed by the next fetch at once. pg-boss 10 waits out
 * the polling interval after every fetch, full or not, so a worker taking `batchSize` jobs every 2 s runs at most
 * `batchSize / 2` a second however much is queued (3,000 workflow runs due at once took 96 s at 0.5 s polling).
 * Only a fetch that found nothing waits the interval. Answers the worker's id.
 */
export async function workEagerly<T extends object>(
  boss: JobLibrary,
  queue: string,
  options: PgBoss.WorkOptions,
  handler: (jobs: PgBoss.Job<T>[]) => Promise<unknown>,
): Promise<string> {
  let workerId: string | undefined;
  workerId = await boss.work<T>(queue, options, async (jobs) => {
    try {
      return await handler(jobs);
    } finally {
      // Set after this fetch began, so pg-boss's loop skips its wait and fetches again.
      if (jobs.length > 0 && workerId !== undefined) boss.notifyWorker(workerId);
    }
  });
  return workerId;
}
