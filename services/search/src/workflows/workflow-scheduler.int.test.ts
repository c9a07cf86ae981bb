import { type WorkflowBody, WorkflowResponseSchema, WorkflowRunsResponseSchema } from '@trove/contracts';
import { type JobLibrary, startJobLibrary } from '@trove/service-core';
import { testTime, waitUntil } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_DEFAULTS } from '../chats/chat-settings';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';
import { startWorkflowScheduler, sweepDue, type WorkflowScheduler, workRun } from './workflow-scheduler';
import { findRun, findWorkflow } from './workflows.repository';
import { WORKFLOW_DEFAULTS, type WorkflowDeps } from './workflows.service';

// The scheduler (issue 40 item 4) with a clock the test moves and two instances on one database, each with its
// own job library: a slot runs once whoever sweeps, slots missed while the stack was down run once, and a run
// that keeps failing is retried with back-off and then shown as failed.

let service: SearchTestService;
let second: JobLibrary;
let ada: SignedInUser;
let clock = new Date('2026-11-29T12:00:00Z');
const now = () => clock;
const schedulers: WorkflowScheduler[] = [];

const daily: WorkflowBody = {
  name: 'Morning invoices',
  questions: ['invoice'],
  columns: ['date', 'total'],
  sort: { by: 'found', order: 'asc' },
  flag: null,
  schedule: { every: 'daily', at: '08:00' },
  scope: 'all',
  destinations: [],
  send_empty: true,
  template_id: null,
};

async function call(method: string, path: string, body?: unknown) {
  const res = await service.request(ada, path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

const runsOf = async (id: string) =>
  WorkflowRunsResponseSchema.parse((await call('GET', `/api/v1/workflows/${id}/runs`)).json).runs;

function deps(overrides: Partial<WorkflowDeps['chats']> = {}): WorkflowDeps {
  return {
    db: service.db,
    limits: { ...WORKFLOW_DEFAULTS, runsPerHour: 1_000 },
    chats: { ...CHAT_DEFAULTS, product: 'Trove', search: { minAllWordResults: 1 }, ...overrides },
  };
}

beforeAll(async () => {
  service = await startSearchTestService({ jobs: true, chats: { now } });
  const first = service.boss;
  if (first === undefined) throw new Error('the job library did not start');
  second = await startJobLibrary({ db: service.db, logger: service.logs.logger });
  for (const boss of [first, second]) {
    schedulers.push(
      await startWorkflowScheduler(boss, deps(), {
        attempts: 3,
        retryBaseSeconds: 1,
        pollingIntervalSeconds: 0.5,
        cron: false,
        now,
      }),
    );
  }
  ada = await service.signUp();
  await indexFiles(
    service,
    ada,
    [{ name: 'globex.txt', text: 'Invoice INV-1 from Globex. Total €1,000.00 due 3 March 2026.' }],
    extractDocument,
  );
}, testTime(90_000));

afterAll(async () => {
  for (const scheduler of schedulers) await scheduler.stop();
  await second?.stop({ graceful: true, wait: true, close: false, timeout: testTime(10_000) });
  await service?.close();
});

describe('the workflow scheduler', () => {
  it('runs a slot once with two instances sweeping at once, and slots missed while down once', async () => {
    clock = new Date('2026-11-29T12:00:00Z');
    const created = await call('POST', '/api/v1/workflows', daily);
    const workflow = WorkflowResponseSchema.parse(created.json).workflow;
    expect(workflow.next_run_at).toBe('2026-11-30T08:00:00.000Z');

    // Not due yet: nothing.
    expect(await Promise.all(schedulers.map((s) => s.sweepNow()))).toEqual([0, 0]);

    clock = new Date('2026-11-30T08:00:20Z');
    const swept = await Promise.all([...schedulers, ...schedulers].map((s) => s.sweepNow()));
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    await waitUntil(async () => (await runsOf(workflow.id))[0]?.status === 'succeeded', {
      timeoutMs: 30_000,
      what: 'the run to settle',
    });
    const [first] = await runsOf(workflow.id);
    expect(first).toMatchObject({
      trigger: 'schedule',
      slot: '2026-11-30T08:00:00.000Z',
      attempts: 1,
      found: 1,
    });

    // Down from Monday 08:00 until Thursday 09:00: the three slots missed are one run, then the next is Friday's.
    clock = new Date('2026-12-03T09:00:00Z');
    const afterDown = await Promise.all(schedulers.map((s) => s.sweepNow()));
    expect(afterDown.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await Promise.all(schedulers.map((s) => s.sweepNow()))).toEqual([0, 0]);
    await waitUntil(async () => (await runsOf(workflow.id)).length === 2, {
      timeoutMs: 30_000,
      what: 'the run to settle',
    });
    await waitUntil(async () => (await runsOf(workflow.id))[0]?.status === 'succeeded', {
      timeoutMs: 30_000,
      what: 'the run to settle',
    });
    expect((await findWorkflow(service.db, ada.userId, workflow.id))?.next_run_at?.toISOString()).toBe(
      '2026-12-04T08:00:00.000Z',
    );
    expect((await runsOf(workflow.id)).map((run) => run.slot)).toEqual([
      '2026-12-01T08:00:00.000Z',
      '2026-11-30T08:00:00.000Z',
    ]);
  });

  it('retries a failing run with back-off, then shows it failed with the reason', async () => {
    clock = new Date('2026-12-10T12:00:00Z');
    const created = await call('POST', '/api/v1/workflows', { ...daily, name: 'Breaks' });
    const workflow = WorkflowResponseSchema.parse(created.json).workflow;
    clock = new Date('2026-12-11T08:00:05Z');
    // The sweep alone (the jobs it would send are this test's to run), then each try by hand.
    // (The first test's workflow is due again too; this test tries only its own workflow's run.)
    expect(await sweepDue(service.db, clock)).toHaveLength(2);
    const runId = (await runsOf(workflow.id))[0]?.id;
    if (runId === undefined) throw new Error('no run was written');
    const broken = deps({
      search: {
        get minAllWordResults(): number {
          throw new Error('the index is away');
        },
      },
    });
    const sent: number[] = [];
    const fakeBoss = {
      send: async () => null,
      sendAfter: async (_queue: string, _data: object, _options: object, seconds: number) => {
        sent.push(seconds);
        return null;
      },
    } as unknown as JobLibrary;
    const settings = { attempts: 3, retryBaseSeconds: 1, now };
    await workRun(fakeBoss, broken, settings, runId);
    expect(await findRun(service.db, runId)).toMatchObject({ status: 'queued', attempts: 1 });
    await workRun(fakeBoss, broken, settings, runId);
    expect(sent).toEqual([1, 2]);
    await workRun(fakeBoss, broken, settings, runId);
    const [shown] = await runsOf(workflow.id);
    expect(shown).toMatchObject({ status: 'failed', attempts: 3 });
    expect(shown?.error).toContain('the index is away');
    expect(shown?.error).toContain('Gave up after 3 tries.');
    // A job delivered again for a finished run does nothing.
    await workRun(fakeBoss, broken, settings, runId);
    expect(await findRun(service.db, runId)).toMatchObject({ status: 'failed', attempts: 3 });
  });
});
