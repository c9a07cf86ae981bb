import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDatabase,
  createDatabase,
  type DatabaseHandle,
  migrateToLatest,
  poolOf,
  queryPrepared,
} from './database';
import { migrations } from './db/migrations/index';
import { freePort } from './testing/free-port';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let testDatabase: TestDatabase;
let db: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 4 });
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

describe('migrateToLatest', () => {
  it('builds the users table on an empty database, then has nothing left to do', async () => {
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('two services migrating at once run each migration once', async () => {
    const other = await createTestDatabase();
    const first = createDatabase({ url: other.url });
    const second = createDatabase({ url: other.url });
    try {
      const [a, b] = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      expect([...a, ...b]).toEqual(Object.keys(migrations));
    } finally {
      await first.destroy();
      await second.destroy();
      await other.drop();
    }
  });

  it('users get a generated id and timestamps; emails are unique and stored lower-cased', async () => {
    const user = await db
      .insertInto('users')
      .values({ email: 'ada@example.com' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.created_at).toBeInstanceOf(Date);
    expect(user.updated_at).toBeInstanceOf(Date);

    await expect(db.insertInto('users').values({ email: 'ada@example.com' }).execute()).rejects.toThrow(
      /duplicate key/,
    );
    await expect(db.insertInto('users').values({ email: 'Grace@Example.com' }).execute()).rejects.toThrow(
      /check constraint/,
    );
  });
});

describe('checkDatabase', () => {
  it('is true when the database answers', async () => {
    expect(await checkDatabase(db)).toBe(true);
  });

  it('is false, not an exception, when nothing listens', async () => {
    const nowhere = createDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
    try {
      expect(await checkDatabase(nowhere)).toBe(false);
    } finally {
      await nowhere.destroy();
    }
  });

  it('gives up instead of waiting behind a busy pool', async () => {
    // The only connection is asleep for 1 s; without the timeout the probe would wait and say true.
    const busy = createDatabase({ url: testDatabase.url, poolMax: 1 });
    try {
      const sleeper = sql`select pg_sleep(1)`.execute(busy);
      expect(await checkDatabase(busy, 200)).toBe(false);
      await sleeper;
      // Free again, it answers: with time to spare, as a busy CI machine can take more than 200 ms to.
      expect(await checkDatabase(busy, 10_000)).toBe(true);
    } finally {
      await busy.destroy();
    }
  });
});

describe('connections', () => {
  it('run without JIT compilation (it cost the search statement ~90 ms a run at 48,000 documents)', async () => {
    const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(db);
    expect(rows).toEqual([{ jit: 'off' }]);
  });

  it('carry the statement and idle-in-transaction timeouts they were given (issue 35 item 4)', async () => {
    const bounded = createDatabase({
      url: testDatabase.url,
      poolMax: 2,
      statementTimeoutMs: 4_000,
      idleInTransactionTimeoutMs: 5_000,
    });
    try {
      const { rows } = await sql<{ statement: string; idle: string }>`
        select current_setting('statement_timeout') as statement,
               current_setting('idle_in_transaction_session_timeout') as idle`.execute(bounded);
      expect(rows).toEqual([{ statement: '4s', idle: '5s' }]);
    } finally {
      await bounded.destroy();
    }
  });

  it('a transaction left waiting past the idle limit is ended and its connection given back', async () => {
    const idleMs = 300;
    const bounded = createDatabase({ url: testDatabase.url, poolMax: 1, idleInTransactionTimeoutMs: idleMs });
    try {
      const stalled = bounded.transaction().execute(async (tx) => {
        await sql`select 1`.execute(tx);
        // A client that stops sending in the middle of its transaction (what a trickled upload body was).
        await sleep(idleMs * 4);
        await sql`select 2`.execute(tx);
      });
      await expect(stalled).rejects.toThrow(/idle-in-transaction timeout|terminat|Connection/i);
      // The pool's one connection is usable again, not held by the dead transaction.
      const { rows } = await sql<{ n: number }>`select 3 as n`.execute(bounded);
      expect(rows).toEqual([{ n: 3 }]);
    } finally {
      await bounded.destroy();
    }
  });
});

describe('a connection left unusable', () => {
  it('in a failed transaction is closed, not lent to the next request (docs/decisions/236)', async () => {
    const pooled = createDatabase({ url: testDatabase.url, poolMax: 1 });
    try {
      const pool = poolOf(pooled);
      const client = await pool.connect();
      const { rows: before } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // What a timed-out request can leave behind: its transaction open and failed, the connection released.
      await client.query('begin');
      await expect(client.query('select 1/0')).rejects.toThrow(/division by zero/);
      await expect(client.query('select 1')).rejects.toMatchObject({ code: '25P02' });
      client.release();
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(pooled);
      expect(rows[0]?.pid).not.toBe(before[0]?.pid);
    } finally {
      await pooled.destroy();
    }
  });

  it('whose query the client gave up on is closed too', async () => {
    const pooled = createDatabase({ url: testDatabase.url, poolMax: 1, statementTimeoutMs: 200 });
    try {
      const pool = poolOf(pooled);
      const client = await pool.connect();
      const { rows: before } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // query_timeout (statement timeout + 1 s) passes while the server keeps the statement running.
      await client.query('set statement_timeout = 0');
      await expect(client.query('select pg_sleep(3)')).rejects.toThrow(/Query read timeout/);
      client.release();
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(pooled);
      expect(rows[0]?.pid).not.toBe(before[0]?.pid);
    } finally {
      await pooled.destroy();
    }
  });
});

describe('queryPrepared', () => {
  it('prepares a text once per connection and binds new values each time; another text is another statement', async () => {
    const single = createDatabase({ url: testDatabase.url, poolMax: 1 });
    try {
      const double = sql<{ n: number }>`select ${1}::int * 2 as n`.compile(single);
      const triple = sql<{ n: number }>`select ${1}::int * 3 as n`.compile(single);
      expect(await queryPrepared(single, double)).toEqual([{ n: 2 }]);
      expect(await queryPrepared(single, { ...double, parameters: [21] })).toEqual([{ n: 42 }]);
      expect(await queryPrepared(single, { ...triple, parameters: [5] })).toEqual([{ n: 15 }]);
      const prepared = await queryPrepared<{ statement: string }>(
        single,
        sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.compile(
          single,
        ),
      );
      // Two arithmetic statements, each once, plus the catalog query itself.
      expect(prepared.map((row) => row.statement.replace(/\s+/g, ' '))).toEqual([
        'select $1::int * 2 as n',
        'select $1::int * 3 as n',
        'select statement from pg_prepared_statements order by statement',
      ]);
    } finally {
      await single.destroy();
    }
  });
});
