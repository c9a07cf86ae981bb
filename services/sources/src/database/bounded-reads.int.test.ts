import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_CELL_MAX_CHARS } from '@trove/contracts';
import { parseAllowedHosts } from '@trove/service-core';
import { freePort } from '@trove/service-core/testing';
import { testTime } from '@trove/service-core/testing/time';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PageRequest } from './bounded-rows';
import {
  DatabaseError,
  type DatabaseLimits,
  openServerReader,
  openSqliteFile,
  PAGE_DEFAULTS,
} from './database-reader';
import { cellText } from '@trove/service-core/records';
import { type SourceServer, startMariadb, startPostgresSource } from './testing/source-databases';

// Issue 34 item 3: every read of a source's rows is bounded while it is read. Each server is reached through a
// proxy that counts the bytes it passes: a cell of tens of MB is cut by the server, so a few hundred KB cross.

let postgres: SourceServer;
let mariadb: SourceServer;
let sqliteDir: string;

interface CountingProxy {
  port: number;
  /** Bytes the server sent through the proxy since the last reset. */
  received(): number;
  reset(): void;
  close(): Promise<void>;
}

async function countingProxy(target: number): Promise<CountingProxy> {
  let received = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
    });
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    received: () => received,
    reset: () => {
      received = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const limits = (change: Partial<DatabaseLimits> = {}): DatabaseLimits => ({
  statementTimeoutMs: testTime(30_000),
  connectTimeoutMs: testTime(10_000),
  ...PAGE_DEFAULTS,
  ...change,
});

const request = (columns: string[], limit = 10): PageRequest => ({
  keyset: { changedAt: null, id: 'id' },
  after: null,
  limit,
  columns,
});

const bodyOf = (page: Page, index = 0) => page.rows[index]?.body;

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([startPostgresSource(), startMariadb()]);
  sqliteDir = mkdtempSync(join(tmpdir(), 'trove-bounded-'));
}, testTime(120_000));

afterAll(async () => {
  await Promise.all([postgres?.stop(), mariadb?.stop()]);
  if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
});

describe.each([
  // MariaDB's repeat() stops at max_allowed_packet (16 MB here): 12 MB cells.
  { kind: 'postgres' as const, server: () => postgres, cellMb: 32 },
  { kind: 'mysql' as const, server: () => mariadb, cellMb: 12 },
])('$kind', ({ kind, server, cellMb }) => {
  async function open(change: Partial<DatabaseLimits> = {}) {
    const source = server();
    const proxy = await countingProxy(source.port);
    const reader = await openServerReader(
      kind,
      {
        host: '127.0.0.1',
        port: proxy.port,
        database: source.database,
        user: source.reader.user,
        tls: 'disable',
      },
      source.reader.password,
      { allowedHosts: parseAllowedHosts('127.0.0.1') },
      limits(change),
    );
    proxy.reset();
    return {
      reader,
      proxy,
      close: async () => {
        await reader.close();
        await proxy.close();
      },
    };
  }

  it('cuts a cell of tens of MB on the server: it never crosses the wire', async () => {
    const { reader, proxy, close } = await open();
    try {
      const page = await reader.rows(
        { query: `select 1 as id, repeat('x', ${cellMb * 1024 * 1024}) as body, 'short' as title` },
        request(['id', 'body', 'title']),
      );
      expect(page.rows).toHaveLength(1);
      expect(bodyOf(page)).toEqual({ cut: 'x'.repeat(DATABASE_CELL_MAX_CHARS) });
      expect(page.rows[0]?.title).toBe('short');
      expect(cellText(bodyOf(page) ?? null)).toMatch(/… \(cut: more than 100,000 characters\)$/);
      // 100,000 characters and the framing; the cell itself was tens of MB.
      expect(proxy.received()).toBeLessThan(512 * 1024);
    } finally {
      await close();
    }
  });

  it('stops a read at the batch bytes, and says more rows follow', async () => {
    const { reader, close } = await open({ batchMaxBytes: 250_000 });
    try {
      const rows =
        kind === 'postgres'
          ? `select g as id, repeat('y', 100000) as body from generate_series(1, 10) g`
          : `select seq as id, repeat('y', 100000) as body from seq_1_to_10`;
      const page = await reader.rows({ query: rows }, request(['id', 'body']));
      // 0, 100,000 and 200,000 bytes before the first three rows; 300,000 before the fourth.
      expect(page.rows.map((row) => row.id)).toEqual(['1', '2', '3']);
      expect(page.more).toBe(true);
      const rest = await reader.rows(
        { query: rows },
        { ...request(['id', 'body']), after: { changedAt: null, id: '3' } },
      );
      expect(rest.rows.map((row) => row.id)).toEqual(['4', '5', '6']);
    } finally {
      await close();
    }
  });

  it('cuts each cell of a wide row to the row bytes', async () => {
    const { reader, close } = await open({ rowMaxBytes: 64 * 1024 });
    try {
      const page = await reader.rows(
        { query: `select 1 as id, repeat('a', 50000) as a, repeat('b', 50000) as b` },
        request(['id', 'a', 'b']),
      );
      // 64 KB over 3 columns at 4 bytes a character.
      const chars = Math.floor((64 * 1024) / 12);
      expect(page.rows[0]?.a).toEqual({ cut: 'a'.repeat(chars) });
      expect(page.rows[0]?.b).toEqual({ cut: 'b'.repeat(chars) });
      expect(page.more).toBe(false);
    } finally {
      await close();
    }
  });

  it('refuses an id too long to be a key', async () => {
    const { reader, close } = await open();
    try {
      const error = await reader
        .rows({ query: `select repeat('i', 5000) as id, 'b' as body` }, request(['id', 'body']))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatabaseError);
      expect((error as DatabaseError).problem).toBe('column');
      expect((error as Error).message).toMatch(/longer than 1,000 characters/);
    } finally {
      await close();
    }
  });
});

describe('sqlite', () => {
  it('cuts text and blobs, and sizes a BLOB column', async () => {
    const path = join(sqliteDir, 'large.sqlite');
    const file = new Sqlite(path);
    file.exec(`create table notes (id integer primary key, body text, scan blob, note text);
      insert into notes values (1, printf('%.*c', 3000000, 'z'), zeroblob(2000000), x'00ff');`);
    file.close();
    const reader = await openSqliteFile(path, PAGE_DEFAULTS);
    try {
      const page = await reader.rows({ table: 'notes' }, request(['id', 'body', 'scan', 'note']));
      expect(page.rows[0]?.body).toEqual({ cut: 'z'.repeat(DATABASE_CELL_MAX_CHARS) });
      expect(page.rows[0]?.scan).toEqual({ binary: 2_000_000 });
      // A blob in a text column is cut by its bytes, and described as binary.
      expect(page.rows[0]?.note).toEqual({ binary: 2 });
      expect(page.rows[0]?.id).toBe('1');
    } finally {
      await reader.close();
    }
  });
});

describe('postgres, read-only per statement', () => {
  it('a function that turns the session’s default to read-write cannot make the next read write', async () => {
    // A function of the source's own (our check cannot see into it) undoes the session's read-only default; the
    // query calls it on its first read and writes on the next. Each read is its own READ ONLY transaction.
    const user = postgres.reader.user;
    await postgres.exec(`create sequence trap_seq;
      create function undo_read_only() returns int language plpgsql as $$
        begin perform set_config('default_transaction_read_only', 'off', false); return 1; end $$;
      grant usage, select, update on sequence trap_seq to ${user};
      grant execute on function undo_read_only() to ${user};`);
    const query = `select case when current_setting('default_transaction_read_only') = 'on'
      then undo_read_only() else nextval('trap_seq')::int end as id, 'b' as body`;
    const reader = await openServerReader(
      'postgres',
      { host: '127.0.0.1', port: postgres.port, database: postgres.database, user, tls: 'disable' },
      postgres.reader.password,
      { allowedHosts: parseAllowedHosts('127.0.0.1') },
      limits(),
    );
    try {
      const first = await reader.rows({ query }, request(['id', 'body']));
      expect(first.rows.map((row) => row.id)).toEqual(['1']);
      const second = await reader.rows({ query }, request(['id', 'body'])).catch((caught: unknown) => caught);
      expect(second).toBeInstanceOf(DatabaseError);
      expect((second as DatabaseError).problem).toBe('query');
      expect((second as Error).message).toMatch(/read-only/);
      expect(await postgres.exec('select is_called from trap_seq')).toEqual([{ is_called: false }]);
    } finally {
      await reader.close();
    }
  });
});

describe('mariadb, read-only and bounded per statement', () => {
  it('a stored function that lifts the session’s time limit cannot make the next read write or run on', async () => {
    // Stored functions run as their definer (here the owner, who may write): only the read-only transaction stops
    // the insert. The first read undoes the session's time limit (turning the session read-write is refused
    // inside the read's READ ONLY transaction); the next reads try to write and to run on. Each read is START
    // TRANSACTION READ ONLY with SET STATEMENT max_statement_time … FOR.
    const user = mariadb.reader.user;
    await mariadb.exec('create table trap_log (n int)');
    await mariadb.exec(`create function arm_trap() returns int not deterministic no sql
      begin set session max_statement_time = 0; return 1; end`);
    await mariadb.exec(`create function spring_trap() returns int not deterministic modifies sql data
      begin insert into trap_log values (1); return 1; end`);
    await mariadb.exec(`grant execute on function ${mariadb.database}.arm_trap to '${user}'@'127.0.0.1'`);
    await mariadb.exec(`grant execute on function ${mariadb.database}.spring_trap to '${user}'@'127.0.0.1'`);
    const reader = await openServerReader(
      'mysql',
      { host: '127.0.0.1', port: mariadb.port, database: mariadb.database, user, tls: 'disable' },
      mariadb.reader.password,
      { allowedHosts: parseAllowedHosts('127.0.0.1') },
      limits({ statementTimeoutMs: testTime(2_000) }),
    );
    const arm = "select arm_trap() as id, 'b' as body";
    const write = "select spring_trap() as id, 'b' as body";
    const stall = `select sleep(${Math.ceil(testTime(60_000) / 1000)}) as id, 'b' as body`;
    try {
      const first = await reader.rows({ query: arm }, request(['id', 'body']));
      expect(first.rows.map((row) => row.id)).toEqual(['1']);
      const second = await reader
        .rows({ query: write }, request(['id', 'body']))
        .catch((caught: unknown) => caught);
      expect(second).toBeInstanceOf(DatabaseError);
      expect((second as Error).message).toMatch(/READ ONLY/i);
      expect(await mariadb.exec('select count(*) as n from trap_log')).toEqual([{ n: 0 }]);
      // The session's limit is 0 now; the statement's own still holds.
      const third = await reader
        .rows({ query: stall }, request(['id', 'body']))
        .catch((caught: unknown) => caught);
      expect(third).toBeInstanceOf(DatabaseError);
      expect((third as DatabaseError).problem).toBe('timeout');
      expect((third as Error).message).toMatch(/max_statement_time/);
    } finally {
      await reader.close();
    }
  });
});
