import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DatabasePreviewResultSchema,
  SearchResponseSchema,
  SourceFileResponseSchema,
  SourceResponseSchema,
} from '@trove/contracts';
import { testTime, waitUntil } from '@trove/service-core/testing/time';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SourcesTestService,
  type SignedInUser,
  startSourcesTestService,
} from '../../../../infra/src/testing/sources-and-search';
import { DatabaseError, PAGE_DEFAULTS } from './database-reader';
import { openSandboxedReader } from './reader-sandbox';

// Issue 34: a SQLite file holding a recursive view hung search for every user until a restart. Every read of a
// database source now runs in a child process with a wall clock and a memory cap (reader-sandbox.ts): the
// preview answers with the reason, and another user's search answers all along.

let service: SourcesTestService;
let ada: SignedInUser;
let grace: SignedInUser;
let dir: string;

const RUN_TIMEOUT_MS = 3_000;

/** A file of a few KB whose view never ends (the issue's). */
function recursiveViewFile(): string {
  const path = join(dir, `endless-${Math.random().toString(36).slice(2)}.sqlite`);
  const file = new Sqlite(path);
  file.exec(`create view endless as with recursive c(x) as (select 1 union all select x + 1 from c)
    select x as id, 'b' as body from c;`);
  file.close();
  return path;
}

async function upload(user: SignedInUser, path: string) {
  const form = new FormData();
  form.append('file', new File([readFileSync(path)], 'endless.sqlite', { type: 'application/octet-stream' }));
  const res = await service.request(user, '/api/v1/sources/files', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return SourceFileResponseSchema.parse(await res.json()).file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trove-sandbox-'));
  service = await startSourcesTestService({
    sources: {
      databases: { runner: { timeoutMs: testTime(RUN_TIMEOUT_MS), memoryMb: 256 } },
    },
  });
  [ada, grace] = await Promise.all([service.signUp(), service.signUp()]);
  // Accepted (202): it is searchable once read; a search answers either way, which is all this file asks of it.
  const uploaded = await service.upload(grace, [{ name: 'notes.txt', text: 'the quarterly report is late' }]);
  expect(uploaded.status).toBe(202);
}, testTime(60_000));

afterAll(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a recursive SQLite view', () => {
  it('is stopped at the wall clock, and another user’s search answers meanwhile', async () => {
    const file = await upload(ada, recursiveViewFile());
    const started = Date.now();
    const previewing = service.request(ada, '/api/v1/sources/preview', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'sqlite',
        settings: { file_id: file.id, table: 'endless', id_column: 'id', body_columns: ['body'] },
      }),
    });
    // While the view is read, Grace searches again and again; each answers (the event loop is free).
    let searches = 0;
    let settled = false;
    void previewing.finally(() => {
      settled = true;
    });
    while (!settled) {
      const res = await service.request(grace, '/api/v1/search?q=report');
      expect(res.status).toBe(200);
      SearchResponseSchema.parse(await res.json());
      searches += 1;
    }
    expect(searches).toBeGreaterThan(1);
    const preview = DatabasePreviewResultSchema.parse(await (await previewing).json());
    expect(preview).toMatchObject({ ok: false, problem: 'limit' });
    if (preview.ok) return;
    expect(preview.reason).toMatch(/The SQLite file took longer than \d+ s to read, and was stopped\./);
    expect(Date.now() - started).toBeGreaterThanOrEqual(testTime(RUN_TIMEOUT_MS));
  });

  it('as a saved source: its sync stops with the reason on its card, and search goes on', async () => {
    const file = await upload(ada, recursiveViewFile());
    const created = await service.request(ada, '/api/v1/sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'sqlite',
        settings: { file_id: file.id, table: 'endless', id_column: 'id', body_columns: ['body'] },
      }),
    });
    expect(created.status).toBe(201);
    const { id } = SourceResponseSchema.parse(await created.json()).source;
    const card = await waitUntil(
      async () => {
        const res = await service.request(grace, '/api/v1/search?q=report');
        expect(res.status).toBe(200);
        const source = SourceResponseSchema.parse(
          await (await service.request(ada, `/api/v1/sources/${id}`)).json(),
        ).source;
        return source.status.state === 'needs_attention' ? source.status : undefined;
      },
      { timeoutMs: 60_000, what: 'the sync to stop at the wall clock' },
    );
    expect(card).toMatchObject({ problem: 'limit' });
    expect(JSON.stringify(card)).toMatch(/took longer than \d+ s to read/);
  });
});

describe('the memory cap', () => {
  it('kills a reader whose child passes it, with the reason', async () => {
    const path = join(dir, 'wide.sqlite');
    const file = new Sqlite(path);
    // Each page keeps 100,000 characters of a 300 MB value SQLite builds in the child's own memory (outside
    // V8's heap), so only the resident-memory watch can see it. A child starts at about 100 MB.
    file.exec(`create view wide as with recursive c(x) as (select 1 union all select x + 1 from c where x < 50)
      select x as id, zeroblob(300000000) || x as body from c;`);
    file.close();
    const reader = await openSandboxedReader(
      { kind: 'sqlite', path },
      {
        reach: { allowedHosts: { names: new Set(), ranges: [] } },
        limits: { statementTimeoutMs: 1_000, connectTimeoutMs: 1_000, ...PAGE_DEFAULTS },
        runner: { timeoutMs: testTime(60_000), memoryMb: 192 },
        what: 'The SQLite file',
      },
    );
    try {
      const error = await reader
        .rows(
          { table: 'wide' },
          { keyset: { changedAt: null, id: 'id' }, after: null, limit: 50, columns: ['id', 'body'] },
        )
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatabaseError);
      expect((error as DatabaseError).problem).toBe('limit');
      expect((error as Error).message).toBe(
        'The SQLite file took more than 192 MB of memory to read, and was stopped.',
      );
    } finally {
      await reader.close();
    }
  });
});
