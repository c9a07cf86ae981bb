import { testTime } from '@trove/service-core/testing/time';
import { randomBytes } from 'node:crypto';
import { SourceResponseSchema, SourcesListResponseSchema } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corpusStats,
  extractDocument,
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
  testDb,
} from '../../../infra/src/testing/sources-and-search';
import { type ImapSyncOptions, runImapSync } from './kinds/imap';
import { type Dovecot, startDovecot } from './kinds/imap/testing/dovecot';

// Removing a source (DELETE /api/v1/sources/:id) against a real Dovecot and PostgreSQL: the answer comes at
// once and the source is gone from every route; the source-remove job then takes its documents, identities,
// checkpoints and row out, with the search statistics back where they were; a sync running when the delete
// lands stores nothing more; a removal that fails after one batch is retried and finishes. Syncs are started
// here (no sync workers); the removal worker runs, in batches of 10, with a hook after each batch.

const USERS = ['fast', 'during', 'crash', 'theirs', 'search'].map((name) => ({
  name: `${name}@example.test`,
  password: `app-password-${name}-${randomBytes(4).toString('hex')}`,
}));
const [FAST, DURING, CRASH, THEIRS, SEARCHED] = USERS.map((user) => user.name) as [
  string,
  string,
  string,
  string,
  string,
];

/** What the removal worker does after each batch; set by each test. */
let beforeRemoval: (sourceId: string) => Promise<void> | void = () => {};

let dovecot: Dovecot;
let service: SourcesTestService;

beforeAll(async () => {
  [dovecot, service] = await Promise.all([
    startDovecot({ users: USERS }),
    startSourcesTestService({
      sources: {
        allowedHosts: '127.0.0.1',
        concurrency: 0,
        removal: {
          retryDelaySeconds: 1,
          beforeRemoval: (sourceId) => beforeRemoval(sourceId),
        },
      },
    }),
  ]);
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), dovecot?.stop()]);
});

const passwordOf = (name: string) => USERS.find((candidate) => candidate.name === name)?.password ?? '';

async function call(user: SignedInUser, method: string, path: string, body?: unknown) {
  const res = await service.request(user, `/api/v1/sources${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
}

async function createSource(user: SignedInUser, mailbox: string): Promise<string> {
  const created = await call(user, 'POST', '', {
    kind: 'imap',
    settings: {
      email: mailbox,
      host: dovecot.host,
      port: dovecot.implicitTlsPort,
      security: 'tls',
      username: mailbox,
      pinned_certificate_sha256: dovecot.certificateSha256,
    },
    password: passwordOf(mailbox),
  });
  expect(created.status).toBe(201);
  return SourceResponseSchema.parse(created.json).source.id;
}

/** One sync run, then what it handed over taken into the index. */
async function sync(sourceId: string, options: Partial<ImapSyncOptions> = {}) {
  const deps = service.sources;
  if (deps === undefined) throw new Error('the test service runs without sources');
  const result = await runImapSync(service.db, sourceId, {
    secrets: deps.deps.secrets,
    reach: deps.deps.reach,
    logger: service.logs.logger,
    intervalMinutes: 15,
    ...options,
  });
  await service.search.drainIntake();
  return result;
}

/** What the source still has in the database: its row, documents, identities and folder checkpoints. */
/** What a source has left, counted in one statement so the four figures are one snapshot (the removal job
 * commits between separate reads). */
async function leftOf(sourceId: string) {
  const db = testDb(service.db);
  const count = (table: 'sources' | 'documents' | 'source_messages' | 'source_folders') =>
    db
      .selectFrom(table)
      .select(db.fn.countAll<string>().as('n'))
      .where(table === 'sources' ? 'id' : 'source_id', '=', sourceId);
  const counts = await db
    .selectNoFrom([
      count('sources').as('row'),
      count('documents').as('documents'),
      count('source_messages').as('identities'),
      count('source_folders').as('folders'),
    ])
    .executeTakeFirstOrThrow();
  return {
    row: Number(counts.row),
    documents: Number(counts.documents),
    identities: Number(counts.identities),
    folders: Number(counts.folders),
  };
}

const NOTHING = { row: 0, documents: 0, identities: 0, folders: 0 };

/**
 * Until the removal job has deleted the row and the search service has taken the purge from the intake (polled;
 * each runs when it runs).
 */
async function removed(sourceId: string) {
  await expect
    .poll(
      async () => {
        const left = await leftOf(sourceId);
        return left.row + left.documents;
      },
      { timeout: testTime(30_000), interval: 100 },
    )
    .toBe(0);
  return leftOf(sourceId);
}

async function listed(user: SignedInUser): Promise<string[]> {
  const list = await call(user, 'GET', '');
  return SourcesListResponseSchema.parse(list.json).sources.map((source) => source.id);
}

describe('removing a source', () => {
  it('answers at once and the source leaves every route; the job then takes everything out, statistics too', async () => {
    const user = await service.signUp();
    await dovecot.fillMailbox(FAST, { INBOX: 35, Archive: 10 });
    const sourceId = await createSource(user, FAST);
    expect(await sync(sourceId)).toBe('done');
    const worker = service.worker(extractDocument);
    while (await worker.runOnce()) {
      // Index every message, so the statistics have something to give back.
    }
    const before = await leftOf(sourceId);
    expect(before).toMatchObject({ row: 1, documents: 45, identities: 45 });
    expect(before.folders).toBeGreaterThan(0);
    expect((await corpusStats(service.db, user.userId)).passageCount).toBeGreaterThan(0);

    // The job is held before it removes anything until the routes have been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    beforeRemoval = async (id) => {
      if (id === sourceId) await held;
    };
    try {
      const started = performance.now();
      const answer = await call(user, 'DELETE', `/${sourceId}`);
      const answeredMs = performance.now() - started;
      expect(answer.status).toBe(204);
      // The removal job is held before it removes anything: an answer that waited for it would never come. The
      // bound only keeps a slow machine from passing for a waiting one.
      expect(answeredMs).toBeLessThan(10_000);

      expect(await listed(user)).not.toContain(sourceId);
      for (const [method, path, body] of [
        ['GET', `/${sourceId}`, undefined],
        ['PATCH', `/${sourceId}`, { paused: false }],
        ['PATCH', `/${sourceId}`, { name: 'back again' }],
        ['POST', `/${sourceId}/sync`, undefined],
        ['POST', `/${sourceId}/test`, {}],
        ['DELETE', `/${sourceId}`, undefined],
      ] as const) {
        expect((await call(user, method, path, body)).status, `${method} ${path}`).toBe(404);
      }
      // Still there underneath, being removed, and never synced meanwhile.
      expect((await leftOf(sourceId)).row).toBe(1);
      expect(await sync(sourceId)).toBe('done');
    } finally {
      release();
    }

    expect(await removed(sourceId)).toEqual(NOTHING);
    // The job handed the purge of the source's 45 items to the index, which took them out.
    expect(
      service.logs
        .lines()
        .some(
          (line) =>
            JSON.stringify(line).includes('source removed') &&
            JSON.stringify(line).includes('"documents":45'),
        ),
    ).toBe(true);
    const stats = await corpusStats(service.db, user.userId);
    expect(stats.passageCount).toBe(0);
    expect(stats.terms.size).toBe(0);
    expect(await listed(user)).toEqual([]);
  });

  it('a sync running when the delete lands stores nothing after it', async () => {
    const user = await service.signUp();
    await dovecot.fillMailbox(DURING, { INBOX: 30 });
    const sourceId = await createSource(user, DURING);
    // The removal is held until the sync has returned, so what the sync stored after the mark would show.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    beforeRemoval = async (id) => {
      if (id === sourceId) await held;
    };
    let atDelete: Awaited<ReturnType<typeof leftOf>> | undefined;
    try {
      const result = await sync(sourceId, {
        batchSize: 10,
        afterBatch: async ({ done }) => {
          if (done !== 10) return;
          expect((await call(user, 'DELETE', `/${sourceId}`)).status).toBe(204);
          atDelete = await leftOf(sourceId);
        },
      });
      expect(result).toBe('done');
      // The removal job is held; the first batch's 10 messages are handed over (and indexed, or about to be).
      expect(atDelete?.row).toBe(1);
      expect(atDelete?.identities).toBe(10);
      expect([0, 10]).toContain(atDelete?.documents);
      const afterSync = await leftOf(sourceId);
      // Nothing was added after the mark.
      expect(afterSync.documents).toBe(10);
      expect(afterSync.identities).toBe(10);
      const row = await testDb(service.db)
        .selectFrom('sources')
        .select(['state', 'detail', 'next_sync_at'])
        .where('id', '=', sourceId)
        .executeTakeFirstOrThrow();
      // The sync's end did not write over the mark.
      expect(row).toEqual({ state: 'paused', detail: { removing: true }, next_sync_at: null });
    } finally {
      release();
    }
    expect(await removed(sourceId)).toEqual(NOTHING);
  });

  it('a removal that fails is retried and finishes, with nothing left', async () => {
    const user = await service.signUp();
    await dovecot.fillMailbox(CRASH, { INBOX: 25 });
    const sourceId = await createSource(user, CRASH);
    expect(await sync(sourceId)).toBe('done');
    expect((await leftOf(sourceId)).documents).toBe(25);
    let tries = 0;
    beforeRemoval = (id) => {
      if (id !== sourceId) return;
      tries += 1;
      if (tries === 1) throw new Error('the worker dies before it removes anything');
    };
    expect((await call(user, 'DELETE', `/${sourceId}`)).status).toBe(204);
    expect(await removed(sourceId)).toEqual(NOTHING);
    // The first try died; the retry removed it.
    expect(tries).toBe(2);
    expect(
      service.logs
        .lines()
        .some(
          (line) =>
            JSON.stringify(line).includes('source removal failed') && JSON.stringify(line).includes(sourceId),
        ),
    ).toBe(true);
  });

  it("another user's source is a 404 to DELETE and stays", async () => {
    const owner = await service.signUp();
    const stranger = await service.signUp();
    await dovecot.fillMailbox(THEIRS, { INBOX: 3 });
    const sourceId = await createSource(owner, THEIRS);
    expect((await call(stranger, 'DELETE', `/${sourceId}`)).status).toBe(404);
    expect(await listed(owner)).toEqual([sourceId]);
    expect((await call(owner, 'GET', `/${sourceId}`)).status).toBe(200);
    expect((await leftOf(sourceId)).row).toBe(1);
  });

  it('its messages leave search, its facet and answers at once, before the job has taken them out', async () => {
    const user = await service.signUp();
    // 12 messages that say "quetzal", and an upload that says it too.
    const messages = Array.from({ length: 12 }, (_, index) =>
      Buffer.from(
        `Message-ID: <quetzal-${index}@example.test>\r\nFrom: Ann <ann@example.test>\r\nTo: ${SEARCHED}\r\n` +
          `Subject: Sighting ${index}\r\nDate: Tue, 24 Nov 2026 10:00:00 +0000\r\n\r\n` +
          `A quetzal was seen near the river, number ${index}.\r\n`,
      ),
    );
    await dovecot.addMessages(SEARCHED, 'INBOX', messages);
    const sourceId = await createSource(user, SEARCHED);
    expect(await sync(sourceId)).toBe('done');
    expect((await service.upload(user, [{ name: 'notes.txt', text: 'My own quetzal notes' }])).status).toBe(
      202,
    );
    const worker = service.worker(extractDocument);
    while (await worker.runOnce()) {
      // Index the messages and the upload.
    }
    const search = async () => {
      const res = await service.request(user, '/api/v1/search?q=quetzal&limit=50');
      expect(res.status).toBe(200);
      return (await res.json()) as {
        results: { document: { id: string; name: string } }[];
        facets: { source: { value: string; count: number }[] };
      };
    };
    const before = await search();
    expect(new Set(before.results.map((result) => result.document.id)).size).toBe(13);
    expect(before.facets.source).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: sourceId, count: 12 }),
        expect.objectContaining({ value: 'uploads', count: 1 }),
      ]),
    );

    // The job is held before it removes anything: the source's 12 documents are still stored.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = false;
    beforeRemoval = async (id) => {
      if (id !== sourceId) return;
      reached = true;
      await held;
    };
    try {
      expect((await call(user, 'DELETE', `/${sourceId}`)).status).toBe(204);
      // Out of search at once, whether the job has taken its first batch yet or not.
      const during = await search();
      expect(during.results.map((result) => result.document.name)).toEqual(['notes.txt']);
      expect(during.facets.source).toEqual([expect.objectContaining({ value: 'uploads', count: 1 })]);
      // And while some of its documents are still there underneath.
      await expect.poll(() => reached, { timeout: testTime(30_000), interval: 50 }).toBe(true);
      expect((await leftOf(sourceId)).documents).toBe(12);
      const held2 = await search();
      expect(held2.results.map((result) => result.document.name)).toEqual(['notes.txt']);
      expect(held2.facets.source).toEqual([expect.objectContaining({ value: 'uploads', count: 1 })]);
      // The same candidates feed a chat's answer: search.service's findPassages goes through this statement.
    } finally {
      release();
    }
    expect(await removed(sourceId)).toEqual(NOTHING);
    expect((await search()).results.map((result) => result.document.name)).toEqual(['notes.txt']);
  });
});
