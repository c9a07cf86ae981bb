import { createDatabase, type DatabaseHandle, migrateToLatest } from '@trove/service-core';
import { captureLogs, createMigratedTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAuthApp } from '../testing/harness';
import { insertUser } from '../users/users.repository';

let testDatabase: TestDatabase;
let db: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestAuthApp>>;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 4 });
  await migrateToLatest(db);
  app = await createTestAuthApp({ db, logger: captureLogs().logger });
  await insertUser(db, { email: 'ada@example.com' });
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

function exists(body: string, contentType = 'application/json') {
  return app.request('/api/v1/auth/password/exists', {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });
}

describe('POST /api/v1/auth/password/exists', () => {
  it('an unknown email does not exist', async () => {
    const res = await exists(JSON.stringify({ email: 'grace@example.com' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ exists: false });
  });

  it('a registered email exists', async () => {
    const res = await exists(JSON.stringify({ email: 'ada@example.com' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ exists: true });
  });

  it('the email is trimmed and matched case-insensitively (docs/product/accounts.md#email-rules)', async () => {
    const res = await exists(JSON.stringify({ email: '  ADA@Example.COM ' }));
    expect(await res.json()).toEqual({ exists: true });
  });

  it.each([
    ['an invalid email', { email: 'ada@example' }, 'Please enter a valid email address.'],
    ['an email with a space', { email: 'ada lovelace@example.com' }, 'Please enter a valid email address.'],
    ['an empty email', { email: '' }, 'Email is required'],
    ['a missing email', {}, 'Email is required'],
    ['an email of the wrong type', { email: 42 }, 'Please enter a valid email address.'],
    ['an unknown field', { email: 'ada@example.com', password: 'x' }, 'Unknown field: password'],
    ['a body that is not an object', ['ada@example.com'], 'Request body must be a JSON object'],
  ])('%s is a 400 with the message', async (_, body, message) => {
    const res = await exists(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, code: 'invalid_request' });
  });

  it.each([['{"email":'], [''], ["{'email':'ada@example.com'}"]])(
    'a malformed body (%j) is a 400',
    async (body) => {
      const res = await exists(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Malformed JSON body', code: 'malformed_json' });
    },
  );

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['']])(
    'a body sent as %j is refused with 415',
    async (contentType) => {
      const res = await exists('email=ada@example.com', contentType);
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({
        error: 'Content-Type must be application/json',
        code: 'unsupported_media_type',
      });
    },
  );

  it('a body larger than any request needs is refused with 413', async () => {
    const res = await exists(JSON.stringify({ email: 'ada@example.com', padding: 'x'.repeat(100_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body too large', code: 'payload_too_large' });
  });

  it('other methods on the route are a 404 envelope', async () => {
    const res = await app.request('/api/v1/auth/password/exists');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});

describe('the auth app', () => {
  it('answers an unknown route with a 404 envelope', async () => {
    for (const path of ['/api/v1/auth/nope', '/nope', '/api/v1/profile/me']) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });

  it.each([['/healthz'], ['/api/v1/auth/healthz']])('%s says ok', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it.each([['/readyz'], ['/api/v1/auth/readyz']])(
    '%s says ready while the database answers',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready' });
    },
  );
});
