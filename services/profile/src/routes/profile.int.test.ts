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
import {
  loginThroughAuth,
  type RunningAuthService,
  signUpThroughAuth,
  startAuthService,
} from '../testing/auth-service';

let testDatabase: TestDatabase;
let db: DatabaseHandle;
let maildev: Maildev;
let auth: RunningAuthService;
let app: ReturnType<typeof createProfileApp>;

const PASSWORD = 'Correct-Horse-9-Battery';

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
    product: 'Trove',
  });
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
  const email = `profile${counter}-${Date.now()}@example.com`;
  return { email, jar: await signUpThroughAuth(auth, maildev, email, PASSWORD) };
}

function request(
  path: string,
  jar: CookieJar,
  options: { method?: string; body?: unknown; csrf?: string | null } = {},
) {
  const headers: Record<string, string> = { Cookie: jar.header() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const csrf = options.csrf === undefined ? jar.get('csrf_access_token') : options.csrf;
  if (csrf !== null && csrf !== undefined && (options.method ?? 'GET') !== 'GET')
    headers['X-CSRF-TOKEN'] = csrf;
  return app.request(`/api/v1/profile${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

const put = (path: string, jar: CookieJar, body: unknown, csrf?: string | null) =>
  request(path, jar, { method: 'PUT', body, ...(csrf === undefined ? {} : { csrf }) });

describe('GET /api/v1/profile/me', () => {
  it('200 {user, profile} for a signed-in user, verified through the JWKS', async () => {
    const { email, jar } = await signUp();
    const res = await request('/me', jar);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ email, name: null, phone: null });
    expect(body.profile).toMatchObject({ first_name: null, complete: false, two_factor_enabled: false });
  });

  it('401 without a session, and with a refresh token in place of the access token', async () => {
    const { jar } = await signUp();
    const bare = await app.request('/api/v1/profile/me');
    expect(bare.status).toBe(401);
    jar.set('access_token_cookie', jar.get('refresh_token_cookie') ?? '');
    expect((await request('/me', jar)).status).toBe(401);
  });
});

describe('GET /api/v1/profile/status', () => {
  it('200 {profile:{first_name,last_name,dob,complete}}; complete once names and dob are saved', async () => {
    const { jar } = await signUp();
    const before = await (await request('/status', jar)).json();
    expect(before).toEqual({ profile: { first_name: null, last_name: null, dob: null, complete: false } });
    await put('', jar, { first_name: 'Ada', last_name: 'Lovelace', dob: '1990-12-10' });
    const after = await request('/status', jar);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({
      profile: { first_name: 'Ada', last_name: 'Lovelace', dob: '1990-12-10', complete: true },
    });
  });

  it('401 without a session', async () => {
    expect((await app.request('/api/v1/profile/status')).status).toBe(401);
  });
});

describe('PUT /api/v1/profile', () => {
  it('200 {profile, user}: saves every field, phone as E.164, and sets users.name from the names', async () => {
    const { jar } = await signUp();
    const res = await put('', jar, {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      gender: 'female',
      dob: '1990-12-10',
      phone: '098765 43210',
      headline: 'Analyst',
      website: 'https://ada.example.org/about',
      linkedin: 'https://www.linkedin.com/in/ada',
      twitter: 'https://x.com/ada',
      github: 'https://github.com/ada',
      timezone: 'Asia/Kolkata',
      locale: 'en-IN',
      city: 'London',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ name: 'Ada Lovelace', phone: '+919876543210' });
    expect(body.profile).toMatchObject({
      first_name: 'Ada',
      phone: '+919876543210',
      gender: 'female',
      dob: '1990-12-10',
      timezone: 'Asia/Kolkata',
      complete: true,
    });
    const me = await (await request('/me', jar)).json();
    expect(me.profile.linkedin).toBe('https://www.linkedin.com/in/ada');
  });

  it.each([
    [{ gender: 'robot' }, 'Gender is required'],
    [{ phone: '12' }, 'Phone number is required'],
    [{ phone: '+1 000 000 0000' }, 'Enter a valid phone number'],
    [{ website: 'http://localhost/me' }, 'Enter a valid website domain'],
    [{ linkedin: 'https://linkedin.com/' }, 'Must be a valid linkedin.com profile/company URL'],
    [{ twitter: 'https://twitter.example.com/ada' }, 'Must be a valid twitter.com or x.com profile URL'],
    [{ github: 'https://gitlab.com/ada' }, 'Must be a valid github.com profile/repo URL'],
    [{ dob: '2999-01-01' }, 'Date of birth cannot be in the future'],
    [{ dob: new Date().toISOString().slice(0, 10) }, 'You must be at least 13 years old.'],
    [{ dob: '10/12/1990' }, 'Enter a valid date of birth (YYYY-MM-DD)'],
    [{ timezone: 'Mars/Base' }, 'Choose a timezone from the list'],
    [{ locale: 'tlh-KL' }, 'Choose a language from the list'],
    [{ headline: 'x'.repeat(201) }, 'Headline must be at most 200 characters'],
    [{ email: 'new@example.com' }, 'Unknown field: email'],
  ])('400 for %j with the docs/product/profile.md#validation message', async (body, message) => {
    const { jar } = await signUp();
    const res = await put('', jar, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, code: 'invalid_request' });
  });

  it('409 "This phone number is already registered" when another account has the phone', async () => {
    const first = await signUp();
    const second = await signUp();
    expect((await put('', first.jar, { phone: '+14155552671' })).status).toBe(200);
    const res = await put('', second.jar, { phone: '(415) 555-2671'.replace('(', '+1 (') });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'This phone number is already registered',
      code: 'phone_taken',
    });
    // Saving one's own number again is fine.
    expect((await put('', first.jar, { phone: '+1 415 555 2671' })).status).toBe(200);
  });

  it('401 "Missing or invalid CSRF token" without the header, with a wrong one, or with the refresh value', async () => {
    const { jar } = await signUp();
    for (const csrf of [null, 'wrong', jar.get('csrf_refresh_token') ?? '']) {
      const res = await put('', jar, { first_name: 'Eve' }, csrf);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Missing or invalid CSRF token', code: 'csrf_failed' });
    }
    const me = await (await request('/me', jar)).json();
    expect(me.profile.first_name).toBeNull();
  });

  it('401 without a session', async () => {
    const res = await app.request('/api/v1/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"first_name":"Eve"}',
    });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/v1/profile/password', () => {
  it('200; the new password works, other sessions are revoked, this one stays, and a notice is mailed', async () => {
    const { email, jar } = await signUp();
    const other = await loginThroughAuth(auth, email, PASSWORD);
    expect(other.res.status).toBe(200);
    const res = await put('/password', jar, { current_password: PASSWORD, new_password: 'Newer-Horse-8!' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password updated' });
    expect((await request('/me', jar)).status).toBe(200);
    expect((await request('/me', other.jar)).status).toBe(401);
    expect((await loginThroughAuth(auth, email, PASSWORD)).res.status).toBe(401);
    expect((await loginThroughAuth(auth, email, 'Newer-Horse-8!')).res.status).toBe(200);
    const notice = await maildev.waitForMail(email, 2);
    expect(notice.subject).toBe('Your Trove password was changed');
  });

  it('400 "Current password is incorrect"', async () => {
    const { jar } = await signUp();
    const res = await put('/password', jar, {
      current_password: 'Wrong-Horse-9',
      new_password: 'Newer-Horse-8!',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Current password is incorrect', code: 'invalid_request' });
  });

  it('400 when the new password breaks the docs/product/profile.md#validation rule or is a common password', async () => {
    const { jar } = await signUp();
    const weak = await put('/password', jar, { current_password: PASSWORD, new_password: 'alllowercase' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({
      error: 'Min 8 chars with upper, lower, number, special',
      code: 'invalid_request',
    });
    const common = await put('/password', jar, { current_password: PASSWORD, new_password: 'P@ssw0rd' });
    expect(common.status).toBe(400);
    expect((await common.json()).error).toBe('This password is too common. Choose another one.');
  });

  it('401 without the CSRF header', async () => {
    const { jar } = await signUp();
    const res = await put(
      '/password',
      jar,
      { current_password: PASSWORD, new_password: 'Newer-Horse-8!' },
      null,
    );
    expect(res.status).toBe(401);
  });
});
