import { type Kysely, sql } from 'kysely';

// Issue 40 "Playbooks that run" (docs/decisions/160-workflows.md):
//
// - workflows: the user's saved questions, columns, sort and flag, schedule, scope and destinations (the
//   `definition` is the contracts' WorkflowBody as JSON), paused or not, and `next_run_at`, the next slot in the
//   profile's time zone (null when off or paused). The chat that keeps its runs' answers, made at the first run.
// - workflow_runs: one row per run. A scheduled run names its slot, unique per workflow, so two instances that
//   both see a slot due insert one run between them. Its status, attempts, timings, the rows it found and which
//   of them were new, the answer message (whose chat_deliveries are where it went and whether each arrived).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table workflows (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    name text not null,
    definition jsonb not null,
    paused boolean not null default false,
    next_run_at timestamptz,
    chat_id uuid references chats (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index workflows_user on workflows (user_id, created_at)`.execute(db);
  await sql`create index workflows_due on workflows (next_run_at) where next_run_at is not null`.execute(db);
  await sql`create table workflow_runs (
    id uuid primary key default gen_random_uuid(),
    -- The order runs were written in, when two share a created_at (a clock a test pins, one instant).
    seq bigint generated always as identity,
    workflow_id uuid not null references workflows (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    trigger text not null check (trigger in ('schedule', 'manual')),
    slot timestamptz,
    status text not null default 'queued'
      check (status in ('queued', 'running', 'succeeded', 'empty', 'failed')),
    attempts integer not null default 0,
    error text,
    started_at timestamptz,
    finished_at timestamptz,
    found integer not null default 0,
    new integer not null default 0,
    row_keys text[] not null default '{}',
    message_id uuid references chat_messages (id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index workflow_runs_slot on workflow_runs (workflow_id, slot) where slot is not null`.execute(
    db,
  );
  await sql`create index workflow_runs_workflow on workflow_runs (workflow_id, created_at desc)`.execute(db);
  await sql`create index workflow_runs_user on workflow_runs (user_id, created_at)`.execute(db);
  // docs/decisions/031-service-roles.md: the search service's role gets the tables it uses.
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on workflows, workflow_runs to trove_search;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table workflow_runs`.execute(db);
  await sql`drop table workflows`.execute(db);
}
