import { createDatabase, type DatabaseHandle, migrateToLatest } from '@trove/service-core';
import { CookieJar, createMigratedTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/client';
import { createTestAuthApp } from '../testing/harness';
import { PASSWORD } from '../testing/setup';

// docs/decisions/009-deploy-story.md, "Self-hosting": with PUBLIC_URL on https every session cookie is
// Secure, whatever a hop in between says; without it, plain http development keeps working.

let testDatabase: TestDatabase;
let db: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 4 });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

/** Registers `email` and verifies it with the code from the outbox; the verify answer's Set-Cookie lines. */
async function signUpCookies(settings: Record<string, string>, email: string): Promise<string[]> {
  const app = await createTestAuthApp({ db, url: testDatabase.url, settings });
  expect(
    (await call(app, '/api/v1/auth/password/register', { body: { email, password: PASSWORD } })).status,
  ).toBe(201);
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1] ?? '';
  const verified = await call(app, '/api/v1/auth/otp/verify', {
    body: { target: email, code, purpose: 'verify' },
    jar: new CookieJar(),
  });
  expect(verified.status).toBe(200);
  return verified.headers.getSetCookie();
}

describe('PUBLIC_URL', () => {
  it('on https makes every session cookie Secure', async () => {
    const cookies = await signUpCookies(
      { PUBLIC_URL: 'https://trove.example.com' },
      'public-https@example.com',
    );
    expect(cookies.length).toBeGreaterThanOrEqual(4);
    for (const line of cookies) expect(line).toMatch(/;\s*Secure/i);
  });

  it('unset, plain http gets cookies without Secure', async () => {
    const cookies = await signUpCookies({}, 'public-unset@example.com');
    expect(cookies.length).toBeGreaterThanOrEqual(4);
    for (const line of cookies) expect(line).not.toMatch(/;\s*Secure/i);
  });

  it('must be an http(s) URL', async () => {
    await expect(createTestAuthApp({ db, settings: { PUBLIC_URL: 'trove.example.com' } })).rejects.toThrow();
  });
});
