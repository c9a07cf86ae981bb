import {
  type DatabaseHandle,
  describeError,
  type JobLibrary,
  type Logger,
  withJobLibrarySetupLock,
} from '@trove/service-core';
import { waitingSyncsOfUser } from './source-queue.repository';
import { dueSources, sourcesBeingRemoved } from './sources.repository';
import type { SourceRemovalQueue, SourceSyncQueue } from './source-settings';

// Source syncs on the job library (docs/decisions/045-job-library.md): a queue of syncs, at most one queued
// per source, and a sweep every minute that queues the sources whose next sync has come. When a source is
// next due is the sync's business (its row's next_sync_at: the interval, or the back-off after a failure).

export const SOURCE_SYNC_QUEUE = 'source-sync';
export const SOURCE_SYNC_SWEEP = 'source-sync-due';
/** A removed source's documents and row, taken out after DELETE has answered (one job per source). */
export const SOURCE_REMOVE_QUEUE = 'source-remove';
/** pg-boss cron: every minute (its finest). */
const EVERY_MINUTE = '* * * * *';
/** Sources the sweep queues at a time; the rest are due still, and the next sweep takes them. */
const SWEEP_LIMIT = 500;

export interface SourceSyncJob {
  sourceId: string;
}

export interface SourceRemoveJob {
  sourceId: string;
}

export interface RemovalRetry {
  /** pg-boss retries of a removal that failed (the database away, a crash): at least this many. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (pg-boss retryBackoff). */
  retryDelaySeconds?: number;
}

/** What one run of a source's sync reports back. `busy`: another run holds the source; try again shortly. */
export type SyncRunResult = 'done' | 'busy';

/** The sync workers this process runs on each job library (pg-boss worker ids), to wake on "Sync now". */
const localWorkers = new WeakMap<JobLibrary, string[]>();

/**
 * A sync's priority: minus the syncs its user has waiting already. pg-boss takes the highest priority first, then
 * the oldest, so the queue goes round the users — every user's first waiting sync, then every user's second —
 * rather than in the order they were asked (issue 34 item 6): one user's fifty sources queue behind another
 * user's one. Without a database (tests of the queue alone) every sync is 0, in time order.
 */
export async function fairPriority(db: DatabaseHandle | undefined, sourceId: string): Promise<number> {
  return db === undefined ? 0 : -(await waitingSyncsOfUser(db, SOURCE_SYNC_QUEUE, sourceId));
}

/**
 * Queues a source's sync on the job library: one queued per source, however often it is asked, at its user's
 * turn ({@link fairPriority}). This process's idle sync workers are woken at once (pg-boss notifyWorker) rather
 * than at their next poll, up to 2 s later: "Sync now" to searchable is budgeted at 2 s (issue 21). Other
 * instances' workers still poll.
 */
export function jobLibraryQueue(boss: JobLibrary, db?: DatabaseHandle): SourceSyncQueue & SourceRemovalQueue {
  return {
    async syncSoon(sourceId) {
      await boss.send(SOURCE_SYNC_QUEUE, { sourceId } satisfies SourceSyncJob, {
        singletonKey: sourceId,
        priority: await fairPriority(db, sourceId),
      });
      for (const workerId of localWorkers.get(boss) ?? []) boss.notifyWorker(workerId);
    },
    async removeSoon(sourceId) {
      await boss.send(SOURCE_REMOVE_QUEUE, { sourceId } satisfies SourceRemoveJob, {
        singletonKey: sourceId,
      });
      for (const workerId of localRemovers.get(boss) ?? []) boss.notifyWorker(workerId);
    },
  };
}

/** The removal worker this process runs on each job library, woken by a DELETE. */
const localRemovers = new WeakMap<JobLibrary, string[]>();

/** The queues and the sweep's schedule: idempotent, run by every instance at start. */
export async function prepareSourceQueues(boss: JobLibrary, removal: RemovalRetry = {}): Promise<void> {
  await boss.createQueue(SOURCE_SYNC_QUEUE, {
    name: SOURCE_SYNC_QUEUE,
    // One queued job per source (singletonKey): "Sync now" five times is one sync.
    policy: 'short',
    // pg-boss's own retries are for a run that could not even record its failure (the database away);
    // a sync's failures are recorded and retried by the source's own back-off.
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
  });
  await boss.createQueue(SOURCE_REMOVE_QUEUE, {
    name: SOURCE_REMOVE_QUEUE,
    // One queued removal per source; DELETE of a source being removed is a 404 anyway.
    policy: 'short',
    // A removal is idempotent: each try resumes from what is left. A process that dies mid-removal leaves
    // the job active until it expires; it is then retried like a failure.
    retryLimit: removal.retryLimit ?? 10,
    retryDelay: removal.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
  });
  await boss.createQueue(SOURCE_SYNC_SWEEP, {
    name: SOURCE_SYNC_SWEEP,
    policy: 'short',
    expireInSeconds: 5 * 60,
  });
  await boss.schedule(SOURCE_SYNC_SWEEP, EVERY_MINUTE, {});
}

/** Queues every source whose next sync has come (the sweep's work; exported for tests). */
export async function queueDueSources(db: DatabaseHandle, queue: SourceSyncQueue): Promise<number> {
  const due = await dueSources(db, SWEEP_LIMIT);
  for (const sourceId of due) await queue.syncSoon(sourceId);
  return due.length;
}

/**
 * Queues the removal of every source still marked as being removed (the sweep's work too): a removal whose
 * job was never queued (the process gone between the mark and the send) or has used up its retries is
 * tried again. A source whose removal is queued already is not queued twice (singletonKey).
 */
export async function queuePendingRemovals(db: DatabaseHandle, queue: SourceRemovalQueue): Promise<number> {
  const pending = await sourcesBeingRemoved(db, SWEEP_LIMIT);
  for (const sourceId of pending) await queue.removeSoon(sourceId);
  return pending.length;
}

export interface SourceWorkers {
  stop(): Promise<void>;
}

/**
 * Runs source syncs from the queue, `concurrency` at a time, and the minute sweep. A run that finds its
 * source busy (another run of it under way, here or on another instance) queues it again a little later, so
 * a "Sync now" pressed during a sync runs after it instead of being dropped.
 */
export async function startSourceWorkers(options: {
  boss: JobLibrary;
  db: DatabaseHandle;
  logger: Logger;
  concurrency: number;
  run: (sourceId: string) => Promise<SyncRunResult>;
  /** A removal's work (removeSourceContent): throws to be retried. */
  remove: (sourceId: string) => Promise<number>;
  removal?: RemovalRetry;
  /** How often an idle worker asks for work (pg-boss: at least 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Seconds before a busy source's sync is tried again. */
  busyRetrySeconds?: number;
}): Promise<SourceWorkers> {
  const { boss, logger } = options;
  await withJobLibrarySetupLock(options.db, () => prepareSourceQueues(boss, options.removal));
  const queue = jobLibraryQueue(boss, options.db);
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  await boss.work(SOURCE_SYNC_SWEEP, { pollingIntervalSeconds: 5 }, async () => {
    await queueDueSources(options.db, queue);
    await queuePendingRemovals(options.db, queue);
  });
  // One removal at a time per process, whatever the sync concurrency (0 included): it is database work only.
  const removerIds: string[] = [];
  localRemovers.set(boss, removerIds);
  removerIds.push(
    await boss.work<SourceRemoveJob>(
      SOURCE_REMOVE_QUEUE,
      { batchSize: 1, pollingIntervalSeconds },
      async (jobs) => {
        for (const job of jobs) {
          const { sourceId } = job.data;
          const started = Date.now();
          try {
            const documents = await options.remove(sourceId);
            logger.info({ sourceId, documents, ms: Date.now() - started }, 'source removed');
          } catch (err) {
            // pg-boss retries the job, with back-off; the next try resumes from what is left.
            logger.warn({ sourceId, error: describeError(err) }, 'source removal failed');
            throw err;
          }
        }
      },
    ),
  );
  const workerIds: string[] = [];
  localWorkers.set(boss, workerIds);
  for (let index = 0; index < options.concurrency; index += 1) {
    const workerId = await boss.work<SourceSyncJob>(
      SOURCE_SYNC_QUEUE,
      { batchSize: 1, pollingIntervalSeconds },
      async (jobs) => {
        for (const job of jobs) {
          const { sourceId } = job.data;
          try {
            if ((await options.run(sourceId)) === 'busy') {
              await boss.sendAfter(
                SOURCE_SYNC_QUEUE,
                { sourceId } satisfies SourceSyncJob,
                // At the back of its user's line again: another user's waiting sync goes first.
                { singletonKey: sourceId, priority: await fairPriority(options.db, sourceId) },
                options.busyRetrySeconds ?? 15,
              );
            }
          } catch (err) {
            // Only what a run could not record itself gets here; pg-boss retries the job.
            logger.warn({ sourceId, error: describeError(err) }, 'source sync failed');
            throw err;
          }
        }
      },
    );
    workerIds.push(workerId);
  }
  return {
    async stop() {
      workerIds.length = 0;
      removerIds.length = 0;
      await boss.offWork(SOURCE_SYNC_QUEUE);
      await boss.offWork(SOURCE_REMOVE_QUEUE);
      await boss.offWork(SOURCE_SYNC_SWEEP);
    },
  };
}
