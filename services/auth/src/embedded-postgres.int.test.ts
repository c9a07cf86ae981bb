import { createDatabase, type DatabaseHandle, migrateToLatest, migrations } from '@trove/service-core';
import { captureLogs, startTestPostgres, type TestPostgres } from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAuthApp } from './testing/harness';
import { insertUser } from './users/users.repository';

// Two jobs in one file, because both need a PostgreSQL this test owns:
// - the smoke run on the embedded default (docs/architecture.md#database): it starts, migrates and serves;
// - readiness follows the database down and back up without restarting the app, which needs a server
//   we may stop. The shared server on 5432 is never stopped.

let pg: TestPostgres;
let db: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestAuthApp>>;

beforeAll(async () => {
  pg = await startTestPostgres({ name: 'embedded' });
  db = createDatabase({ url: pg.url(), poolMax: 4 });
  app = await createTestAuthApp({ db, logger: captureLogs().logger });
});

afterAll(async () => {
  await db?.destroy();
  await pg?.remove();
});

async function passwordExists(email: string) {
  return app.request('/api/v1/auth/password/exists', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}

describe('the embedded PostgreSQL default', () => {
  it('starts, migrates and serves a request', async () => {
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    await insertUser(db, { email: 'ada@example.com' });
    const res = await passwordExists('Ada@Example.com');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ exists: true });
  });
});

describe('readiness follows the database', () => {
  it('is ready with the database up, 503 with it down, and ready again when it returns — without a restart', async () => {
    const up = await app.request('/readyz');
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: 'ready' });

    await pg.stop();
    for (const path of ['/readyz', '/api/v1/auth/readyz']) {
      const down = await app.request(path);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ error: 'Database unreachable', code: 'not_ready' });
    }
    // The process is alive: liveness does not depend on the database.
    expect((await app.request('/healthz')).status).toBe(200);

    await pg.start();
    const back = await app.request('/readyz');
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ status: 'ready' });
    // And real queries work again through the same pool.
    expect(await (await passwordExists('ada@example.com')).json()).toEqual({ exists: true });
  });
});
