import type { WorkflowBody, WorkflowRunStatus } from '@trove/contracts';
import type { Database, DatabaseHandle } from '@trove/service-core';
import { type ColumnType, type Generated, type Kysely, sql } from 'kysely';
import type { ChatTables } from '../chats/chat-tables';
import type { SearchTables } from '../db/tables';

// Workflows and their runs (services/core/src/db/migrations/2026-11-29-85-workflows.ts, docs/decisions/160).
// Every statement a user's request makes names the user; the scheduler's reads by id alone are the job's own.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

type WorkflowsTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  definition: ColumnType<WorkflowBody, string, string>;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  next_run_at: NullableTimestamp;
  chat_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type WorkflowRunsTable = {
  id: Generated<string>;
  seq: Generated<string>;
  workflow_id: string;
  user_id: string;
  trigger: 'schedule' | 'manual';
  slot: NullableTimestamp;
  status: ColumnType<WorkflowRunStatus, WorkflowRunStatus | undefined, WorkflowRunStatus>;
  attempts: Generated<number>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  found: Generated<number>;
  new: Generated<number>;
  row_keys: ColumnType<string[], string[] | undefined, string[]>;
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
};

type WorkflowTables = { workflows: WorkflowsTable; workflow_runs: WorkflowRunsTable };

function workflowDb(db: DatabaseHandle) {
  return db.withTables<SearchTables & ChatTables & WorkflowTables>() as unknown as Kysely<
    Database & SearchTables & ChatTables & WorkflowTables
  >;
}

export interface WorkflowRow {
  id: string;
  user_id: string;
  name: string;
  definition: WorkflowBody;
  paused: boolean;
  next_run_at: Date | null;
  chat_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RunRow {
  id: string;
  workflow_id: string;
  user_id: string;
  trigger: 'schedule' | 'manual';
  slot: Date | null;
  status: WorkflowRunStatus;
  attempts: number;
  error: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  found: number;
  new: number;
  row_keys: string[];
  message_id: string | null;
  created_at: Date;
}

const WORKFLOW_COLUMNS = [
  'id',
  'user_id',
  'name',
  'definition',
  'paused',
  'next_run_at',
  'chat_id',
  'created_at',
  'updated_at',
] as const;

const RUN_COLUMNS = [
  'id',
  'workflow_id',
  'user_id',
  'trigger',
  'slot',
  'status',
  'attempts',
  'error',
  'started_at',
  'finished_at',
  'found',
  'new',
  'row_keys',
  'message_id',
  'created_at',
] as const;

export async function listWorkflows(db: DatabaseHandle, userId: string): Promise<WorkflowRow[]> {
  return workflowDb(db)
    .selectFrom('workflows')
    .select(WORKFLOW_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countWorkflows(db: DatabaseHandle, userId: string): Promise<number> {
  const row = await workflowDb(db)
    .selectFrom('workflows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Serialises one user's creates, so two at once cannot both pass the per-user count. */
export async function lockUserWorkflows(tx: DatabaseHandle, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('workflows:' || ${userId}))`.execute(tx);
}

export async function insertWorkflow(
  db: DatabaseHandle,
  row: { userId: string; definition: WorkflowBody; nextRunAt: Date | null },
): Promise<WorkflowRow> {
  return workflowDb(db)
    .insertInto('workflows')
    .values({
      user_id: row.userId,
      name: row.definition.name,
      definition: JSON.stringify(row.definition),
      next_run_at: row.nextRunAt,
    })
    .returning(WORKFLOW_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findWorkflow(
  db: DatabaseHandle,
  userId: string,
  id: string,
): Promise<WorkflowRow | undefined> {
  return workflowDb(db)
    .selectFrom('workflows')
    .select(WORKFLOW_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateWorkflow(
  db: DatabaseHandle,
  userId: string,
  id: string,
  change: { definition?: WorkflowBody; paused?: boolean; nextRunAt: Date | null; chatId?: string },
): Promise<WorkflowRow | undefined> {
  return workflowDb(db)
    .updateTable('workflows')
    .set({
      ...(change.definition === undefined
        ? {}
        : { name: change.definition.name, definition: JSON.stringify(change.definition) }),
      ...(change.paused === undefined ? {} : { paused: change.paused }),
      ...(change.chatId === undefined ? {} : { chat_id: change.chatId }),
      next_run_at: change.nextRunAt,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(WORKFLOW_COLUMNS)
    .executeTakeFirst();
}

export async function setWorkflowChat(
  db: DatabaseHandle,
  userId: string,
  id: string,
  chatId: string,
): Promise<void> {
  await workflowDb(db)
    .updateTable('workflows')
    .set({ chat_id: chatId })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteWorkflow(db: DatabaseHandle, userId: string, id: string): Promise<boolean> {
  const result = await workflowDb(db)
    .deleteFrom('workflows')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Runs started in the window (the per-user hourly limit counts Run now and scheduled runs alike). */
export async function countRunsSince(db: DatabaseHandle, userId: string, since: Date): Promise<number> {
  const row = await workflowDb(db)
    .selectFrom('workflow_runs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRun(
  db: DatabaseHandle,
  run: { workflowId: string; userId: string; trigger: 'schedule' | 'manual'; slot: Date | null; now: Date },
): Promise<RunRow | undefined> {
  return workflowDb(db)
    .insertInto('workflow_runs')
    .values({
      workflow_id: run.workflowId,
      user_id: run.userId,
      trigger: run.trigger,
      slot: run.slot,
      created_at: run.now,
    })
    .onConflict((oc) => oc.columns(['workflow_id', 'slot']).where('slot', 'is not', null).doNothing())
    .returning(RUN_COLUMNS)
    .executeTakeFirst();
}

export async function findRun(db: DatabaseHandle, runId: string): Promise<RunRow | undefined> {
  return workflowDb(db)
    .selectFrom('workflow_runs')
    .select(RUN_COLUMNS)
    .where('id', '=', runId)
    .executeTakeFirst();
}

/** Takes a queued run for one try: undefined when another try has it or it is finished. */
export async function claimRun(db: DatabaseHandle, runId: string, now: Date): Promise<RunRow | undefined> {
  return workflowDb(db)
    .updateTable('workflow_runs')
    .set((eb) => ({ status: 'running', started_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', runId)
    .where('status', '=', 'queued')
    .returning(RUN_COLUMNS)
    .executeTakeFirst();
}

export async function finishRun(
  db: DatabaseHandle,
  runId: string,
  outcome: {
    status: WorkflowRunStatus;
    error: string | null;
    now: Date;
    found?: number;
    fresh?: number;
    rowKeys?: string[];
    messageId?: string | null;
  },
): Promise<void> {
  await workflowDb(db)
    .updateTable('workflow_runs')
    .set({
      status: outcome.status,
      error: outcome.error,
      finished_at: outcome.status === 'queued' ? null : outcome.now,
      ...(outcome.found === undefined ? {} : { found: outcome.found }),
      ...(outcome.fresh === undefined ? {} : { new: outcome.fresh }),
      ...(outcome.rowKeys === undefined ? {} : { row_keys: outcome.rowKeys }),
      ...(outcome.messageId === undefined ? {} : { message_id: outcome.messageId }),
    })
    .where('id', '=', runId)
    .execute();
}

/** The row keys the workflow's last finished run found: "new since the last run" is measured against them. */
export async function lastRowKeys(
  db: DatabaseHandle,
  workflowId: string,
  before: string,
): Promise<string[] | null> {
  const row = await workflowDb(db)
    .selectFrom('workflow_runs')
    .select('row_keys')
    .where('workflow_id', '=', workflowId)
    .where('id', '!=', before)
    .where('status', 'in', ['succeeded', 'empty'])
    .orderBy('finished_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.row_keys ?? null;
}

export async function listRuns(
  db: DatabaseHandle,
  userId: string,
  workflowId: string,
  limit: number,
): Promise<RunRow[]> {
  return workflowDb(db)
    .selectFrom('workflow_runs')
    .select(RUN_COLUMNS)
    .where('workflow_id', '=', workflowId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

/** Each of the user's workflows' latest run, for the list. */
export async function latestRuns(db: DatabaseHandle, userId: string): Promise<RunRow[]> {
  return workflowDb(db)
    .selectFrom('workflow_runs')
    .select(RUN_COLUMNS)
    .distinctOn('workflow_id')
    .where('user_id', '=', userId)
    .orderBy('workflow_id')
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .execute();
}

/**
 * The scheduler's claim (docs/decisions/160-workflows.md "Exactly once"): workflows whose slot has come, locked
 * so a second instance skips them, each moved to its next slot after `now` in the same transaction — a slot
 * missed while the stack was down becomes one run, not one per missed slot.
 */
export async function dueWorkflows(tx: DatabaseHandle, now: Date, limit: number): Promise<WorkflowRow[]> {
  return workflowDb(tx)
    .selectFrom('workflows')
    .select(WORKFLOW_COLUMNS)
    .where('next_run_at', '<=', now)
    .where('paused', '=', false)
    .orderBy('next_run_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function advanceWorkflow(tx: DatabaseHandle, id: string, nextRunAt: Date | null): Promise<void> {
  await workflowDb(tx)
    .updateTable('workflows')
    .set({ next_run_at: nextRunAt })
    .where('id', '=', id)
    .execute();
}

/** Queued runs older than `before` (their job lost with a process), for the sweep to send again. */
export async function strandedRuns(db: DatabaseHandle, before: Date, limit: number): Promise<string[]> {
  const rows = await workflowDb(db)
    .selectFrom('workflow_runs')
    .select('id')
    .where('status', '=', 'queued')
    .where('created_at', '<', before)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
