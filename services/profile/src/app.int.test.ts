import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  type DatabaseHandle,
  migrateToLatest,
  remoteVerificationKeys,
  typeScriptEntry,
} from '@trove/service-core';
import { captureLogs, createMigratedTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileApp } from './app';

let testDatabase: TestDatabase;
let db: DatabaseHandle;
let app: ReturnType<typeof createProfileApp>;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 2 });
  await migrateToLatest(db);
  // No session reaches these tests, so the key set is never fetched.
  app = createProfileApp({
    db,
    logger: captureLogs().logger,
    verificationKey: remoteVerificationKeys('http://127.0.0.1:9/api/v1/auth/.well-known/jwks.json'),
  });
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

describe('the profile service', () => {
  it('GET /api/v1/profile/me says "Not signed in" with 401 without a session', async () => {
    const res = await app.request('/api/v1/profile/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in', code: 'unauthenticated' });
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
  });

  it.each([['/healthz'], ['/api/v1/profile/healthz']])('%s says ok', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it.each([['/readyz'], ['/api/v1/profile/readyz']])(
    '%s says ready while the database answers',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready' });
    },
  );

  it('answers an unknown route with a 404 envelope', async () => {
    for (const path of ['/api/v1/profile/nope', '/api/v1/auth/password/exists', '/']) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });

  it('a bad PROFILE_PORT stops it with one line naming the variable', async () => {
    const main = typeScriptEntry(fileURLToPath(new URL('./main.ts', import.meta.url)));
    const child = spawn(main.command, main.args, {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: testDatabase.url, PROFILE_PORT: '0x10' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid environment: PROFILE_PORT must be a port number (got "0x10")\n');
  });
});
