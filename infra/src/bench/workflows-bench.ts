import { loadavg } from 'node:os';
import type { WorkflowBody } from '@trove/contracts';
import { startJobLibrary } from '@trove/service-core';
import { CHAT_DEFAULTS } from '../../../services/search/src/chats/chat-settings';
import { extractDocument } from '../../../services/search/src/extraction';
import {
  indexFiles,
  type SearchTestService,
  startSearchTestService,
} from '../../../services/search/src/testing/search-service';
import { loadCorpus } from './search/corpus';
import { loadCopies } from './search/load';
import { replicateCopies } from './search/replicate';
import { buildRun } from '../../../services/search/src/workflows/workflow-run';
import {
  startWorkflowScheduler,
  sweepDue,
  WORKFLOW_RUN_QUEUE,
} from '../../../services/search/src/workflows/workflow-scheduler';
import { insertWorkflow } from '../../../services/search/src/workflows/workflows.repository';
import {
  WORKFLOW_DEFAULTS,
  type WorkflowDeps,
} from '../../../services/search/src/workflows/workflows.service';

// `npm run bench -- --workflows` (issue 40, "Goals"): USERS users × 3 workflows due in the same minute, run by one
// instance's scheduler (its pg-boss workers), timed from the sweep to the last run finished, with each run's own
// time; then the next slot swept by two instances at once and a slot missed "while down", counting slots run twice
// or not at all; then a workflow's preview over one user's larger corpus of invoices.

const USERS = Number(process.env.BENCH_WORKFLOW_USERS ?? 1_000);
const CORPUS = Number(process.env.BENCH_WORKFLOW_CORPUS ?? 2_000);
const WORKERS = Number(process.env.BENCH_WORKFLOW_WORKERS ?? 4);
const ARCHIVE_COPIES = Number(process.env.BENCH_SEARCH_COPIES ?? 8);
const SLOT = new Date('2026-11-30T08:00:00Z');

const invoice = (n: number) =>
  `Invoice INV-${n} from Vendor ${n % 97}. Total EUR ${(100 + (n % 900)).toFixed(2)} due ${1 + (n % 28)} March 2026.`;

function workflowBody(n: number): WorkflowBody {
  return {
    name: `Workflow ${n}`,
    questions: [['invoice', 'invoice due', 'vendor total'][n % 3] ?? 'invoice'],
    columns: ['date', 'total', 'organisations'],
    sort: { by: 'date', order: 'asc' },
    flag: { when: 'date_before_today' },
    schedule: { every: 'daily', at: '08:00' },
    scope: 'new',
    destinations: [],
    send_empty: true,
    template_id: 'invoice-finder',
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function slotCounts(service: SearchTestService) {
  const rows = await service.db
    .withTables<{ workflow_runs: { workflow_id: string; slot: Date | null } }>()
    .selectFrom('workflow_runs')
    .select(['workflow_id', 'slot'])
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.workflow_id}@${row.slot?.toISOString()}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

async function runTimes(service: SearchTestService) {
  const rows = await service.db
    .withTables<{
      workflow_runs: { status: string; started_at: Date | null; finished_at: Date | null; slot: Date | null };
    }>()
    .selectFrom('workflow_runs')
    .select(['status', 'started_at', 'finished_at'])
    .where('slot', '=', SLOT)
    .execute();
  return rows;
}

export async function runWorkflowsBench(): Promise<void> {
  console.log(
    `\nWorkflows bench (issue 40): load average at start ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
  );
  let clock = new Date(SLOT.getTime() - 60_000);
  const now = () => clock;
  const service = await startSearchTestService({
    jobs: true,
    chats: { now },
    connectTimeoutMs: 30_000,
    maxFiles: 200,
  });
  const boss = service.boss;
  if (boss === undefined) throw new Error('no job library');
  const deps: WorkflowDeps = {
    db: service.db,
    limits: { ...WORKFLOW_DEFAULTS, runsPerHour: 1_000_000 },
    chats: { ...CHAT_DEFAULTS, product: 'Trove', search: { minAllWordResults: 1 } },
  };
  try {
    const started = Date.now();
    const workflowIds: string[] = [];
    for (let u = 0; u < USERS; u += 1) {
      const user = await service.signUp();
      await indexFiles(service, user, [{ name: `invoice-${u}.txt`, text: invoice(u) }], extractDocument);
      for (let w = 0; w < 3; w += 1) {
        const row = await insertWorkflow(service.db, {
          userId: user.userId,
          definition: workflowBody(u * 3 + w),
          nextRunAt: SLOT,
        });
        workflowIds.push(row.id);
      }
    }
    console.log(
      `${USERS} users, ${workflowIds.length} workflows made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const scheduler = await startWorkflowScheduler(boss, deps, {
      attempts: 3,
      retryBaseSeconds: 5,
      workers: WORKERS,
      pollingIntervalSeconds: 0.5,
      cron: false,
      now: () => new Date(),
    });
    clock = new Date(SLOT.getTime() + 1_000);
    const swept = Date.now();
    const written = await sweepDue(service.db, clock);
    for (const runId of written) await boss.send(WORKFLOW_RUN_QUEUE, { runId }, { singletonKey: runId });
    for (;;) {
      const rows = await runTimes(service);
      if (rows.length >= written.length && rows.every((row) => row.finished_at !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const wall = (Date.now() - swept) / 1000;
    const rows = await runTimes(service);
    const times = rows
      .map((row) => (row.finished_at?.getTime() ?? 0) - (row.started_at?.getTime() ?? 0))
      .sort((a, b) => a - b);
    const failed = rows.filter((row) => row.status === 'failed').length;
    await scheduler.stop();

    // The next slot swept by two instances at once, then a slot missed while "down" (two days later).
    const second = await startJobLibrary({ db: service.db, logger: service.logs.logger });
    clock = new Date(SLOT.getTime() + 86_400_000 + 1_000);
    const both = await Promise.all([sweepDue(service.db, clock), sweepDue(service.db, clock)]);
    clock = new Date(SLOT.getTime() + 3 * 86_400_000 + 1_000);
    const afterDown = await Promise.all([sweepDue(service.db, clock), sweepDue(service.db, clock)]);
    await second.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    const counts = await slotCounts(service);
    const twice = [...counts.values()].filter((n) => n > 1).length;
    const expected = workflowIds.length * 3;
    const missed = expected - counts.size;

    // A preview over one user's larger corpus: the search bench's ×8 archive (6,046 SpamAssassin messages
    // uploaded and extracted, then 7 copies written in SQL) and the invoices on top.
    const reader = await service.signUp();
    const archiveAt = Date.now();
    const corpus = loadCorpus();
    const archive = await loadCopies(service.db, service.logs.logger, reader.userId, corpus, [0], 2);
    await replicateCopies(service.db, reader.userId, ARCHIVE_COPIES - 1);
    const archiveSeconds = (Date.now() - archiveAt) / 1000;
    const indexedAt = Date.now();
    for (let at = 0; at < CORPUS; at += 200) {
      const files = Array.from({ length: Math.min(200, CORPUS - at) }, (_, i) => ({
        name: `corpus-${at + i}.txt`,
        text: invoice(at + i),
      }));
      await indexFiles(service, reader, files, extractDocument);
    }
    const indexSeconds = (Date.now() - indexedAt) / 1000;
    const previewTimes: number[] = [];
    for (let round = 0; round < 30; round += 1) {
      const at = performance.now();
      await buildRun(
        service.db,
        { id: workflowIds[0] ?? '', user_id: reader.userId, definition: workflowBody(round) },
        { now: clock, settings: deps.chats },
      );
      previewTimes.push(performance.now() - at);
    }
    previewTimes.sort((a, b) => a - b);

    console.log('\n| figure | measured | goal | met |');
    console.log('|---|---|---|---|');
    console.log(
      `| ${USERS} users × 3 workflows due in one minute, one instance (${WORKERS} run workers): sweep to last run done | ${wall.toFixed(1)} s (${written.length} runs, ${failed} failed) | within the minute | ${wall <= 60 && failed === 0 ? 'met' : 'NOT met'} |`,
    );
    console.log(
      `| one run, p50 / p95 (a user's own small corpus) | ${quantile(times, 0.5)} / ${quantile(times, 0.95)} ms | p95 ≤ 200 ms at ×8 corpus | ${quantile(times, 0.95) <= 200 ? 'met (small corpus)' : 'NOT met'} |`,
    );
    console.log(
      `| slots run twice / missed: next slot swept by two instances at once (${both.flat().length} runs), then one missed while down (${afterDown.flat().length} runs) | ${twice} / ${missed} | 0 / 0 | ${twice === 0 && missed === 0 ? 'met' : 'NOT met'} |`,
    );
    console.log(
      `| a workflow's preview (its run's whole search and table) over ×${ARCHIVE_COPIES} the archive (${(archive.documents * ARCHIVE_COPIES).toLocaleString('en-US')} messages, ${archiveSeconds.toFixed(0)} s to load) and ${CORPUS.toLocaleString('en-US')} invoices (indexed in ${indexSeconds.toFixed(1)} s), p50 / p95 | ${quantile(previewTimes, 0.5).toFixed(0)} / ${quantile(previewTimes, 0.95).toFixed(0)} ms | p50 ≤ 100 ms (and a run's p95 ≤ 200 ms) at ×8 corpus | ${quantile(previewTimes, 0.5) <= 100 && quantile(previewTimes, 0.95) <= 200 ? 'met' : 'NOT met'} |`,
    );
  } finally {
    await service.close();
  }
}
