import { testTime } from '@trove/service-core/testing/time';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DatabasePreviewResult,
  DatabasePreviewResultSchema,
  type Source,
  SourceFileResponseSchema,
  SourceResponseSchema,
  SearchResponseSchema,
} from '@trove/contracts';
import { parseAllowedHosts } from '@trove/service-core';
import { freePort } from '@trove/service-core/testing';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError, openServerReader, PAGE_DEFAULTS } from './database-reader';
import {
  corpusStats,
  emptyList,
  syncAndIndex as syncSourceAndIndex,
  listsOfUser,
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

// Database sources against real servers (issue 22): PostgreSQL (the tests' server, a seeded database of its
// own), MariaDB (started for this run) and SQLite files. Preview, create, first sync, delta sync with equal
// timestamps, the deletion scan, full scans, read-only enforcement by the parser and by the server, the bad
// input the issue lists, search with source:, and removal.

let postgres: SourceServer;
let mariadb: SourceServer;
let service: SourcesTestService;
/** No SOURCE_ALLOWED_HOSTS: loopback is refused. */
let guarded: SourcesTestService;
let ada: SignedInUser;
let sqliteDir: string;

async function call(
  on: SourcesTestService,
  user: SignedInUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await on.request(user, `/api/v1/sources${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? null : JSON.parse(text) };
}

const connection = (server: SourceServer, who: 'reader' | 'writer' = 'reader') => ({
  host: server.host,
  port: server.port,
  database: server.database,
  user: server[who].user,
  tls: 'disable',
});

async function preview(
  kind: 'postgres' | 'mysql',
  server: SourceServer,
  settings: Record<string, unknown>,
  options: { who?: 'reader' | 'writer'; password?: string; on?: SourcesTestService } = {},
): Promise<DatabasePreviewResult> {
  const who = options.who ?? 'reader';
  const on = options.on ?? service;
  const user = on === service ? ada : await on.signUp();
  const answer = await call(on, user, 'POST', '/preview', {
    kind,
    settings: { ...connection(server, who), ...settings },
    password: options.password ?? server[who].password,
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return DatabasePreviewResultSchema.parse(answer.json);
}

const failed = (result: DatabasePreviewResult) => {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
};
const passed = (result: DatabasePreviewResult) => {
  if (!result.ok) throw new Error(`expected rows, got ${JSON.stringify(result)}`);
  return result;
};

async function readSource(id: string, user: SignedInUser = ada): Promise<Source> {
  const read = await call(service, user, 'GET', `/${id}`);
  expect(read.status).toBe(200);
  return SourceResponseSchema.parse(read.json).source;
}

async function createSource(body: Record<string, unknown>): Promise<Source> {
  const created = await call(service, ada, 'POST', '', body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return SourceResponseSchema.parse(created.json).source;
}

/**
 * One sync run now (outside the queue; again while the queue's own run holds the source), then every queued
 * extraction job, so the rows are searchable.
 */
async function syncAndIndex(sourceId: string): Promise<Source> {
  return syncSourceAndIndex(service, sourceId, () => readSource(sourceId));
}

/** One sync run now and nothing else: no extraction job is run. */
async function syncOnly(sourceId: string, user: SignedInUser = ada): Promise<Source> {
  await expect.poll(() => service.sources?.syncNow(sourceId), { timeout: testTime(30_000) }).toBe('done');
  return readSource(sourceId, user);
}

/** The source's documents that wait for an extraction job. */
const queuedJobs = async (sourceId: string) =>
  Number(
    (
      await sql<{ n: string }>`
        select count(*) as n from search_jobs j join documents d on d.id = j.document_id
        where d.source_id = ${sourceId}`.execute(service.db)
    ).rows[0]?.n,
  );

/**
 * The user's BM25 statistics against what the index holds: the passage count and total length, and every
 * term's document frequency, are those of the passages and postings there.
 */
async function expectStatisticsExact(userId: string): Promise<void> {
  const counted = await sql<{ passages: string; length: string }>`
    select (select count(*) from passages where user_id = ${userId}) as passages,
           (select coalesce(sum(length), 0) from passages where user_id = ${userId}) as length`.execute(
    service.db,
  );
  const stored = (await corpusStats(service.db, userId)).terms;
  // Every posting the lists hold is a passage there is, and every passage is in some list.
  const lists = await listsOfUser(service.db, userId);
  const passageIds = await sql<{
    id: string;
  }>`select id::text from passages where user_id = ${userId}`.execute(service.db);
  const listed = emptyList();
  for (const list of lists.values()) listed.ids.push(...list.ids);
  expect(new Set(listed.ids.map(String))).toEqual(new Set(passageIds.rows.map((p) => p.id)));
  const kept = await sql<{ passage_count: string; total_length: string }>`
    select passage_count, total_length from search_corpus_stats where user_id = ${userId}`.execute(
    service.db,
  );
  const row = counted.rows[0];
  expect(row).toBeDefined();
  expect(Number(kept.rows[0]?.passage_count ?? 0)).toBe(Number(row?.passages));
  expect(Number(kept.rows[0]?.total_length ?? 0)).toBe(Number(row?.length));
  expect([...stored.values()].reduce((sum, df) => sum + df, 0)).toBe(listed.ids.length);
}

const rowsOf = async (sourceId: string) =>
  (
    await sql<{ item_key: string; folder: string; name: string; title: string | null; status: string }>`
      select m.item_key, m.folder, d.name, d.title, d.status from source_documents m
      join documents d on d.id = m.document_id where m.source_id = ${sourceId} order by m.item_key`.execute(
      service.db,
    )
  ).rows;

async function search(q: string) {
  const res = await service.request(ada, `/api/v1/search?q=${encodeURIComponent(q)}`);
  if (res.status !== 200) console.log(JSON.stringify(service.logs.lines().slice(-3)));
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(await res.json()).results;
}

beforeAll(async () => {
  [postgres, mariadb, service, guarded] = await Promise.all([
    startPostgresSource(),
    startMariadb(),
    // Batches of 5 rows: the seeded invoices share changed-at values across batch edges. Every sync compares
    // ids (the deletion scan), so the test need not wait out SOURCE_DB_ID_SCAN_MINUTES.
    startSourcesTestService({
      sources: { allowedHosts: '127.0.0.1', databases: { batchRows: 5, idScanMinutes: 0 } },
    }),
    startSourcesTestService({ sources: {} }),
  ]);
  ada = await service.signUp();
  sqliteDir = mkdtempSync(join(tmpdir(), 'trove-sqlite-test-'));
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), guarded?.close(), postgres?.stop(), mariadb?.stop()]);
  if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
});

describe('preview', () => {
  it('without a table lists the tables and views (the connection test)', async () => {
    const result = passed(await preview('postgres', postgres, {}));
    expect(result.tables).toEqual(
      expect.arrayContaining([
        { name: 'invoices', kind: 'table' },
        { name: 'tickets', kind: 'table' },
        { name: 'open_tickets', kind: 'view' },
      ]),
    );
    expect(result.rows).toEqual([]);
  });

  it('a table: its columns, a suggested mapping and the first 5 rows as they will be indexed', async () => {
    const result = passed(await preview('postgres', postgres, { table: 'invoices' }));
    expect(result.columns.map((column) => [column.name, column.kind])).toEqual([
      ['id', 'number'],
      ['number', 'text'],
      ['customer', 'text'],
      ['total', 'number'],
      ['currency', 'text'],
      ['issued_on', 'date'],
      ['notes', 'text'],
      ['scan', 'binary'],
      ['updated_at', 'date'],
    ]);
    expect(result.mapping).toMatchObject({
      table: 'invoices',
      id_column: 'id',
      title_column: 'number',
      changed_at_column: 'updated_at',
    });
    expect(result.mapping?.body_columns).not.toContain('scan');
    expect(result.rows).toHaveLength(5);
    expect(result.rows[0]).toMatchObject({ id: '1', title: 'INV-2026-001' });
    expect(result.rows[0]?.body).toContain('Customer: Globex GmbH');
    expect(result.rows[0]?.body).toContain('Total: 137.50');
  });

  it('a binary body column is described by its size, not indexed', async () => {
    const result = passed(
      await preview('postgres', postgres, {
        table: 'invoices',
        id_column: 'id',
        body_columns: ['customer', 'scan'],
      }),
    );
    expect(result.rows[0]?.body).toContain('Scan: [binary, 2.0 KB]');
    expect(result.notes.join(' ')).toMatch(/scan holds binary data/);
  });

  it('refuses a query that writes or locks, by the parser, before connecting', async () => {
    for (const query of [
      'DELETE FROM invoices',
      'SELECT * FROM invoices FOR UPDATE',
      'WITH x AS (INSERT INTO tickets (id, body, updated_at) VALUES (99, $$x$$, now()) RETURNING *) SELECT * FROM x',
      'SELECT 1 AS id, 2 AS body; DROP TABLE invoices',
      'SELECT * INTO copy FROM invoices',
    ]) {
      const result = failed(
        await preview('postgres', postgres, { query, id_column: 'id', body_columns: ['body'] }),
      );
      expect(result.problem, query).toBe('query');
      expect(result.action).toMatch(/one SELECT/);
    }
    expect((await postgres.exec('select count(*)::int as n from tickets'))[0]).toEqual({ n: SEED_TICKETS });
  });

  it('a query that hides a write in a function is refused: no such function is among the read-only built-ins', async () => {
    // The writer may write; the check refuses the call before connecting (docs/decisions/085-read-only-for-real.md).
    // That the servers refuse it too, past the check, is bounded-reads.int.test.ts's (each read READ ONLY).
    const pg = failed(
      await preview(
        'postgres',
        postgres,
        {
          query: "select nextval('invoice_numbers') as id, 'x' as body",
          id_column: 'id',
          body_columns: ['body'],
        },
        { who: 'writer' },
      ),
    );
    expect(pg.problem).toBe('query');
    expect(pg.reason).toMatch(/read-only/);
    // MariaDB: a stored function that inserts, called from a SELECT.
    const maria = failed(
      await preview(
        'mysql',
        mariadb,
        { query: "select bump_audit() as id, 'x' as body", id_column: 'id', body_columns: ['body'] },
        { who: 'writer' },
      ),
    );
    expect(maria.problem).toBe('query');
    expect(maria.reason).toMatch(/READ ONLY|read.only/i);
    expect(await mariadb.exec('select count(*) as n from audit_log')).toEqual([{ n: 0 }]);
  });

  it('names each connection problem: wrong password, no TLS, unreachable, refused host, no such table or column', async () => {
    const wrong = failed(await preview('mysql', mariadb, { table: 'invoices' }, { password: 'not-it' }));
    expect(wrong.problem).toBe('auth');
    expect(wrong.reason).toMatch(/refused the user or password/);

    // This run's MariaDB speaks no TLS (database-tls.int.test.ts has servers that do).
    const noTls = failed(await preview('mysql', mariadb, { table: 'invoices', tls: 'require' }));
    expect(noTls.problem).toBe('tls');
    expect(noTls.reason).toMatch(/does not offer TLS/);

    const closed = await freePort();
    const unreachable = failed(await preview('mysql', { ...mariadb, port: closed }, {}));
    expect(unreachable.problem).toBe('tcp');

    const refused = failed(await preview('postgres', postgres, {}, { on: guarded }));
    expect(refused.problem).toBe('refused');
    expect(refused.action).toMatch(/SOURCE_ALLOWED_HOSTS/);

    const table = failed(await preview('postgres', postgres, { table: 'invoicez' }));
    expect(table.problem).toBe('table');
    const mysqlTable = failed(await preview('mysql', mariadb, { table: 'invoicez' }));
    expect(mysqlTable.problem).toBe('table');

    const column = failed(
      await preview('postgres', postgres, { table: 'invoices', id_column: 'id', body_columns: ['amount'] }),
    );
    expect(column.problem).toBe('column');
    expect(column.reason).toMatch(/“amount”/);
  });

  it('every statement is bounded by the statement timeout, and a batch by the row cap', async () => {
    const reach = { allowedHosts: parseAllowedHosts('127.0.0.1') };
    const limits = { statementTimeoutMs: 300, connectTimeoutMs: 5_000, ...PAGE_DEFAULTS };
    for (const [kind, server, query] of [
      ['postgres', postgres, 'select 1 as id, pg_sleep(5)::text as body'],
      ['mysql', mariadb, 'select 1 as id, sleep(5) as body'],
    ] as const) {
      const reader = await openServerReader(
        kind,
        { ...connection(server), tls: 'disable' },
        server.reader.password,
        reach,
        limits,
      );
      try {
        const error = await reader
          .rows(
            { query },
            { keyset: { changedAt: null, id: 'id' }, after: null, limit: 10, columns: ['id', 'body'] },
          )
          .catch((caught) => caught);
        expect(error, kind).toBeInstanceOf(DatabaseError);
        expect((error as DatabaseError).problem, `${kind}: ${(error as Error).message}`).toBe('timeout');
        const page = await reader.rows(
          { table: 'invoices' },
          { keyset: { changedAt: 'updated_at', id: 'id' }, after: null, limit: 4, columns: ['id', 'notes'] },
        );
        expect(page.rows).toHaveLength(4);
        expect(page.more).toBe(true);
      } finally {
        await reader.close();
      }
    }
  });

  it('a source on a refused host is not saved', async () => {
    const user = await guarded.signUp();
    const created = await call(guarded, user, 'POST', '', {
      kind: 'postgres',
      settings: { ...connection(postgres), table: 'invoices', id_column: 'id', body_columns: ['customer'] },
      password: postgres.reader.password,
    });
    expect(created.status).toBe(400);
    expect(created.json).toMatchObject({ code: 'host_refused' });
  });
});

describe('a PostgreSQL table, synced', () => {
  let source: Source;

  it('first sync: one document per row, titled by its title column, found with source:', async () => {
    source = await createSource({
      kind: 'postgres',
      name: 'Billing',
      settings: {
        ...connection(postgres),
        table: 'invoices',
        id_column: 'id',
        title_column: 'number',
        body_columns: ['customer', 'total', 'currency', 'issued_on', 'notes'],
        changed_at_column: 'updated_at',
      },
      password: postgres.reader.password,
    });
    expect(source.kind === 'postgres' && source.sync.mode).toBe('delta');
    // The sync indexes its rows itself (docs/decisions/061): searchable when it is done, no job queued.
    const synced = await syncOnly(source.id);
    expect(synced.status.state).toBe('up_to_date');
    expect(await queuedJobs(source.id)).toBe(0);
    const rows = await rowsOf(source.id);
    expect(rows).toHaveLength(SEED_INVOICES);
    expect(rows.every((row) => row.folder === 'invoices' && row.status === 'indexed')).toBe(true);
    await expectStatisticsExact(ada.userId);
    expect(rows.find((row) => row.item_key === '7')).toMatchObject({
      name: 'invoices #7',
      title: 'INV-2026-007',
    });

    const found = await search('consulting source:Billing');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.document.source).toEqual({ name: 'Billing', folder: 'invoices', kind: 'postgres' });
    expect((await search('consulting source:uploads')).length).toBe(0);
    // Facts as for any document: the issue date, the people named in the notes.
    const invoice = (await search('Globex consulting'))[0];
    expect(invoice?.facts.dates?.map((date) => date.iso)).toContain('2026-02-11');
  });

  it('a second sync with nothing changed stores nothing', async () => {
    const before = await rowsOf(source.id);
    await syncAndIndex(source.id);
    expect(await rowsOf(source.id)).toEqual(before);
  });

  it('delta: changed rows (sharing one new timestamp) replace their documents, a new row is added, none twice', async () => {
    await postgres.exec(
      `update invoices set customer = 'Umbrella Holdings', updated_at = '2026-12-01 08:00:00' where id in (2, 9)`,
    );
    await postgres.exec(
      `insert into invoices (id, number, customer, total, currency, issued_on, notes, updated_at)
       values (13, 'INV-2026-013', 'Wayne Enterprises', 99.00, 'EUR', '2026-11-30', 'Late addition', '2026-12-01 08:00:00')`,
    );
    await syncOnly(source.id);
    const rows = await rowsOf(source.id);
    expect(rows).toHaveLength(SEED_INVOICES + 1);
    expect(new Set(rows.map((row) => row.item_key)).size).toBe(rows.length);
    // The replaced documents' passages left the index and its statistics with them.
    await expectStatisticsExact(ada.userId);
    const umbrella = await search('Umbrella source:Billing');
    expect(umbrella.map((hit) => hit.document.name).sort()).toEqual(['invoices #2', 'invoices #9']);
    expect((await search('Wayne')).map((hit) => hit.document.name)).toEqual(['invoices #13']);
  });

  it('the id scan finds deleted rows and takes their documents out of search', async () => {
    await postgres.exec('delete from invoices where id = 13');
    await syncAndIndex(source.id);
    expect((await rowsOf(source.id)).map((row) => row.item_key)).not.toContain('13');
    expect(await search('Wayne')).toEqual([]);
  });

  it('a 10 MB text cell is cut with a note, the row still indexed', async () => {
    await postgres.exec(
      `update invoices set notes = repeat('overdue reminder ', 620000), updated_at = '2026-12-02 08:00:00' where id = 5`,
    );
    // Too large to extract on the service's loop: this row alone goes to the extraction job.
    expect((await syncOnly(source.id)).status.state).toBe('up_to_date');
    expect(await queuedJobs(source.id)).toBe(1);
    expect(
      (await rowsOf(source.id)).filter((row) => row.status !== 'indexed').map((row) => row.item_key),
    ).toEqual(['5']);
    const synced = await syncAndIndex(source.id);
    expect(synced.status.state).toBe('up_to_date');
    expect(await queuedJobs(source.id)).toBe(0);
    const original = await sql<{ size: number }>`
      select d.size_bytes::int as size from documents d join source_documents m on m.document_id = d.id
      where m.source_id = ${source.id} and m.item_key = '5'`.execute(service.db);
    expect(original.rows[0]?.size).toBeLessThan(200_000);
    const hit = await search('overdue reminder');
    expect(hit[0]?.document.name).toBe('invoices #5');
  });

  it('a saved source previews with unsaved changes; PATCH checks the merged settings against its kind', async () => {
    const saved = await call(service, ada, 'POST', `/${source.id}/preview`, {
      settings: { body_columns: ['customer'] },
    });
    expect(saved.status).toBe(200);
    const result = passed(DatabasePreviewResultSchema.parse(saved.json));
    expect(result.rows[0]?.fields.map((field) => field.column)).toEqual(['customer']);
    expect(result.mapping?.body_columns).toEqual(['customer']);

    const test = await call(service, ada, 'POST', `/${source.id}/test`, {});
    expect(test.status).toBe(400);
    expect(test.json).toMatchObject({ code: 'use_preview' });

    const imapField = await call(service, ada, 'PATCH', `/${source.id}`, { settings: { security: 'tls' } });
    expect(imapField.status).toBe(400);
    const both = await call(service, ada, 'PATCH', `/${source.id}`, { settings: { query: 'select 1' } });
    expect(both.status).toBe(400);

    const renamed = await call(service, ada, 'PATCH', `/${source.id}`, { name: 'Billing' });
    expect(renamed.status).toBe(200);
    const other = await service.signUp();
    expect((await call(service, other, 'POST', `/${source.id}/preview`, {})).status).toBe(404);
  });

  it('removal takes every document, identity and checkpoint with it', async () => {
    const removed = await call(service, ada, 'DELETE', `/${source.id}`);
    expect(removed.status).toBe(204);
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`
              select (select count(*)::int from documents where source_id = ${source.id})
                   + (select count(*)::int from source_messages where source_id = ${source.id})
                   + (select count(*)::int from source_cursors where source_id = ${source.id})
                   + (select count(*)::int from sources where id = ${source.id}) as n`.execute(service.db)
          ).rows[0]?.n,
        { timeout: testTime(30_000) },
      )
      .toBe(0);
    expect(await search('consulting')).toEqual([]);
  });
});

describe('a batch is handed over, then taken and indexed, in one transaction each', () => {
  it('a failure while the index takes the intake leaves none of its rows there; the next take applies them once', async () => {
    const grace = await service.signUp();
    const created = await call(service, grace, 'POST', '', {
      kind: 'postgres',
      name: 'Helpdesk',
      settings: {
        ...connection(postgres),
        table: 'tickets',
        id_column: 'id',
        title_column: 'subject',
        body_columns: ['body'],
        changed_at_column: 'updated_at',
      },
      password: postgres.reader.password,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const source = SourceResponseSchema.parse(created.json).source;
    // Batches of 5: tickets 1–5, then 6, whose passage ("error E60") the index refuses — a failure in the
    // middle of the take's write, after its documents were inserted.
    await sql`
      create function refuse_e60() returns trigger language plpgsql as $$
      begin
        if new.body like '%E60%' then raise exception 'the disk is full (test)'; end if;
        return new;
      end $$`.execute(service.db);
    await sql`create trigger refuse_e60 before insert on passages for each row execute function refuse_e60()`.execute(
      service.db,
    );
    // The sync hands every batch to the intake and is up to date: reading the source went well.
    await expect.poll(() => service.sources.syncOnly(source.id), { timeout: testTime(30_000) }).toBe('done');
    const handed = await readSource(source.id, grace);
    expect(handed.status.state).toBe('up_to_date');
    const cursor = await sql<{ row_id: string }>`
      select row_id from source_cursors where source_id = ${source.id}`.execute(service.db);
    expect(cursor.rows[0]?.row_id).toBe('6');
    // The index refuses ticket 6's passage while it takes the intake: the whole take rolls back.
    try {
      await expect(service.search.drainIntake()).rejects.toThrow(/the disk is full \(test\)/);
    } finally {
      await sql`drop trigger refuse_e60 on passages`.execute(service.db);
      await sql`drop function refuse_e60()`.execute(service.db);
    }
    // The take that held ticket 6 stored none of its rows: they all still wait in the intake. (The queue's own
    // sync of the new source may have handed tickets 1–5 over, and a take applied them, before the trigger.)
    const documents = await sql<{ n: number }>`
      select count(*)::int as n from documents where source_id = ${source.id}`.execute(service.db);
    const waiting = await sql<{ n: number }>`
      select count(*)::int as n from source_intake where source_id = ${source.id}`.execute(service.db);
    expect([0, 5]).toContain(documents.rows[0]?.n);
    expect((documents.rows[0]?.n ?? 0) + (waiting.rows[0]?.n ?? 0)).toBe(6);
    expect((await rowsOf(source.id)).map((row) => row.item_key)).not.toContain('6');
    await expectStatisticsExact(grace.userId);

    // The next take applies it, once.
    await service.search.drainIntake();
    const rows = await rowsOf(source.id);
    expect(rows.map((row) => [row.item_key, row.status])).toEqual(
      ['1', '2', '3', '4', '5', '6'].map((id) => [id, 'indexed']),
    );
    expect(await queuedJobs(source.id)).toBe(0);
    await expectStatisticsExact(grace.userId);
    const found = await service.request(grace, '/api/v1/search?q=E60');
    const results = SearchResponseSchema.parse(await found.json()).results;
    expect(results.map((hit) => [hit.document.name, hit.document.source])).toEqual([
      ['tickets #6', { name: 'Helpdesk', folder: 'tickets', kind: 'postgres' }],
    ]);
  });
});

describe('full scans, a query, MariaDB and SQLite', () => {
  it('a table without a changed-at column: full scans, the status says so; NULL titles fall back', async () => {
    const source = await createSource({
      kind: 'postgres',
      settings: {
        ...connection(postgres),
        table: 'tickets',
        id_column: 'id',
        title_column: 'subject',
        body_columns: ['body'],
      },
      password: postgres.reader.password,
    });
    expect(source.name).toBe('tickets');
    if (source.kind !== 'postgres') throw new Error('a postgres source');
    expect(source.sync).toMatchObject({ mode: 'full' });
    expect(source.sync.note).toMatch(/every sync reads all rows/);
    await syncAndIndex(source.id);
    const rows = await rowsOf(source.id);
    expect(rows).toHaveLength(SEED_TICKETS);
    expect(rows.find((row) => row.item_key === '3')?.title).toBe('tickets #3');
    // A full scan also finds deletions: the ids not seen.
    await postgres.exec('delete from tickets where id = 6');
    await postgres.exec(`update tickets set body = 'Toner replaced by Linus' where id = 1`);
    await syncAndIndex(source.id);
    expect((await rowsOf(source.id)).map((row) => row.item_key)).toEqual(['1', '2', '3', '4', '5']);
    expect((await search('toner')).map((hit) => hit.document.name)).toEqual(['tickets #1']);
  });

  it('MariaDB: a read-only SELECT as the source, synced by its changed-at column', async () => {
    const source = await createSource({
      kind: 'mysql',
      settings: {
        ...connection(mariadb),
        query:
          'SELECT i.id, i.number, i.customer, i.total, i.updated_at FROM invoices i WHERE i.total > 500;',
        id_column: 'id',
        title_column: 'number',
        body_columns: ['customer', 'total'],
        changed_at_column: 'updated_at',
      },
      password: mariadb.reader.password,
    });
    expect(source.name).toBe('trove_source query');
    const synced = await syncAndIndex(source.id);
    expect(synced.status.state, JSON.stringify(synced.status)).toBe('up_to_date');
    const expected = Array.from({ length: SEED_INVOICES }, (_, i) => i + 1).filter((n) => n * 137.5 > 500);
    expect((await rowsOf(source.id)).map((row) => Number(row.item_key)).sort((a, b) => a - b)).toEqual(
      expected,
    );
    expect((await rowsOf(source.id))[0]?.folder).toBe('Row');
  });

  it('MariaDB with a wrong password saved: the card needs attention and is not retried by itself', async () => {
    const source = await createSource({
      kind: 'mysql',
      settings: { ...connection(mariadb), table: 'tickets', id_column: 'id', body_columns: ['body'] },
      password: 'wrong',
    });
    const synced = await syncAndIndex(source.id);
    expect(synced.status).toMatchObject({ state: 'needs_attention', problem: 'auth', retry_at: null });
  });

  it('SQLite: an uploaded file is checked by its header, previewed and synced', async () => {
    const path = join(sqliteDir, 'crm.db');
    const file = new Sqlite(path);
    file.exec(`create table contacts (id integer primary key, name text, company text, photo blob, note text);
      insert into contacts values (1, 'Ada Lovelace', 'Analytical Engines', x'00ff00ff', 'Met at the Royal Society');
      insert into contacts values (2, null, 'Babbage & Co', null, 'Difference engine order');`);
    file.close();
    const upload = async (name: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.append(
        'file',
        new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/octet-stream' }),
      );
      const res = await service.request(ada, '/api/v1/sources/files', { method: 'POST', body: form });
      return { status: res.status, json: (await res.json()) as unknown };
    };
    const notSqlite = await upload(
      'fake.db',
      new TextEncoder().encode('just text, not a database'.repeat(10)),
    );
    expect(notSqlite.status).toBe(400);
    expect(notSqlite.json).toMatchObject({ code: 'not_sqlite' });

    const uploaded = await upload('crm.db', readFileSync(path));
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    const { file: stored, tables } = SourceFileResponseSchema.parse(uploaded.json);
    expect(tables).toEqual([{ name: 'contacts', kind: 'table' }]);

    const previewed = await call(service, ada, 'POST', '/preview', {
      kind: 'sqlite',
      settings: {
        file_id: stored.id,
        table: 'contacts',
        id_column: 'id',
        title_column: 'name',
        body_columns: ['company', 'photo', 'note'],
      },
    });
    const result = passed(DatabasePreviewResultSchema.parse(previewed.json));
    expect(result.rows.map((row) => row.title)).toEqual(['Ada Lovelace', 'contacts #2']);
    expect(result.rows[0]?.body).toContain('Photo: [binary, 4 bytes]');

    const source = await createSource({
      kind: 'sqlite',
      settings: {
        file_id: stored.id,
        table: 'contacts',
        id_column: 'id',
        title_column: 'name',
        body_columns: ['company', 'note'],
      },
    });
    if (source.kind !== 'sqlite') throw new Error('a sqlite source');
    expect(source.file).toMatchObject({ name: 'crm.db', size_bytes: stored.size_bytes });
    await syncAndIndex(source.id);
    expect((await search('Royal Society')).map((hit) => hit.document.name)).toEqual(['contacts #1']);
    // A new upload replaces the file: the old one goes, and the next sync reads the new one's rows.
    const newer = new Sqlite(join(sqliteDir, 'crm-2.db'));
    newer.exec(`create table contacts (id integer primary key, name text, company text, note text);
      insert into contacts values (1, 'Ada Lovelace', 'Analytical Engines', 'Met at the Royal Society');
      insert into contacts values (3, 'Grace Hopper', 'Navy', 'Compiler workshop');`);
    newer.close();
    const second = SourceFileResponseSchema.parse(
      (await upload('crm-2.db', readFileSync(join(sqliteDir, 'crm-2.db')))).json,
    );
    const patched = await call(service, ada, 'PATCH', `/${source.id}`, {
      settings: { file_id: second.file.id },
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    const kept = await sql<{
      id: string;
    }>`select id from source_files where source_id = ${source.id}`.execute(service.db);
    expect(kept.rows.map((row) => row.id)).toEqual([second.file.id]);
    await syncAndIndex(source.id);
    expect((await rowsOf(source.id)).map((row) => row.item_key)).toEqual(['1', '3']);
    expect((await search('compiler workshop')).map((hit) => hit.document.name)).toEqual(['contacts #3']);
    // Removing the source removes its file.
    expect((await call(service, ada, 'DELETE', `/${source.id}`)).status).toBe(204);
    await expect
      .poll(
        async () =>
          (
            await sql<{
              n: number;
            }>`select count(*)::int as n from source_files where id in (${stored.id}, ${second.file.id})`.execute(
              service.db,
            )
          ).rows[0]?.n,
        { timeout: testTime(30_000) },
      )
      .toBe(0);
  });
});
