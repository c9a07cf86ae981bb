import { testTime } from '@trove/service-core/testing/time';
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
  type TestDatabase,
} from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileApp } from '../app';
import { type RunningAuthService, signUpThroughAuth, startAuthService } from '../testing/auth-service';

// Issue 18 item 11: a phone number replaced, 2-step turned off and the password changed each need the
// current password, mail a notice, and the current-password check is rate-limited. Its own database, so
// the per-IP budget (every in-process request is one client) is this file's alone.

let testDatabase: TestDatabase;
let db: DatabaseHandle;
let maildev: Maildev;
let auth: RunningAuthService;

const PASSWORD = 'Correct-Horse-9-Battery';
const REAUTH = {
  error: 'Enter your current password to change your phone number or turn off 2-step verification.',
  code: 'reauth_required',
};

function profileApp(currentPassword: { passwordChecksPerMinute?: number; failuresPerHour?: number } = {}) {
  return createProfileApp({
    db,
    logger: captureLogs().logger,
    verificationKey: remoteVerificationKeys(auth.jwksUrl),
    product: 'Trove',
    currentPassword: { passwordChecksPerMinute: 1_000, failuresPerHour: 1_000, ...currentPassword },
  });
}

let app: ReturnType<typeof createProfileApp>;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 4 });
  await migrateToLatest(db);
  maildev = await Maildev.start();
  auth = await startAuthService({ databaseUrl: testDatabase.url, smtpUrl: maildev.smtpUrl });
  app = profileApp();
}, testTime(60_000));
afterAll(async () => {
  await auth?.stop();
  await maildev?.stop();
  await db?.destroy();
  await testDatabase?.drop();
});

let counter = 0;
async function signUp(): Promise<{ email: string; jar: CookieJar }> {
  counter += 1;
  const email = `sensitive${counter}-${Date.now()}@example.com`;
  return { email, jar: await signUpThroughAuth(auth, maildev, email, PASSWORD) };
}

async function put(
  target: ReturnType<typeof createProfileApp>,
  path: string,
  jar: CookieJar,
  body: unknown,
): Promise<Response> {
  return await target.request(`/api/v1/profile${path}`, {
    method: 'PUT',
    headers: {
      Cookie: jar.header(),
      'Content-Type': 'application/json',
      'X-CSRF-TOKEN': jar.get('csrf_access_token') ?? '',
    },
    body: JSON.stringify(body),
  });
}

const subjects = async (email: string) => (await maildev.mailsTo(email)).map((mail) => mail.subject);

describe('a phone number in place of another needs the current password', () => {
  it('403 reauth_required without it, 400 with a wrong one (nothing saved either time), 200 with it and a notice mail', async () => {
    const { email, jar } = await signUp();
    // The first number is an addition: the profile page's first save asks for nothing more.
    expect((await put(app, '', jar, { phone: '+14155552671' })).status).toBe(200);

    const bare = await put(app, '', jar, { phone: '+14155552672', city: 'Pune' });
    expect(bare.status).toBe(403);
    expect(await bare.json()).toEqual(REAUTH);
    const wrong = await put(app, '', jar, { phone: '+14155552672', current_password: 'Wrong-Horse-1' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'Current password is incorrect', code: 'invalid_request' });
    const unchanged = await db
      .selectFrom('users')
      .select('phone')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(unchanged?.phone).toBe('+14155552671');

    const ok = await put(app, '', jar, { phone: '+14155552672', city: 'Pune', current_password: PASSWORD });
    expect(ok.status).toBe(200);
    expect((await ok.json()).profile).toMatchObject({ phone: '+14155552672', city: 'Pune' });
    const notice = await maildev.waitForMail(email, 2);
    expect(notice.subject).toBe('Your Trove phone number was changed');
    expect(notice.text).toMatch(/If this was not you, reset your password/);
  });

  it('saving the same number again, or any other field, needs nothing', async () => {
    const { email, jar } = await signUp();
    expect((await put(app, '', jar, { phone: '+14155552673' })).status).toBe(200);
    expect((await put(app, '', jar, { phone: '+1 415 555 2673', headline: 'Analyst' })).status).toBe(200);
    expect(await subjects(email)).not.toContain('Your Trove phone number was changed');
  });
});

describe('turning 2-step off needs the current password; turning it on does not', () => {
  it('on: 200 at once; off: 403, then 200 with the password and a notice mail', async () => {
    const { email, jar } = await signUp();
    expect((await put(app, '', jar, { two_factor_enabled: true })).status).toBe(200);
    const bare = await put(app, '', jar, { two_factor_enabled: false });
    expect(bare.status).toBe(403);
    expect(await bare.json()).toEqual(REAUTH);
    const still = await db
      .selectFrom('users')
      .select('two_factor_enabled')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(still?.two_factor_enabled).toBe(true);
    const ok = await put(app, '', jar, { two_factor_enabled: false, current_password: PASSWORD });
    expect(ok.status).toBe(200);
    expect((await ok.json()).profile.two_factor_enabled).toBe(false);
    const notice = await maildev.waitForMail(email, 2);
    expect(notice.subject).toBe('Your Trove 2-step verification was turned off');
  });
});

describe('the current-password check is rate-limited', () => {
  it('per account (RATE_CURRENT_PASSWORD_FAILURES_PER_HOUR): taken before the check, so parallel guesses stop at the limit; a right password gives its point back', async () => {
    const limited = profileApp({ failuresPerHour: 3 });
    const { jar } = await signUp();
    expect((await put(limited, '', jar, { two_factor_enabled: true })).status).toBe(200);
    // A right password spends nothing: three in a row still leave the budget whole.
    for (let index = 0; index < 3; index += 1) {
      const res = await put(limited, '/password', jar, {
        current_password: PASSWORD,
        new_password: PASSWORD,
      });
      expect(res.status).toBe(200);
    }
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        put(limited, '/password', jar, {
          current_password: 'Wrong-Horse-1',
          new_password: 'Newer-Horse-8!',
        }).then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // The phone change and 2-step share the account's budget; even the right password waits now.
    const refused = await put(limited, '', jar, { two_factor_enabled: false, current_password: PASSWORD });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.code).toBe('rate_limited');
    expect(body.retry_after).toBeGreaterThan(3_000);
  });

  it('per IP (RATE_PASSWORD_CHECKS_PER_MINUTE, the budget login shares), counted before the hash', async () => {
    const limited = profileApp({ passwordChecksPerMinute: 2 });
    const users = [await signUp(), await signUp(), await signUp()];
    // Other tests in this file spend the same per-IP key: start the count from what is left.
    await db.deleteFrom('rate_limits').where('key', 'like', 'password_ip%').execute();
    const attempt = (jar: CookieJar) =>
      put(limited, '/password', jar, { current_password: 'Wrong-Horse-1', new_password: 'Newer-Horse-8!' });
    expect((await attempt(users[0]?.jar as CookieJar)).status).toBe(400);
    expect((await attempt(users[1]?.jar as CookieJar)).status).toBe(400);
    const refused = await attempt(users[2]?.jar as CookieJar);
    expect(refused.status).toBe(429);
    expect((await refused.json()).retry_after).toBeLessThanOrEqual(60);
  });
});
