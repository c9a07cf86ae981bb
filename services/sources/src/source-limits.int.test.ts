import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DatabasePreviewResultSchema,
  SOURCE_LIMIT_CODE,
  SourceFileResponseSchema,
  SourceResponseSchema,
  SourcesListResponseSchema,
} from '@trove/contracts';
import { freePort } from '@trove/service-core/testing';
import { testTime, waitUntil } from '@trove/service-core/testing/time';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SourcesTestService,
  type SignedInUser,
  startSourcesTestService,
} from '../../../infra/src/testing/sources-and-search';

// Issue 34 item 6: per-user bounds. At most SOURCES_PER_USER sources (a 409 that says what to do), and at most
// SOURCE_CHECKS_PER_USER tests, previews and SQLite checks running at once (a 429 that says to wait); another
// user is not touched by either.

let service: SourcesTestService;
/** No queue workers: the test runs each sync itself. */
let manual: SourcesTestService;
let ada: SignedInUser;
let grace: SignedInUser;
let deadPort: number;
let dir: string;

async function call(user: SignedInUser, method: string, path: string, body?: unknown) {
  const res = await service.request(user, `/api/v1/sources${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> };
}

const mailbox = (user: SignedInUser, n: number) =>
  call(user, 'POST', '', {
    kind: 'imap',
    settings: {
      email: `box${n}@example.com`,
      host: '127.0.0.1',
      port: deadPort,
      security: 'tls',
      username: `box${n}`,
    },
    password: 'secret',
  });

async function uploadFile(user: SignedInUser, sql: string, on: SourcesTestService = service) {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.sqlite`);
  const file = new Sqlite(path);
  file.exec(sql);
  file.close();
  const form = new FormData();
  form.append('file', new File([readFileSync(path)], 'data.sqlite', { type: 'application/octet-stream' }));
  const res = await on.request(user, '/api/v1/sources/files', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return SourceFileResponseSchema.parse(await res.json()).file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trove-limits-'));
  deadPort = await freePort();
  service = await startSourcesTestService({
    sources: {
      allowedHosts: '127.0.0.1',
      limits: { sourcesPerUser: 2, checksPerUser: 1 },
      databases: { runner: { timeoutMs: testTime(3_000), memoryMb: 256 } },
    },
  });
  [ada, grace] = await Promise.all([service.signUp(), service.signUp()]);
  manual = await startSourcesTestService({
    sources: {
      concurrency: 0,
      limits: { syncsPerUser: 1, documentsPerUser: 7 },
      databases: { batchRows: 5, runner: { timeoutMs: testTime(3_000), memoryMb: 256 } },
    },
  });
}, testTime(60_000));

afterAll(async () => {
  // The mailboxes' own syncs (to a dead port) end before the service's pool does.
  for (const user of [ada, grace]) {
    const listed = SourcesListResponseSchema.parse((await call(user, 'GET', '')).json).sources;
    for (const source of listed) await call(user, 'PATCH', `/${source.id}`, { paused: true });
    await waitUntil(
      async () =>
        SourcesListResponseSchema.parse((await call(user, 'GET', '')).json).sources.every(
          (source) => source.status.state !== 'syncing',
        ),
      { timeoutMs: 30_000, what: 'the sources’ syncs to end' },
    );
  }
  await Promise.all([service?.close(), manual?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('sources per user', () => {
  it('refuses one past the cap with what to do, for that user alone, until one is removed', async () => {
    expect((await mailbox(ada, 1)).status).toBe(201);
    const second = await mailbox(ada, 2);
    expect(second.status).toBe(201);
    const third = await mailbox(ada, 3);
    expect(third.status).toBe(409);
    expect(third.json).toMatchObject({
      code: SOURCE_LIMIT_CODE,
      error:
        'You have 2 sources, the most one account may have. Remove one you no longer need to add another.',
    });
    expect((await mailbox(grace, 1)).status).toBe(201);
    const { id } = SourceResponseSchema.parse(second.json).source;
    expect((await call(ada, 'DELETE', `/${id}`)).status).toBe(204);
    expect((await mailbox(ada, 3)).status).toBe(201);
  });
});

describe('checks running at once', () => {
  it(
    'refuses a second check while one runs, with a 429 to wait; another user’s goes on',
    async () => {
      const endless = await uploadFile(
        ada,
        `create view endless as with recursive c(x) as (select 1 union all select x + 1 from c)
       select x as id, 'b' as body from c;`,
      );
      const small = await uploadFile(
        grace,
        `create table notes (id integer primary key, body text);
      insert into notes values (1, 'hello');`,
      );
      const preview = (user: SignedInUser, fileId: string, table: string) =>
        call(user, 'POST', '/preview', {
          kind: 'sqlite',
          settings: { file_id: fileId, table, id_column: 'id', body_columns: ['body'] },
        });
      // Four at once: one takes her one check until its clock stops it, the others arrive while it runs. (A
      // probe sent after the first one, and awaited, could itself take the check under load and hold it.)
      const pending = Array.from({ length: 4 }, () => preview(ada, endless.id, 'endless'));
      // The first refusal, or (if none came) the end of all four, so a failure reads as one and never hangs.
      const refused = await Promise.race([
        ...pending.map((answer) =>
          answer.then((done) => (done.status === 429 ? done : new Promise<never>(() => {}))),
        ),
        Promise.all(pending).then((all) => all.find((done) => done.status === 429) ?? all[0]),
      ]);
      expect(refused?.json).toMatchObject({ code: 'rate_limited' });
      expect(String(refused?.json.error)).toMatch(/still running\. Try again when it has answered\./);
      expect(Number(refused?.json.retry_after)).toBeGreaterThan(0);
      const others = await preview(grace, small.id, 'notes');
      expect(others.status).toBe(200);
      expect(DatabasePreviewResultSchema.parse(others.json)).toMatchObject({ ok: true });
      const answers = await Promise.all(pending);
      const ran = answers.filter((answer) => answer.status === 200);
      expect(ran).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
      expect(DatabasePreviewResultSchema.parse(ran[0]?.json)).toMatchObject({ ok: false, problem: 'limit' });
      // Her check is back once the first has answered.
      const again = await preview(ada, endless.id, 'endless');
      expect(again.status).toBe(200);
      // A hang guard, not a timing: four reader children start here, each 1–2 s on a quiet machine and up to
      // 18 s on a loaded one, and two previews run into the 3 s clock.
    },
    testTime(180_000),
  );
});

// A hang guard: reader children start in each test, up to 18 s apiece on a loaded machine.
describe('syncs at once per user', { timeout: testTime(180_000) }, () => {
  const ENDLESS = `create view endless as with recursive c(x) as (select 1 union all select x + 1 from c)
    select x as id, 'b' as body from c;`;

  async function endlessSource(user: SignedInUser): Promise<string> {
    const file = await uploadFile(user, ENDLESS, manual);
    const res = await manual.request(user, '/api/v1/sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'sqlite',
        settings: { file_id: file.id, table: 'endless', id_column: 'id', body_columns: ['body'] },
      }),
    });
    expect(res.status).toBe(201);
    return SourceResponseSchema.parse(await res.json()).source.id;
  }

  const stateOf = async (user: SignedInUser, id: string) =>
    SourceResponseSchema.parse(await (await manual.request(user, `/api/v1/sources/${id}`)).json()).source
      .status.state;

  it('runs one of a user’s sources at a time; the other waits its turn, another user’s runs', async () => {
    const [bob, eve] = await Promise.all([manual.signUp(), manual.signUp()]);
    const [first, second, others] = [
      await endlessSource(bob),
      await endlessSource(bob),
      await endlessSource(eve),
    ];
    const sync = (id: string) => manual.sources?.syncNow(id) ?? Promise.reject(new Error('no sources'));
    const running = sync(first);
    await waitUntil(async () => (await stateOf(bob, first)) === 'syncing', {
      timeoutMs: 30_000,
      what: 'the first sync to start',
    });
    expect(await sync(second)).toBe('busy');
    const theirs = sync(others);
    await waitUntil(async () => (await stateOf(eve, others)) === 'syncing', {
      timeoutMs: 30_000,
      what: 'another user’s sync to start beside it',
    });
    expect(await running).toBe('done');
    expect(await theirs).toBe('done');
    // The slot is free again: the second runs (and stops at the clock, like the first).
    expect(await sync(second)).toBe('done');
    expect(await stateOf(bob, second)).toBe('needs_attention');
  });
});

// A hang guard: reader children start in each test, up to 18 s apiece on a loaded machine.
describe('documents per user', { timeout: testTime(180_000) }, () => {
  it('stops a sync before the batch that would pass them, and says why', async () => {
    const joan = await manual.signUp();
    const file = await uploadFile(
      joan,
      `create table notes (id integer primary key, body text);
       with recursive c(x) as (select 1 union all select x + 1 from c where x < 10)
       insert into notes select x, 'note number ' || x from c;`,
      manual,
    );
    const res = await manual.request(joan, '/api/v1/sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'sqlite',
        settings: { file_id: file.id, table: 'notes', id_column: 'id', body_columns: ['body'] },
      }),
    });
    expect(res.status).toBe(201);
    const { id } = SourceResponseSchema.parse(await res.json()).source;
    expect(await manual.sources?.syncNow(id)).toBe('done');
    const source = SourceResponseSchema.parse(
      await (await manual.request(joan, `/api/v1/sources/${id}`)).json(),
    ).source;
    // Batches of 5: the first is stored (5 of 7), the second (10) would pass the bound and is not.
    expect(source.documents).toBe(5);
    expect(source.status).toMatchObject({
      state: 'needs_attention',
      problem: 'limit',
      reason: expect.stringMatching(/^Your sources hold 7 documents, the most one account keeps\./),
    });
  });
});
