import {
  type DatabaseHandle,
  type JobLibrary,
  type Logger,
  withJobLibrarySetupLock,
  workEagerly,
} from '@trove/service-core';
import { userTimeZone } from '../search/candidates.repository';
import { isKnownZone, nextSlot, scheduleZone } from './schedule';
import {
  advanceWorkflow,
  dueWorkflows,
  finishRun,
  findRun,
  insertRun,
  strandedRuns,
} from './workflows.repository';
import { giveUpRun, tryRun, type WorkflowDeps } from './workflows.service';

// The scheduler (issue 40 item 4, docs/decisions/160-workflows.md "Exactly once"). A pg-boss cron, fired by one
// elected instance each minute, sends the sweep; the sweep claims due workflows (skip locked), writes one run per
// slot (unique per workflow and slot) and moves each workflow to its next slot after now, in one transaction;
// each run is then a `workflow-run` job. A failed try is sent again after base · 2^(n−1) seconds until
// WORKFLOW_RUN_ATTEMPTS tries have failed; then the run shows as failed with the reason.

export const WORKFLOW_RUN_QUEUE = 'workflow-run';
export const WORKFLOW_DUE_QUEUE = 'workflow-due';
const EVERY_MINUTE = '* * * * *';
/** Workflows one sweep takes; more are left for the next (each sweep's transaction stays short). */
const SWEEP_BATCH = 500;
/** A run still queued, never tried, this long after it was written lost its job (a process gone): sent again. */
const STRANDED_AFTER_MS = 2 * 60_000;
const RETRY_MAX_SECONDS = 3_600;
/** Runs one worker takes at once. */
const RUN_BATCH = 4;

export interface WorkflowRunJob {
  runId: string;
}

export interface SchedulerSettings {
  /** WORKFLOW_RUN_ATTEMPTS. */
  attempts: number;
  /** WORKFLOW_RETRY_BASE_SECONDS. */
  retryBaseSeconds: number;
  /** Run workers in this process (WORKFLOW_RUN_WORKERS), each taking `batch` runs at a time. */
  workers?: number;
  batch?: number;
  /** Tests: how often an idle worker looks for work, and the clock. */
  pollingIntervalSeconds?: number;
  now?: () => Date;
}

/**
 * Writes the runs of every workflow whose slot has come and moves each to its next slot; answers the runs
 * written. Two instances sweeping at once write each slot's run once: the rows are locked (a second sweep skips
 * them) and the run's (workflow, slot) is unique.
 */
export async function sweepDue(db: DatabaseHandle, now: Date, logger?: Logger): Promise<string[]> {
  // Batch after batch, each its own short transaction, until fewer than a batch were due: 3,000 workflows due in
  // one minute are all written by that minute's sweep.
  const written: string[] = [];
  for (;;) {
    const batch = await sweepBatch(db, now);
    written.push(...batch.runs);
    if (batch.taken < SWEEP_BATCH) break;
  }
  if (written.length > 0) logger?.info({ runs: written.length }, 'workflow runs due');
  return written;
}

async function sweepBatch(db: DatabaseHandle, now: Date): Promise<{ runs: string[]; taken: number }> {
  return db.transaction().execute(async (tx) => {
    const runs: string[] = [];
    const due = await dueWorkflows(tx, now, SWEEP_BATCH);
    for (const workflow of due) {
      const zone = scheduleZone(await userTimeZone(tx, workflow.user_id));
      const run = await insertRun(tx, {
        workflowId: workflow.id,
        userId: workflow.user_id,
        trigger: 'schedule',
        slot: workflow.next_run_at,
        now,
      });
      // The profile's zone became one this server does not know: the run says so, and the schedule stops.
      if (!isKnownZone(zone)) {
        if (run !== undefined) {
          await finishRun(tx, run.id, {
            status: 'failed',
            error: `Your profile's time zone “${zone}” is unknown here — choose another, then save the workflow again.`,
            now,
          });
        }
        await advanceWorkflow(tx, workflow.id, null);
        continue;
      }
      await advanceWorkflow(tx, workflow.id, nextSlot(workflow.definition.schedule, zone, now));
      if (run !== undefined) runs.push(run.id);
    }
    return { runs, taken: due.length };
  });
}

/** Sends a run's job; its id is the singleton key, so a run queued twice is one job. */
async function sendRun(boss: JobLibrary, runId: string, afterSeconds?: number): Promise<void> {
  const data = { runId } satisfies WorkflowRunJob;
  if (afterSeconds === undefined) await boss.send(WORKFLOW_RUN_QUEUE, data, { singletonKey: runId });
  else await boss.sendAfter(WORKFLOW_RUN_QUEUE, data, { singletonKey: `${runId}:retry` }, afterSeconds);
}

/** The sweep's whole work: due slots, then runs whose job was lost. */
export async function sweep(
  boss: JobLibrary,
  db: DatabaseHandle,
  now: Date,
  logger?: Logger,
): Promise<number> {
  const runs = await sweepDue(db, now, logger);
  const stranded = await strandedRuns(db, new Date(now.getTime() - STRANDED_AFTER_MS), SWEEP_BATCH);
  for (const runId of new Set([...runs, ...stranded])) await sendRun(boss, runId);
  return runs.length;
}

/** One job: one try of its run; a failure that may be retried is sent again after the back-off. */
export async function workRun(
  boss: JobLibrary,
  deps: WorkflowDeps,
  settings: SchedulerSettings,
  runId: string,
  logger?: Logger,
): Promise<void> {
  const now = settings.now ?? (() => new Date());
  const outcome = await tryRun(deps, runId, now);
  if (outcome.done) return;
  const tries = (await findRun(deps.db, runId))?.attempts ?? settings.attempts;
  if (tries >= settings.attempts) {
    await giveUpRun(deps, runId, outcome.error, now());
    logger?.warn({ runId, tries, reason: outcome.error }, 'workflow run failed');
    return;
  }
  const after = Math.min(settings.retryBaseSeconds * 2 ** (tries - 1), RETRY_MAX_SECONDS);
  logger?.info(
    { runId, tries, retryInSeconds: after, reason: outcome.error },
    'workflow run will be retried',
  );
  await sendRun(boss, runId, after);
}

export interface WorkflowScheduler {
  /** Sweeps now (at start, and in tests with their own clock). */
  sweepNow(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

export async function startWorkflowScheduler(
  boss: JobLibrary,
  deps: WorkflowDeps,
  settings: SchedulerSettings & { logger?: Logger; cron?: boolean },
): Promise<WorkflowScheduler> {
  const now = settings.now ?? (() => new Date());
  await withJobLibrarySetupLock(deps.db, async () => {
    await boss.createQueue(WORKFLOW_RUN_QUEUE, {
      name: WORKFLOW_RUN_QUEUE,
      policy: 'standard',
      // pg-boss's own retries are for a try that could not record itself (the process gone mid-run).
      retryLimit: 2,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    });
    await boss.createQueue(WORKFLOW_DUE_QUEUE, {
      name: WORKFLOW_DUE_QUEUE,
      policy: 'short',
      expireInSeconds: 5 * 60,
    });
    if (settings.cron !== false) await boss.schedule(WORKFLOW_DUE_QUEUE, EVERY_MINUTE, {});
  });
  const polling = { pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 2 };
  await boss.work(WORKFLOW_DUE_QUEUE, { batchSize: 1, ...polling }, async () => {
    await sweep(boss, deps.db, now(), settings.logger);
  });
  for (let worker = 0; worker < (settings.workers ?? 2); worker += 1) {
    // A batch's runs at once, and the next batch fetched as soon as one is done: a minute with thousands due is
    // not paced by the polling (each run is a few queries; the pool bounds them).
    const batchSize = settings.batch ?? RUN_BATCH;
    await workEagerly<WorkflowRunJob>(boss, WORKFLOW_RUN_QUEUE, { batchSize, ...polling }, async (jobs) => {
      await Promise.all(jobs.map((job) => workRun(boss, deps, settings, job.data.runId, settings.logger)));
    });
  }
  return {
    sweepNow: (at) => sweep(boss, deps.db, at ?? now(), settings.logger),
    async stop() {
      await boss.offWork(WORKFLOW_RUN_QUEUE);
      await boss.offWork(WORKFLOW_DUE_QUEUE);
    },
  };
}
