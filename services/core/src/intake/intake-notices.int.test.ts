import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, poolOf } from '../database';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { waitUntil } from '../testing/test-time';
import { announceIntake, listenForIntake, SOURCE_INTAKE_CHANNEL } from './intake-notices';

// docs/decisions/234: a hand-over announced on the intake's channel reaches the search service at once, and
// a lost listening connection is replaced.

let testDatabase: TestDatabase;
let listening: DatabaseHandle;
let announcing: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  listening = createDatabase({ url: testDatabase.url, poolMax: 1 });
  announcing = createDatabase({ url: testDatabase.url, poolMax: 2 });
});

afterAll(async () => {
  await listening?.destroy();
  await announcing?.destroy();
  await testDatabase?.drop();
});

/** The backends listening on the intake's channel (PostgreSQL's own view of them). */
async function listeners(): Promise<number[]> {
  const rows = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and query = ${`LISTEN ${SOURCE_INTAKE_CHANNEL}`}
  `.execute(announcing);
  return rows.rows.map((row) => row.pid);
}

describe('intake notices', () => {
  it('hears each announcement, once at start for what came before, and again after its connection is lost', async () => {
    let heard = 0;
    const listener = listenForIntake(
      listening,
      () => {
        heard += 1;
      },
      { retryMs: 50 },
    );
    try {
      // Listening: the start's own call, for what was announced while nobody listened.
      await waitUntil(() => heard === 1, { timeoutMs: 10_000, what: 'the first call' });
      const [pid] = await waitUntil(async () => ((await listeners()).length === 1 ? listeners() : false), {
        timeoutMs: 10_000,
        what: 'one listening connection',
      });

      await announceIntake(announcing);
      await waitUntil(() => heard === 2, { timeoutMs: 10_000, what: 'the announcement heard' });

      // The connection dies (a server restart, a network cut): another listens, and says so once.
      await sql`select pg_terminate_backend(${pid})`.execute(announcing);
      await waitUntil(() => heard === 3, { timeoutMs: 10_000, what: 'the call after listening again' });
      const again = await waitUntil(
        async () => {
          const now = await listeners();
          return now.length === 1 && now[0] !== pid ? now : false;
        },
        { timeoutMs: 10_000, what: 'a new listening connection' },
      );
      expect(again).toHaveLength(1);
      await announceIntake(announcing);
      await waitUntil(() => heard === 4, { timeoutMs: 10_000, what: 'an announcement after the loss' });
    } finally {
      await listener.stop();
    }
    // Stopped: nobody listens, and the service's pool lent nothing to it.
    await waitUntil(async () => (await listeners()).length === 0, { timeoutMs: 10_000, what: 'no listener' });
    expect(poolOf(listening).totalCount).toBe(0);
    await announceIntake(announcing);
    await sql`select 1`.execute(announcing);
    expect(heard).toBe(4);
  });
});
