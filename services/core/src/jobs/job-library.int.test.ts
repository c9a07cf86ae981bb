import { testTime } from '@trove/service-core/testing/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, migrateToLatest, SERVICE_DATABASE_ROLES } from '../database';
import { createLogger } from '../logger';
import { captureLogs } from '../testing/log-capture';
import { createMigratedTestDatabase } from '../testing/migrated-database';
import type { TestDatabase } from '../testing/test-database';
import {
  JOB_LIBRARY_SCHEMA,
  type JobLibrary,
  startJobLibrary,
  withJobLibrarySetupLock,
  workEagerly,
} from './job-library';

// docs/decisions/045-job-library.md: pg-boss's schema comes with the migrations, and the search service's
// role can run it — make a queue (a partition only the job table's owner may attach), send, take, finish —
// with the library's own migrations off.

let testDatabase: TestDatabase;
let owner: DatabaseHandle;
let asSearch: DatabaseHandle;
let boss: JobLibrary | undefined;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  owner = createDatabase({ url: testDatabase.url, poolMax: 2 });
  await migrateToLatest(owner);
  asSearch = createDatabase({ url: testDatabase.url, poolMax: 4, role: SERVICE_DATABASE_ROLES.search });
}, testTime(60_000));
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true, close: false });
  await asSearch?.destroy();
  await owner?.destroy();
  await testDatabase?.drop();
});

describe('the job library', () => {
  it('is installed by the migrations at the version the pinned pg-boss expects', async () => {
    const version = await sql<{
      version: number;
    }>`select version from ${sql.table(`${JOB_LIBRARY_SCHEMA}.version`)}`.execute(owner);
    expect(version.rows).toHaveLength(1);
    const owners = await sql<{ owner: string }>`
      select distinct pg_get_userbyid(c.relowner) as owner
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${JOB_LIBRARY_SCHEMA} and c.relkind in ('r', 'p')`.execute(owner);
    // Owned by the jobs role both services are members of (docs/decisions/170-sources-service.md).
    expect(owners.rows).toEqual([{ owner: 'trove_jobs' }]);
  });

  it('runs as the search role: a new queue, a job sent, taken and finished, a cron schedule kept', async () => {
    boss = await startJobLibrary({ db: asSearch, logger: createLogger({ level: 'silent' }), upkeep: false });
    await boss.createQueue('library-check', { name: 'library-check', policy: 'stately' });
    const id = await boss.send('library-check', { n: 1 }, { singletonKey: 'one' });
    expect(id).not.toBeNull();
    // Stately: one queued job per key at a time.
    expect(await boss.send('library-check', { n: 2 }, { singletonKey: 'one' })).toBeNull();
    const [job] = await boss.fetch<{ n: number }>('library-check');
    expect(job?.data).toEqual({ n: 1 });
    await boss.complete('library-check', job?.id as string);
    expect((await boss.getJobById('library-check', job?.id as string))?.state).toBe('completed');
    await boss.schedule('library-check', '*/5 * * * *', { n: 3 });
    expect((await boss.getSchedules()).map((schedule) => schedule.name)).toEqual(['library-check']);
  });

  it('workEagerly fetches again at once after a fetch that brought jobs; only an empty fetch waits the interval', async () => {
    const library =
      boss ??
      (await startJobLibrary({ db: asSearch, logger: createLogger({ level: 'silent' }), upkeep: false }));
    boss = library;
    await library.createQueue('eager-check', { name: 'eager-check', policy: 'standard' });
    for (let n = 0; n < 12; n += 1) await library.send('eager-check', { n });
    const done: number[] = [];
    // A polling interval far past the deadline: plain boss.work would take 6 batches × 10 minutes.
    const workerId = await workEagerly<{ n: number }>(
      library,
      'eager-check',
      { batchSize: 2, pollingIntervalSeconds: 600 },
      async (jobs) => {
        for (const job of jobs) done.push(job.data.n);
      },
    );
    await expect.poll(() => done.length, { timeout: testTime(20_000), interval: 50 }).toBe(12);
    await library.offWork({ id: workerId });
  });

  it("a batch's completion that fails (a statement timeout behind a lock) is logged, and the process lives on", async () => {
    // pg-boss sends `complete` without waiting for it: without the guard this is an unhandled rejection, which ends
    // a service (and fails this run).
    const logs = captureLogs();
    // The queue is made and the job sent on the roomy connections: under a loaded run a 500 ms limit could end
    // the setup itself (ci on stop 49). Only the worker's connections are tight; any finite limit will do, as the
    // lock is held until the test lets go.
    const roomy =
      boss ??
      (await startJobLibrary({ db: asSearch, logger: createLogger({ level: 'silent' }), upkeep: false }));
    boss = roomy;
    await roomy.createQueue('guard-check', { name: 'guard-check', policy: 'standard' });
    const id = await roomy.send('guard-check', { n: 1 });
    const tight = createDatabase({
      url: testDatabase.url,
      poolMax: 4,
      role: SERVICE_DATABASE_ROLES.search,
      statementTimeoutMs: testTime(1_000),
    });
    const library = await startJobLibrary({ db: tight, logger: logs.logger, upkeep: false });
    let release: (() => void) | undefined;
    try {
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: Promise<unknown> | undefined;
      await library.work('guard-check', { pollingIntervalSeconds: 0.5 }, async () => {
        // The job's row locked by another transaction until the test lets go: `complete` waits past 500 ms.
        let taken: () => void = () => undefined;
        const lockTaken = new Promise<void>((resolve) => {
          taken = resolve;
        });
        locked = owner.transaction().execute(async (tx) => {
          await sql`select id from ${sql.table(`${JOB_LIBRARY_SCHEMA}.job`)} where id = ${id} for update`.execute(
            tx,
          );
          taken();
          await held;
        });
        await lockTaken;
      });
      await expect
        .poll(
          () => logs.lines().some((line) => String(line.msg).startsWith('job library statement failed')),
          {
            timeout: testTime(20_000),
            interval: 50,
          },
        )
        .toBe(true);
      release?.();
      await locked;
    } finally {
      release?.();
      await library.stop({ graceful: false, wait: true, close: false });
      await tight.destroy();
    }
  });

  it('libraries starting together with upkeep, beside queues made under the setup lock: none meets a deadlock', async () => {
    // pg-boss's start makes its own cron queue (upkeep) with create_queue; outside the setup lock it deadlocked
    // with another service's create_queue, and that service exited at start. The cron queue is new here: the
    // tests above started their libraries without upkeep.
    const logger = createLogger({ level: 'silent' });
    const handles = [0, 1, 2].map(() =>
      createDatabase({ url: testDatabase.url, poolMax: 4, role: SERVICE_DATABASE_ROLES.search }),
    );
    const started: JobLibrary[] = [];
    try {
      const results = await Promise.allSettled([
        ...handles.map(async (db) => {
          const library = await startJobLibrary({ db, logger, upkeep: true });
          started.push(library);
        }),
        ...handles.map((db, index) =>
          withJobLibrarySetupLock(db, () =>
            (boss as JobLibrary).createQueue(`together-${index}`, {
              name: `together-${index}`,
              policy: 'standard',
            }),
          ),
        ),
      ]);
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    } finally {
      for (const library of started) await library.stop({ graceful: false, wait: true, close: false });
      for (const db of handles) await db.destroy();
    }
  });
});
