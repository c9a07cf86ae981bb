import {
  DestinationResponseSchema,
  type WorkflowBody,
  WorkflowListResponseSchema,
  WorkflowPreviewResponseSchema,
  WorkflowResponseSchema,
  WorkflowRunResponseSchema,
  WorkflowRunsResponseSchema,
} from '@trove/contracts';
import { createMailer, createOutboxWorker } from '@trove/service-core';
import { captureLogs, caughtMailTo, Maildev } from '@trove/service-core/testing';
import { testTime, waitUntil } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatDb } from '../chats/chat-tables';
import { startWebhookReceiver, type WebhookReceiver } from '../destinations/testing/webhook-receiver';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// /api/v1/workflows (issue 40 item 6) on a real PostgreSQL, with mail through the outbox to a real maildev and
// posts to a local HTTPS receiver: bad input is a 4xx naming what to fix, the per-user limits hold, Preview ships
// nothing, Run now ships to every destination or none, and each run is kept with where it went.

let service: SearchTestService;
let receiver: WebhookReceiver;
let maildev: Maildev;
let ada: SignedInUser;
let bob: SignedInUser;
let outbox: ReturnType<typeof createOutboxWorker>;
let mailer: ReturnType<typeof createMailer>;

async function call(user: SignedInUser, method: string, path: string, body?: unknown) {
  const res = await service.request(user, path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> };
}

const invoiceFinder = (overrides: Partial<WorkflowBody> = {}): WorkflowBody => ({
  name: 'Invoice finder',
  questions: ['invoice'],
  columns: ['date', 'total', 'organisations'],
  sort: { by: 'date', order: 'asc' },
  flag: { when: 'date_before_today' },
  schedule: { every: 'weekdays', at: '08:00' },
  scope: 'all',
  destinations: [],
  send_empty: false,
  template_id: 'invoice-finder',
  ...overrides,
});

async function created(user: SignedInUser, body: WorkflowBody) {
  const res = await call(user, 'POST', '/api/v1/workflows', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return WorkflowResponseSchema.parse(res.json).workflow;
}

const outboxCount = async () =>
  Number(
    (
      await chatDb(service.db)
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  maildev = await Maildev.start();
  service = await startSearchTestService({
    destinations: { allowedHosts: '127.0.0.1', post: { ca: receiver.ca } },
    workflows: { workflowsPerUser: 4, runsPerHour: 6 },
    // 2026-11-29 noon UTC: the invoice due in March is overdue, the one due in December is not.
    chats: { now: () => new Date('2026-11-29T12:00:00Z') },
  });
  mailer = createMailer({ url: maildev.smtpUrl, from: '"Trove" <no-reply@trove.test>' });
  outbox = createOutboxWorker({
    db: service.db,
    mailer,
    logger: captureLogs().logger,
    pollMs: 60_000,
    retrySeconds: 0,
  });
  ada = await service.signUp();
  bob = await service.signUp();
  await indexFiles(
    service,
    ada,
    [
      {
        name: 'globex.txt',
        text: 'Invoice INV-1 from Globex for consulting. Total €1,000.00 due 3 March 2026.',
      },
      {
        name: 'initech.txt',
        text: 'Invoice INV-2 from Initech for printers. Total €250.50 due 20 December 2026.',
      },
    ],
    extractDocument,
  );
}, testTime(90_000));

afterAll(async () => {
  await outbox?.stop();
  mailer?.close();
  await service?.close();
  await receiver?.close();
  await maildev?.stop();
});

describe('bad input', () => {
  it('refuses a question the syntax rejects, naming the question and the problem', async () => {
    const res = await call(
      ada,
      'POST',
      '/api/v1/workflows',
      invoiceFinder({ questions: ['invoice', 'after:soon'] }),
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('Question 2: after: needs a date like 2024-04-01.');
  });

  it('refuses 31 February and an unknown field', async () => {
    const feb = await call(
      ada,
      'POST',
      '/api/v1/workflows',
      invoiceFinder({ schedule: { every: 'monthly', day: 31, months: [2], at: '09:00' } }),
    );
    expect(feb.status).toBe(400);
    expect(feb.json.error).toContain('31 February never exists');
    const extra = await call(ada, 'POST', '/api/v1/workflows', { ...invoiceFinder(), colour: 'red' });
    expect(extra.status).toBe(400);
    expect(extra.json.error).toContain('Unknown field: colour');
  });

  it('refuses an unknown zone on the profile, naming it', async () => {
    const carol = await service.signUp();
    await service.db
      .insertInto('profiles')
      .values({ user_id: carol.userId, timezone: 'Mars/Olympus_Mons' })
      .execute();
    const res = await call(carol, 'POST', '/api/v1/workflows', invoiceFinder());
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('“Mars/Olympus_Mons” is not a time zone');
  });

  it('refuses a destination that is not the user’s own', async () => {
    const res = await call(
      ada,
      'POST',
      '/api/v1/workflows',
      invoiceFinder({ destinations: [{ kind: 'destination', destination_id: crypto.randomUUID() }] }),
    );
    expect(res.status).toBe(400);
  });

  it('needs the CSRF header to change anything', async () => {
    const res = await service.app.request('/api/v1/workflows', {
      method: 'POST',
      body: JSON.stringify(invoiceFinder()),
      headers: { 'Content-Type': 'application/json', Cookie: ada.cookie },
    });
    expect(res.status).toBe(401);
  });
});

describe('a workflow', () => {
  it('is created with its next slot, listed, changed, paused and resumed, and is no one else’s', async () => {
    const workflow = await created(ada, invoiceFinder());
    // Sunday 29 November at noon: the next weekday 08:00 UTC is Monday's.
    expect(workflow.next_run_at).toBe('2026-11-30T08:00:00.000Z');
    expect(workflow.last_run).toBeNull();

    const list = WorkflowListResponseSchema.parse((await call(ada, 'GET', '/api/v1/workflows')).json);
    expect(list.workflows.map((w) => w.id)).toContain(workflow.id);
    expect((await call(bob, 'GET', `/api/v1/workflows/${workflow.id}`)).status).toBe(404);
    expect((await call(bob, 'DELETE', `/api/v1/workflows/${workflow.id}`)).status).toBe(404);
    expect((await call(ada, 'GET', '/api/v1/workflows/not-an-id')).status).toBe(404);

    const changed = await call(
      ada,
      'PUT',
      `/api/v1/workflows/${workflow.id}`,
      invoiceFinder({ name: 'Invoices weekly', schedule: { every: 'weekly', day: 'fri', at: '16:30' } }),
    );
    expect(changed.status).toBe(200);
    expect(WorkflowResponseSchema.parse(changed.json).workflow).toMatchObject({
      name: 'Invoices weekly',
      next_run_at: '2026-12-04T16:30:00.000Z',
    });

    const paused = await call(ada, 'PATCH', `/api/v1/workflows/${workflow.id}`, { paused: true });
    expect(WorkflowResponseSchema.parse(paused.json).workflow).toMatchObject({
      paused: true,
      next_run_at: null,
    });
    const resumed = await call(ada, 'PATCH', `/api/v1/workflows/${workflow.id}`, { paused: false });
    expect(WorkflowResponseSchema.parse(resumed.json).workflow.next_run_at).toBe('2026-12-04T16:30:00.000Z');

    expect((await call(ada, 'DELETE', `/api/v1/workflows/${workflow.id}`)).status).toBe(204);
    expect((await call(ada, 'GET', `/api/v1/workflows/${workflow.id}`)).status).toBe(404);
  });

  it('stops at WORKFLOWS_PER_USER', async () => {
    const dan = await service.signUp();
    for (let i = 0; i < 4; i += 1) await created(dan, invoiceFinder({ name: `Workflow ${i}` }));
    const fifth = await call(dan, 'POST', '/api/v1/workflows', invoiceFinder());
    expect(fifth.status).toBe(409);
    expect(fifth.json).toMatchObject({ code: 'workflow_limit' });
  });
});

describe('preview and run now', () => {
  it('previews the table with the overdue row first and totals per currency, shipping nothing', async () => {
    const workflow = await created(ada, invoiceFinder({ sort: { by: 'date', order: 'desc' } }));
    const before = await outboxCount();
    const res = await call(ada, 'POST', `/api/v1/workflows/${workflow.id}/preview`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const preview = WorkflowPreviewResponseSchema.parse(res.json);
    expect(preview.found).toBe(2);
    expect(preview.rows.map((row) => [row.cells.date, row.flagged])).toEqual([
      ['2026-03-03', true],
      ['2026-12-20', false],
    ]);
    expect(preview.totals).toEqual([{ currency: 'EUR', text: 'EUR 1,250.50' }]);
    expect(preview.answer.summary[0]?.text).toBe('Totals: EUR 1,250.50 over 2 rows.');
    expect(await outboxCount()).toBe(before);
    expect(
      WorkflowRunsResponseSchema.parse((await call(ada, 'GET', `/api/v1/workflows/${workflow.id}/runs`)).json)
        .runs,
    ).toEqual([]);
  });

  it('runs now: the table arrives by mail and on the destination, and the run keeps each delivery', async () => {
    const hook = `${receiver.origin}/slack/ap?token=wf-s3cr3t`;
    receiver.script('/slack/ap?token=wf-s3cr3t', [{ status: 200 }]);
    const destination = DestinationResponseSchema.parse(
      (await call(ada, 'POST', '/api/v1/destinations', { kind: 'slack', name: '#finance-ap', url: hook }))
        .json,
    ).destination;
    const workflow = await created(
      ada,
      invoiceFinder({
        name: 'AP sweep',
        scope: 'new',
        destinations: [
          { kind: 'email', address: ada.email },
          { kind: 'destination', destination_id: destination.id },
        ],
      }),
    );
    const res = await call(ada, 'POST', `/api/v1/workflows/${workflow.id}/run`);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const { run } = WorkflowRunResponseSchema.parse(res.json);
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', found: 2, new: 2 });
    expect(run.deliveries.map((delivery) => delivery.address).sort()).toEqual(
      ['#finance-ap', ada.email].sort(),
    );

    await outbox.runOnce();
    await waitUntil(async () => (await caughtMailTo(maildev.webUrl, ada.email)).length > 0, {
      timeoutMs: 20_000,
      what: 'the run to settle',
    });
    const [mail] = await caughtMailTo(maildev.webUrl, ada.email);
    expect(mail?.text).toContain('Question: AP sweep: invoice');
    expect(mail?.text).toContain('Totals: EUR 1,250.50 over 2 rows.');
    // The overdue row first, marked.
    expect(mail?.text).toContain('⚑ 2026-03-03');
    expect(mail?.text).not.toContain('⚑ 2026-12-20');
    expect(mail?.text.indexOf('2026-03-03')).toBeLessThan(mail?.text.indexOf('2026-12-20') ?? 0);
    // The table in the workflow's own columns (date, total, organisations): no People column.
    expect(mail?.html).toMatch(
      />Date<\/th><th [^>]*>Total<\/th><th [^>]*>Organisations<\/th><th [^>]*>Source<\/th>/,
    );
    expect(mail?.html).not.toContain('>People</th>');
    await waitUntil(() => receiver.received.some((post) => post.path.startsWith('/slack/ap')), {
      timeoutMs: 20_000,
      what: 'the run to settle',
    });

    await waitUntil(
      async () => {
        const runs = WorkflowRunsResponseSchema.parse(
          (await call(ada, 'GET', `/api/v1/workflows/${workflow.id}/runs`)).json,
        ).runs;
        return runs[0]?.deliveries.every((delivery) => delivery.status === 'sent') === true;
      },
      { timeoutMs: 20_000, what: 'the run to settle' },
    );

    // Nothing new the second time: with send_empty off, nothing is sent and the run says it was empty.
    const again = WorkflowRunResponseSchema.parse(
      (await call(ada, 'POST', `/api/v1/workflows/${workflow.id}/run`)).json,
    ).run;
    expect(again).toMatchObject({ status: 'empty', found: 2, new: 0, deliveries: [] });
    const listed = WorkflowResponseSchema.parse(
      (await call(ada, 'GET', `/api/v1/workflows/${workflow.id}`)).json,
    ).workflow;
    expect(listed.last_run?.status).toBe('empty');

    // A destination removed since: the run fails saying so, and nothing is shipped half (no mail either).
    receiver.script('/slack/gone?token=wf-s3cr3t', [{ status: 200 }]);
    const doomed = DestinationResponseSchema.parse(
      (
        await call(ada, 'POST', '/api/v1/destinations', {
          kind: 'slack',
          name: '#gone',
          url: `${receiver.origin}/slack/gone?token=wf-s3cr3t`,
        })
      ).json,
    ).destination;
    const both = await created(
      ada,
      invoiceFinder({
        name: 'Both',
        destinations: [
          { kind: 'email', address: ada.email },
          { kind: 'destination', destination_id: doomed.id },
        ],
      }),
    );
    expect((await call(ada, 'DELETE', `/api/v1/destinations/${doomed.id}`)).status).toBe(204);
    const mailsBefore = await outboxCount();
    const refused = await call(ada, 'POST', `/api/v1/workflows/${both.id}/run`);
    expect(refused.status).toBe(409);
    expect(String(refused.json.error)).toContain('was removed');
    expect(await outboxCount()).toBe(mailsBefore);
    const failed = WorkflowRunsResponseSchema.parse(
      (await call(ada, 'GET', `/api/v1/workflows/${both.id}/runs`)).json,
    ).runs;
    expect(failed[0]).toMatchObject({ status: 'failed', deliveries: [] });
  });

  it('refuses an address that never confirmed, mailing it the confirmation only', async () => {
    const workflow = await created(
      bob,
      invoiceFinder({
        name: 'To a stranger',
        destinations: [{ kind: 'email', address: 'stranger@example.com' }],
      }),
    );
    await indexFiles(
      service,
      bob,
      [{ name: 'inv.txt', text: 'Invoice INV-9 from Hooli. Total $10.00.' }],
      extractDocument,
    );
    const res = await call(bob, 'POST', `/api/v1/workflows/${workflow.id}/run`);
    expect(res.status).toBe(409);
    expect(String(res.json.error)).toContain('stranger@example.com');
    const runs = WorkflowRunsResponseSchema.parse(
      (await call(bob, 'GET', `/api/v1/workflows/${workflow.id}/runs`)).json,
    ).runs;
    expect(runs[0]).toMatchObject({ status: 'failed', deliveries: [] });
  });

  it('lists every matching row, not only the passages a chat cites', async () => {
    const fay = await service.signUp();
    for (const batch of [0, 4]) {
      await indexFiles(
        service,
        fay,
        [0, 1, 2, 3].map((i) => ({
          name: `inv-${batch + i}.txt`,
          text: `Invoice INV-${batch + i} from Vendor ${batch + i}. Total €${10 + batch + i}.00.`,
        })),
        extractDocument,
      );
    }
    const workflow = await created(fay, invoiceFinder({ name: 'All eight' }));
    const preview = WorkflowPreviewResponseSchema.parse(
      (await call(fay, 'POST', `/api/v1/workflows/${workflow.id}/preview`)).json,
    );
    expect(preview.found).toBe(8);
    expect(preview.rows).toHaveLength(8);
    expect(preview.answer.passages.length).toBeLessThanOrEqual(5);
  });

  it('stops at WORKFLOW_RUNS_PER_HOUR with a 429', async () => {
    const eve = await service.signUp();
    const workflow = await created(eve, invoiceFinder({ send_empty: true }));
    for (let i = 0; i < 6; i += 1) {
      expect((await call(eve, 'POST', `/api/v1/workflows/${workflow.id}/run`)).status).toBe(201);
    }
    const over = await call(eve, 'POST', `/api/v1/workflows/${workflow.id}/run`);
    expect(over.status).toBe(429);
  });
});
