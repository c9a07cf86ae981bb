import { testTime } from '@trove/service-core/testing/time';
import { UpdateProfileSchema } from '@trove/contracts';
import {
  createDatabase,
  type DatabaseHandle,
  migrateToLatest,
  remoteVerificationKeys,
} from '@trove/service-core';
import {
  type CookieJar,
  captureLogs,
  createMigratedTestDatabase,
  Maildev,
  snapshotDatabase,
  type TestDatabase,
} from '@trove/service-core/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileApp } from './app';
import { type RunningAuthService, signUpThroughAuth, startAuthService } from './testing/auth-service';

// The property for the profile service: random JSON (and non-JSON) from a signed-in user with
// a valid CSRF header never causes a 5xx and leaves the database unchanged. A body the schema accepts
// is a real update (covered by the route tests), so those few are skipped (fc.pre).

let testDatabase: TestDatabase;
let db: DatabaseHandle;
let maildev: Maildev;
let auth: RunningAuthService;
let app: ReturnType<typeof createProfileApp>;
let jar: CookieJar;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 4 });
  await migrateToLatest(db);
  maildev = await Maildev.start();
  auth = await startAuthService({ databaseUrl: testDatabase.url, smtpUrl: maildev.smtpUrl });
  app = createProfileApp({
    db,
    logger: captureLogs().logger,
    verificationKey: remoteVerificationKeys(auth.jwksUrl),
  });
  jar = await signUpThroughAuth(auth, maildev, 'fuzz@example.com', 'Correct-Horse-9-Battery');
  // Let the outbox settle so the snapshot is not taken while it is marking the code mail sent.
  await maildev.waitForMail('fuzz@example.com');
  await new Promise((resolve) => setTimeout(resolve, 300));
}, testTime(60_000));
afterAll(async () => {
  await auth?.stop();
  await maildev?.stop();
  await db?.destroy();
  await testDatabase?.drop();
});

const FIELDS = [
  'first_name',
  'last_name',
  'gender',
  'dob',
  'phone',
  'website',
  'linkedin',
  'twitter',
  'github',
  'timezone',
  'locale',
  'bio',
  'two_factor_enabled',
  'current_password',
  'new_password',
];

const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue(), { maxKeys: 4 }),
);

function send(method: string, path: string, payload: string, type: string) {
  return app.request(`/api/v1/profile${path}`, {
    method,
    headers: {
      'Content-Type': type,
      Cookie: jar.header(),
      'X-CSRF-TOKEN': jar.get('csrf_access_token') ?? '',
    },
    ...(method === 'GET' ? {} : { body: payload }),
  });
}

describe('random input to every profile endpoint', () => {
  it.each([
    ['PUT', ''],
    ['PUT', '/password'],
  ])('%s /api/v1/profile%s: never a 5xx, database unchanged', async (method, path) => {
    const before = await snapshotDatabase(db);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          jsonBody.map((value) => ({ value, raw: JSON.stringify(value) })),
          fc.string({ maxLength: 200 }).map((raw) => ({ value: undefined, raw })),
        ),
        fc.constantFrom('application/json', 'text/plain'),
        async ({ value, raw }, type) => {
          fc.pre(path !== '' || value === undefined || !UpdateProfileSchema.safeParse(value).success);
          const res = await send(method, path, raw, type);
          expect(res.status).toBeLessThan(500);
          expect(res.status).not.toBe(200);
          expect(await res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        },
      ),
      { numRuns: 150 },
    );
    expect(await snapshotDatabase(db)).toBe(before);
  });

  it.each([['/me'], ['/status']])('GET /api/v1/profile%s with random cookies: never a 5xx', async (path) => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (value) => {
        const res = await app.request(`/api/v1/profile${path}`, {
          headers: { Cookie: `access_token_cookie=${encodeURIComponent(value)}` },
        });
        expect(res.status).toBe(401);
      }),
      { numRuns: 100 },
    );
  });
});
