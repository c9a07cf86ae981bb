import {
  type Delivery,
  WORKFLOW_CODES,
  WORKFLOW_MESSAGES,
  type Workflow,
  type WorkflowBody,
  type WorkflowPreviewResponse,
  type WorkflowRun,
} from '@trove/contracts';
import { ApiError, type DatabaseHandle, describeError, tooManyRequests } from '@trove/service-core';
import { listDeliveries } from '../chats/chats.repository';
import type { ChatSettings } from '../chats/chats.service';
import { findDestination } from '../destinations/destinations.repository';
import { userTimeZone } from '../search/candidates.repository';
import { nextSlot, scheduleZone } from './schedule';
import { buildRun, checkTargets, RunRefused, refusalError, shipRun } from './workflow-run';
import {
  claimRun,
  countRunsSince,
  countWorkflows,
  deleteWorkflow,
  findRun,
  findWorkflow,
  finishRun,
  insertRun,
  insertWorkflow,
  latestRuns,
  listRuns,
  listWorkflows,
  lockUserWorkflows,
  type RunRow,
  updateWorkflow,
  type WorkflowRow,
} from './workflows.repository';

// The Workflows API's work (issue 40 items 1, 3 and 6; docs/decisions/160-workflows.md).

export interface WorkflowLimits {
  /** WORKFLOWS_PER_USER. */
  workflowsPerUser: number;
  /** WORKFLOW_RUNS_PER_HOUR: Run now and scheduled runs alike. */
  runsPerHour: number;
  /** Runs the runs list shows. */
  runsListed: number;
}

export interface WorkflowDeps {
  db: DatabaseHandle;
  chats: ChatSettings;
  limits: WorkflowLimits;
}

export const WORKFLOW_DEFAULTS: WorkflowLimits = { workflowsPerUser: 20, runsPerHour: 30, runsListed: 20 };

const NOT_FOUND = () => new ApiError(404, WORKFLOW_MESSAGES.notFound, 'not_found');
const HOUR_MS = 3_600_000;

function toRun(row: RunRow, chatId: string | null, deliveries: readonly Delivery[]): WorkflowRun {
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  return {
    id: row.id,
    trigger: row.trigger,
    slot: iso(row.slot),
    status: row.status,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    duration_ms:
      row.started_at !== null && row.finished_at !== null
        ? row.finished_at.getTime() - row.started_at.getTime()
        : null,
    found: row.found,
    new: row.new,
    attempts: row.attempts,
    error: row.error,
    chat_id: row.message_id === null ? null : chatId,
    deliveries: [...deliveries],
  };
}

function toWorkflow(row: WorkflowRow, last: RunRow | undefined): Workflow {
  const { deliveries: _, ...lastRun } =
    last === undefined ? { deliveries: [] } : toRun(last, row.chat_id, []);
  return {
    ...row.definition,
    id: row.id,
    name: row.name,
    paused: row.paused,
    next_run_at: row.next_run_at?.toISOString() ?? null,
    last_run: last === undefined ? null : (lastRun as Omit<WorkflowRun, 'deliveries'>),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The next slot in the profile's zone, or null when off or paused (an unknown zone is a 400). */
async function nextRunFor(
  db: DatabaseHandle,
  userId: string,
  body: WorkflowBody,
  paused: boolean,
  now: Date,
) {
  if (paused) return null;
  return nextSlot(body.schedule, scheduleZone(await userTimeZone(db, userId)), now);
}

/** Every destination of the body is one of the user's own; a removed one is named as such. */
async function checkDestinations(db: DatabaseHandle, userId: string, body: WorkflowBody): Promise<void> {
  for (const destination of body.destinations) {
    if (destination.kind !== 'destination') continue;
    if ((await findDestination(db, userId, destination.destination_id)) === undefined) {
      throw new ApiError(400, WORKFLOW_MESSAGES.destinationGone('you chose'), 'invalid_request');
    }
  }
}

export async function workflowsOf(deps: WorkflowDeps, userId: string): Promise<Workflow[]> {
  const [rows, latest] = await Promise.all([listWorkflows(deps.db, userId), latestRuns(deps.db, userId)]);
  const byWorkflow = new Map(latest.map((run) => [run.workflow_id, run]));
  return rows.map((row) => toWorkflow(row, byWorkflow.get(row.id)));
}

export async function workflowOf(deps: WorkflowDeps, userId: string, id: string): Promise<Workflow> {
  const row = await findWorkflow(deps.db, userId, id);
  if (row === undefined) throw NOT_FOUND();
  const [last] = await listRuns(deps.db, userId, id, 1);
  return toWorkflow(row, last);
}

export async function createWorkflow(
  deps: WorkflowDeps,
  userId: string,
  body: WorkflowBody,
  now: Date,
): Promise<Workflow> {
  await checkDestinations(deps.db, userId, body);
  const nextRunAt = await nextRunFor(deps.db, userId, body, false, now);
  const row = await deps.db.transaction().execute(async (tx) => {
    await lockUserWorkflows(tx, userId);
    if ((await countWorkflows(tx, userId)) >= deps.limits.workflowsPerUser) {
      throw new ApiError(
        409,
        WORKFLOW_MESSAGES.tooManyWorkflows(deps.limits.workflowsPerUser),
        WORKFLOW_CODES.limit,
      );
    }
    return insertWorkflow(tx, { userId, definition: body, nextRunAt });
  });
  return toWorkflow(row, undefined);
}

export async function replaceWorkflow(
  deps: WorkflowDeps,
  userId: string,
  id: string,
  body: WorkflowBody,
  now: Date,
): Promise<Workflow> {
  const current = await findWorkflow(deps.db, userId, id);
  if (current === undefined) throw NOT_FOUND();
  await checkDestinations(deps.db, userId, body);
  const nextRunAt = await nextRunFor(deps.db, userId, body, current.paused, now);
  const row = await updateWorkflow(deps.db, userId, id, { definition: body, nextRunAt });
  if (row === undefined) throw NOT_FOUND();
  return workflowOf(deps, userId, row.id);
}

export async function pauseWorkflow(
  deps: WorkflowDeps,
  userId: string,
  id: string,
  paused: boolean,
  now: Date,
): Promise<Workflow> {
  const current = await findWorkflow(deps.db, userId, id);
  if (current === undefined) throw NOT_FOUND();
  // Resuming starts from the next slot after now: slots passed while paused are not run.
  const nextRunAt = await nextRunFor(deps.db, userId, current.definition, paused, now);
  if ((await updateWorkflow(deps.db, userId, id, { paused, nextRunAt })) === undefined) throw NOT_FOUND();
  return workflowOf(deps, userId, id);
}

export async function removeWorkflow(deps: WorkflowDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteWorkflow(deps.db, userId, id))) throw NOT_FOUND();
}

export async function previewWorkflow(
  deps: WorkflowDeps,
  userId: string,
  id: string,
  now: Date,
): Promise<WorkflowPreviewResponse> {
  const row = await findWorkflow(deps.db, userId, id);
  if (row === undefined) throw NOT_FOUND();
  return (await buildRun(deps.db, row, { now, settings: deps.chats })).preview;
}

async function runsWithDeliveries(deps: WorkflowDeps, userId: string, chatId: string | null, rows: RunRow[]) {
  const messageIds = rows.flatMap((row) => (row.message_id === null ? [] : [row.message_id]));
  const deliveries = await listDeliveries(deps.db, userId, messageIds, deps.chats.mailFailedAfterAttempts);
  return rows.map((row) =>
    toRun(
      row,
      chatId,
      deliveries
        .filter((delivery) => delivery.message_id === row.message_id)
        .map((delivery) => ({
          id: delivery.id,
          address: delivery.address,
          status: delivery.status,
          updated_at: delivery.updated_at.toISOString(),
        })),
    ),
  );
}

export async function runsOf(deps: WorkflowDeps, userId: string, id: string): Promise<WorkflowRun[]> {
  const row = await findWorkflow(deps.db, userId, id);
  if (row === undefined) throw NOT_FOUND();
  const runs = await listRuns(deps.db, userId, id, deps.limits.runsListed);
  return runsWithDeliveries(deps, userId, row.chat_id, runs);
}

/** Refuses a run past the user's hourly allowance (a 429 saying when). */
async function checkRunAllowance(deps: WorkflowDeps, userId: string, now: Date): Promise<void> {
  const runs = await countRunsSince(deps.db, userId, new Date(now.getTime() - HOUR_MS));
  if (runs >= deps.limits.runsPerHour) {
    throw tooManyRequests(WORKFLOW_MESSAGES.tooManyRuns(deps.limits.runsPerHour), HOUR_MS / 1000);
  }
}

export interface PostQueueing {
  postSoon(deliveryId: string): Promise<void>;
}

/** The outcome of one try: finished (either way), or to be tried again with this error. */
export type TryOutcome = { done: true } | { done: false; error: string };

/**
 * One try of a queued run: claims it (a second delivery of the same job finds it taken), answers, checks the
 * targets, ships, and records the outcome. A refusal (a destination removed, an address unconfirmed, a limit)
 * fails the run at once; anything else is for the caller to retry.
 */
export async function tryRun(deps: WorkflowDeps, runId: string, now: () => Date): Promise<TryOutcome> {
  const run = await claimRun(deps.db, runId, now());
  if (run === undefined) return { done: true };
  const workflow = await findWorkflow(deps.db, run.user_id, run.workflow_id);
  if (workflow === undefined) {
    await finishRun(deps.db, runId, { status: 'failed', error: 'The workflow was deleted.', now: now() });
    return { done: true };
  }
  try {
    const result = await buildRun(deps.db, workflow, { now: now(), settings: deps.chats, runId });
    const found = { found: result.preview.found, fresh: result.preview.new, rowKeys: result.rowKeys };
    if (result.shipped === null) {
      await finishRun(deps.db, runId, { status: 'empty', error: null, now: now(), ...found });
      return { done: true };
    }
    const targets = await checkTargets(deps.db, workflow, { now: now(), settings: deps.chats });
    const status =
      result.preview.rows.length > 0 || result.preview.answer.passages.length > 0 ? 'succeeded' : 'empty';
    // The run is finished in the transaction that ships it: shipped and recorded together, one commit.
    const shipped = await shipRun(deps.db, workflow, { ...result, shipped: result.shipped }, targets, {
      now: now(),
      settings: deps.chats,
      finish: (tx, messageId) =>
        finishRun(tx, runId, { status, error: null, now: now(), ...found, messageId }),
    });
    // Queued once committed, as a chat's posts are; were the queue away just then, the delivery stays queued.
    for (const id of shipped.postIds) await deps.chats.destinationQueue?.postSoon(id);
    return { done: true };
  } catch (err) {
    if (err instanceof RunRefused || (err instanceof ApiError && err.status < 500)) {
      await finishRun(deps.db, runId, { status: 'failed', error: err.message, now: now() });
      return { done: true };
    }
    const error = `The run could not finish (${describeError(err)}).`;
    await finishRun(deps.db, runId, { status: 'queued', error, now: now() });
    return { done: false, error };
  }
}

/** After the last try: the run shows as failed with the last error, never silently dropped. */
export async function giveUpRun(deps: WorkflowDeps, runId: string, error: string, now: Date): Promise<void> {
  const run = await findRun(deps.db, runId);
  if (run === undefined || run.status === 'succeeded' || run.status === 'empty') return;
  await finishRun(deps.db, runId, {
    status: 'failed',
    error: `${error} Gave up after ${run.attempts} tries.`,
    now,
  });
}

/**
 * POST …/run: runs now, in the request, and ships through the outbox and the post jobs. The run is kept whatever
 * happens; a refusal answers 409 with its reason after recording it.
 */
export async function runWorkflowNow(
  deps: WorkflowDeps,
  userId: string,
  id: string,
  now: () => Date,
): Promise<WorkflowRun> {
  const workflow = await findWorkflow(deps.db, userId, id);
  if (workflow === undefined) throw NOT_FOUND();
  await checkRunAllowance(deps, userId, now());
  const run = await insertRun(deps.db, { workflowId: id, userId, trigger: 'manual', slot: null, now: now() });
  if (run === undefined) throw new Error('a manual run was not written');
  const outcome = await tryRun(deps, run.id, now);
  if (!outcome.done) await giveUpRun(deps, run.id, outcome.error, now());
  const kept = await findRun(deps.db, run.id);
  if (kept === undefined) throw NOT_FOUND();
  const fresh = await findWorkflow(deps.db, userId, id);
  const [shown] = await runsWithDeliveries(deps, userId, fresh?.chat_id ?? null, [kept]);
  if (shown === undefined) throw NOT_FOUND();
  if (shown.status === 'failed' && shown.error !== null) throw refusalError(new RunRefused(shown.error));
  return shown;
}

export { checkRunAllowance };
