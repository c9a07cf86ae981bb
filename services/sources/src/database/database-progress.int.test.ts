import { testTime } from '@trove/service-core/testing/time';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Source,
  SourceFileResponseSchema,
  SourceResponseSchema,
  type SourceStatus,
} from '@trove/contracts';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
} from '../../../../infra/src/testing/sources-and-search';
import {
  SEED_INVOICES,
  SEED_TICKETS,
  type SourceServer,
  startMariadb,
  startPostgresSource,
} from './testing/source-databases';

// Progress people can read for database sources (issue 34 item 7; docs/decisions/218): while a source syncs, its
// `GET /api/v1/sources/:id` says the rows done of the rows known — counted on the real server before the first
// batch, only those after the checkpoint on a delta sync — with the rate and the time left, as a mailbox's does.

let postgres: SourceServer;
let mariadb: SourceServer;
let service: SourcesTestService;
let ada: SignedInUser;
let sqliteDir: string;
/** The source whose card each stored batch reads, and what it read. */
let watched: string | undefined;
const seen: SourceStatus[] = [];

async function call(method: string, path: string, body?: unknown) {
  const res = await service.request(ada, `/api/v1/sources${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
}

async function createSource(body: Record<string, unknown>): Promise<Source> {
  const created = await call('POST', '', body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return SourceResponseSchema.parse(created.json).source;
}

/** One sync run now; answers the card as each batch left it. */
async function syncWatched(sourceId: string): Promise<SourceStatus[]> {
  watched = sourceId;
  seen.length = 0;
  await expect.poll(() => service.sources?.syncNow(sourceId), { timeout: testTime(30_000) }).toBe('done');
  watched = undefined;
  return [...seen];
}

const connection = (server: SourceServer) => ({
  host: server.host,
  port: server.port,
  database: server.database,
  user: server.reader.user,
  tls: 'disable',
});

beforeAll(async () => {
  [postgres, mariadb, service] = await Promise.all([
    startPostgresSource(),
    startMariadb(),
    startSourcesTestService({
      sources: {
        allowedHosts: '127.0.0.1',
        // No queue: each sync is the test's own run, so every card read is of it.
        concurrency: 0,
        databases: { batchRows: 5 },
        sync: {
          afterBatch: async () => {
            if (watched === undefined) return;
            const read = await call('GET', `/${watched}`);
            seen.push(SourceResponseSchema.parse(read.json).source.status);
          },
        },
      },
    }),
  ]);
  ada = await service.signUp();
  sqliteDir = mkdtempSync(join(tmpdir(), 'trove-progress-test-'));
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), postgres?.stop(), mariadb?.stop()]);
  if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
});

describe('a database source’s card while it syncs', () => {
  it('PostgreSQL: rows done of the rows counted, batch by batch; a delta sync counts only the changed rows', async () => {
    const source = await createSource({
      kind: 'postgres',
      name: 'Billing',
      settings: {
        ...connection(postgres),
        table: 'invoices',
        id_column: 'id',
        title_column: 'number',
        body_columns: ['customer', 'notes'],
        changed_at_column: 'updated_at',
      },
      password: postgres.reader.password,
    });
    const first = await syncWatched(source.id);
    expect(first.map((status) => status.state === 'syncing' && [status.done, status.total])).toEqual([
      [5, SEED_INVOICES],
      [10, SEED_INVOICES],
      [SEED_INVOICES, SEED_INVOICES],
    ]);
    expect(first[0]).toMatchObject({ state: 'syncing', stuck_since: null, started_at: expect.any(String) });

    await postgres.exec(`update invoices set updated_at = '2026-12-02 08:00:00' where id in (3, 8)`);
    const second = await syncWatched(source.id);
    expect(second.map((status) => status.state === 'syncing' && [status.done, status.total])).toEqual([
      [2, 2],
    ]);
  });

  it('MariaDB: a full scan counts every row', async () => {
    const source = await createSource({
      kind: 'mysql',
      settings: {
        ...connection(mariadb),
        table: 'tickets',
        id_column: 'id',
        title_column: 'subject',
        body_columns: ['body'],
        changed_at_column: null,
      },
      password: mariadb.reader.password,
    });
    const statuses = await syncWatched(source.id);
    expect(statuses.map((status) => status.state === 'syncing' && [status.done, status.total])).toEqual([
      [5, SEED_TICKETS],
      [SEED_TICKETS, SEED_TICKETS],
    ]);
  });

  it('SQLite: a query’s rows are counted too', async () => {
    const path = join(sqliteDir, 'notes.db');
    const file = new Sqlite(path);
    file.exec('create table notes (id integer primary key, body text)');
    const insert = file.prepare('insert into notes values (?, ?)');
    for (let id = 1; id <= 7; id++) insert.run(id, `note ${id}`);
    file.close();
    const form = new FormData();
    form.append(
      'file',
      new File([readFileSync(path) as Uint8Array<ArrayBuffer>], 'notes.db', {
        type: 'application/octet-stream',
      }),
    );
    const res = await service.request(ada, '/api/v1/sources/files', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const { file: stored } = SourceFileResponseSchema.parse(await res.json());
    const source = await createSource({
      kind: 'sqlite',
      settings: {
        file_id: stored.id,
        query: 'select id, body from notes where id > 1',
        id_column: 'id',
        title_column: null,
        body_columns: ['body'],
      },
    });
    const statuses = await syncWatched(source.id);
    expect(statuses.map((status) => status.state === 'syncing' && [status.done, status.total])).toEqual([
      [5, 6],
      [6, 6],
    ]);
  });
});
