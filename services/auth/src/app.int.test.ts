import { createDatabase, type DatabaseHandle, migrateToLatest } from '@trove/service-core';
import { captureLogs, createMigratedTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAuthApp } from './testing/harness';

let testDatabase: TestDatabase;
let db: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 2 });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

describe('request ids', () => {
  it('the id nginx sent comes back on the response and is on the request log line', async () => {
    const logs = captureLogs();
    const app = await createTestAuthApp({ db, logger: logs.logger });
    const res = await app.request('/api/v1/auth/password/exists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': '5f2b9c0e8d7a4b1c9e3f6a2d8c4b7e1a' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBe('5f2b9c0e8d7a4b1c9e3f6a2d8c4b7e1a');
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({
        reqId: '5f2b9c0e8d7a4b1c9e3f6a2d8c4b7e1a',
        method: 'POST',
        path: '/api/v1/auth/password/exists',
        status: 200,
        ms: expect.any(Number),
      }),
    );
  });

  it('a request without an id gets a new one, also on error responses', async () => {
    const logs = captureLogs();
    const app = await createTestAuthApp({ db, logger: logs.logger });
    const res = await app.request('/api/v1/auth/password/exists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(res.status).toBe(400);
    const reqId = res.headers.get('X-Request-Id');
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines()).toContainEqual(expect.objectContaining({ reqId, status: 400 }));
  });

  it('an id that is not a plain token is replaced, not echoed', async () => {
    const logs = captureLogs();
    const app = await createTestAuthApp({ db, logger: logs.logger });
    const res = await app.request('/healthz', { headers: { 'X-Request-Id': '<script>alert(1)</script>' } });
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(logs.lines())).not.toContain('<script>');
  });

  it('the email in a request body never reaches the log', async () => {
    const logs = captureLogs();
    const app = await createTestAuthApp({ db, logger: logs.logger });
    await app.request('/api/v1/auth/password/exists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'secret-person@example.com' }),
    });
    expect(logs.lines().length).toBeGreaterThan(0);
    expect(JSON.stringify(logs.lines())).not.toContain('secret-person');
  });
});
