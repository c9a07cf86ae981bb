import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/client';
import { CookieJar } from '../testing/harness';
import { type AuthTestbed, createAuthTestbed, PASSWORD } from '../testing/setup';

let bed: AuthTestbed;

beforeAll(async () => {
  bed = await createAuthTestbed();
});

afterAll(async () => {
  await bed?.close();
});

const post = (path: string, body: unknown, jar?: CookieJar) =>
  call(bed.app, `/api/v1/auth${path}`, { body, ...(jar ? { jar } : {}) });

let counter = 0;
function freshEmail(): string {
  counter += 1;
  return `person${counter}-${Date.now()}@example.com`;
}

async function register(email: string, password = PASSWORD) {
  return post('/password/register', { email, password });
}

/** Mails ever queued to `email` (sent or not). */
async function queuedTo(email: string): Promise<number> {
  const rows = await bed.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();
  return rows.length;
}

function expectTiming(body: Record<string, unknown>) {
  expect(body).toMatchObject({
    expires_in: 600,
    resend_in: 30,
    expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    resend_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
}

async function enableTwoFactor(email: string) {
  await bed.db.updateTable('users').set({ two_factor_enabled: true }).where('email', '=', email).execute();
}

describe('POST /api/v1/auth/password/register', () => {
  it('201 with the code timing, and mails a verify code (text and HTML, product name)', async () => {
    const email = freshEmail();
    const res = await register(email);
    expect(res.status).toBe(201);
    expectTiming(await res.json());
    await bed.worker.runOnce();
    const mail = await bed.maildev.waitForMail(email);
    expect(mail.subject).toBe('Your Trove verification code');
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.html).toContain('<p style="font-size:32px');
  });

  it('stores an argon2id hash (m=19456, t=2, p=1), never the password, and a lower-cased email', async () => {
    const email = freshEmail();
    await register(email.toUpperCase());
    const row = await bed.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.email_verified_at).toBeNull();
  });

  // Issue 35 item 1: each of these once reached me@mail.test as a list, a group or a display name.
  it.each([['x1,me@mail.test'], ['<me@mail.test>'], ['g:me@mail.test;'], ['"a" <me@mail.test>']])(
    '%s is a 400 naming the email field, and no mail is queued',
    async (email) => {
      const res = await register(email);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string };
      expect(body.error).toMatch(/^email must be one address like name@example\.com/);
      const queued = await bed.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', 'like', '%me@mail.test%')
        .execute();
      expect(queued).toEqual([]);
    },
  );

  it.each([
    ['/otp/request', { channel: 'email', target: '<me@mail.test>', purpose: 'verify' }, 'target'],
    ['/password/reset/request', { channel: 'email', target: 'x1,me@mail.test' }, 'target'],
    ['/password/exists', { email: 'g:me@mail.test;' }, 'email'],
    ['/password/login', { email: '"a" <me@mail.test>', password: PASSWORD }, 'email'],
  ])('%s refuses an address in header syntax, naming %s', async (path, body, field) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(
      new RegExp(`^${field} must be one address`),
    );
  });

  it('409 when the email exists (any case)', async () => {
    const email = freshEmail();
    await register(email);
    const res = await register(email.toUpperCase());
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'An account with this email already exists',
      code: 'email_taken',
    });
  });

  it.each([
    ['a bad email', { email: 'ada@example', password: PASSWORD }, 'Please enter a valid email address.'],
    [
      'a password under 8 characters',
      { email: 'short@example.com', password: 'Ab1!xyz' },
      'Minimum 8 characters',
    ],
    [
      'a password over 128 characters',
      { email: 'long@example.com', password: 'A1!'.repeat(43) },
      'Maximum 128 characters',
    ],
    [
      'a common password',
      { email: 'common@example.com', password: 'password1' },
      'This password is too common. Choose another one.',
    ],
    [
      'a common password in another case',
      { email: 'common2@example.com', password: 'SUNSHINE1' },
      'This password is too common. Choose another one.',
    ],
  ])('400 for %s', async (_, body, message) => {
    const res = await post('/password/register', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, code: 'invalid_request' });
  });
});

describe('POST /api/v1/auth/otp/verify (purpose verify)', () => {
  it('200 with the user and session cookies, and marks the email verified', async () => {
    const email = freshEmail();
    await register(email);
    const code = await bed.codeFor(email);
    const jar = new CookieJar();
    const res = await post('/otp/verify', { target: email, code, purpose: 'verify' }, jar);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ email, name: null, phone: null, id: expect.any(String) });
    for (const name of [
      'access_token_cookie',
      'refresh_token_cookie',
      'csrf_access_token',
      'csrf_refresh_token',
    ]) {
      expect(jar.get(name)).toBeTruthy();
    }
    const row = await bed.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });

  it('400 for a wrong code', async () => {
    const email = freshEmail();
    await register(email);
    const code = await bed.codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/otp/verify', { target: email, code: wrong, purpose: 'verify' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Incorrect code', code: 'code_incorrect' });
  });

  it('410 for an expired code', async () => {
    const email = freshEmail();
    await register(email);
    const code = await bed.codeFor(email);
    await bed.db
      .updateTable('one_time_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('target', '=', email)
      .execute();
    const res = await post('/otp/verify', { target: email, code, purpose: 'verify' });
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ error: 'Code expired', code: 'code_expired' });
  });

  it('410 for a code already used (single use)', async () => {
    const email = freshEmail();
    await register(email);
    const code = await bed.codeFor(email);
    expect((await post('/otp/verify', { target: email, code, purpose: 'verify' })).status).toBe(200);
    expect((await post('/otp/verify', { target: email, code, purpose: 'verify' })).status).toBe(410);
  });

  it('after 5 wrong tries the code is burned: even the right code is 410', async () => {
    const email = freshEmail();
    await register(email);
    const code = await bed.codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/otp/verify', { target: email, code: wrong, purpose: 'verify' })).status).toBe(400);
    }
    expect((await post('/otp/verify', { target: email, code, purpose: 'verify' })).status).toBe(410);
  });

  it('two concurrent right answers: exactly one 200', async () => {
    const email = freshEmail();
    await register(email);
    const code = await bed.codeFor(email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/otp/verify', { target: email, code, purpose: 'verify' })),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 410, 410, 410, 410]);
  });

  it('a code is bound to its target and purpose', async () => {
    const first = freshEmail();
    const second = freshEmail();
    await register(first);
    await register(second);
    const code = await bed.codeFor(first);
    await bed.codeFor(second);
    expect((await post('/otp/verify', { target: second, code, purpose: 'verify' })).status).toBe(400);
    await enableTwoFactor(first);
    const login2fa = await post('/otp/verify', { target: first, code, purpose: 'login2fa' });
    expect(login2fa.status).toBe(401);
    // The verify code still works for its own purpose and target.
    expect((await post('/otp/verify', { target: first, code, purpose: 'verify' })).status).toBe(200);
  });

  it('400 for a code that is not 6 digits; leading zeros and spaces are fine', async () => {
    const res = await post('/otp/verify', { target: 'x@example.com', code: '12345', purpose: 'verify' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Enter 6-digit code', code: 'invalid_request' });
    const spaced = await post('/otp/verify', { target: 'x@example.com', code: '012 345', purpose: 'verify' });
    expect(spaced.status).toBe(400);
    expect((await spaced.json()).code).toBe('code_incorrect');
  });
});

describe('POST /api/v1/auth/otp/request', () => {
  it('200 with the timing, and a new code by mail', async () => {
    const email = freshEmail();
    await register(email);
    await bed.codeFor(email);
    await bed.db
      .updateTable('one_time_codes')
      .set({ created_at: sql`now() - interval '31 seconds'` })
      .where('target', '=', email)
      .execute();
    const res = await post('/otp/request', { channel: 'email', target: email, purpose: 'verify' });
    expect(res.status).toBe(200);
    expectTiming(await res.json());
    const code = await bed.codeFor(email, 2);
    expect((await post('/otp/verify', { target: email, code, purpose: 'verify' })).status).toBe(200);
  });

  it('asked again before resend_in: 200 with the wait left as resend_in, and no new mail', async () => {
    const email = freshEmail();
    await register(email);
    const res = await post('/otp/request', { channel: 'email', target: email, purpose: 'verify' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectTiming({ ...body, resend_in: 30 });
    expect(body.resend_in).toBeGreaterThan(25);
    expect(body.resend_in).toBeLessThanOrEqual(30);
    // One mail queued, the register's: maildev answers SMTP before it stores a message (ci57 read none straight
    // after the send), so the one sent is waited for, and "no new mail" is read off the outbox.
    expect(await queuedTo(email)).toBe(1);
    await bed.worker.runOnce();
    await bed.maildev.waitForMail(email);
    expect(await bed.maildev.mailsTo(email)).toHaveLength(1);
  });

  it('answers alike for a known, an unknown, a verified and an over-asked address (issue 18 item 15)', async () => {
    const known = freshEmail();
    await register(known);
    await bed.db
      .updateTable('one_time_codes')
      .set({ created_at: sql`now() - interval '31 seconds'` })
      .where('target', '=', known)
      .execute();
    const unknown = freshEmail();
    const verified = freshEmail();
    await bed.signUp(verified);
    const ask = (target: string) => post('/otp/request', { channel: 'email', target, purpose: 'verify' });
    const answers = [
      await ask(known),
      await ask(unknown),
      await ask(verified),
      await ask(known),
      await ask(unknown),
    ];
    const bodies = await Promise.all(answers.map((res) => res.json()));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    for (const body of bodies) expect(shape(body)).toEqual(shape(bodies[0]));
    // The first ask of each address shows the full wait; the second, known or not, the wait left.
    expect(bodies.slice(0, 3).map((body) => body.resend_in)).toEqual([30, 30, 30]);
    expect(bodies[3].resend_in).toBeLessThanOrEqual(30);
    expect(bodies[4].resend_in).toBeLessThanOrEqual(30);
  });

  it('200 and no mail for an unknown or already-verified target (purpose verify)', async () => {
    const unknown = freshEmail();
    const unknownRes = await post('/otp/request', { channel: 'email', target: unknown, purpose: 'verify' });
    expect(unknownRes.status).toBe(200);
    expectTiming(await unknownRes.json());
    const verified = freshEmail();
    await bed.signUp(verified);
    const verifiedRes = await post('/otp/request', { channel: 'email', target: verified, purpose: 'verify' });
    expect(verifiedRes.status).toBe(200);
    await bed.worker.runOnce();
    expect(await queuedTo(unknown)).toBe(0);
    expect(await queuedTo(verified)).toBe(1);
    // Stored by maildev a moment after SMTP's answer: waited for, not read at once.
    await bed.maildev.waitForMail(verified);
    expect(await bed.maildev.mailsTo(unknown)).toHaveLength(0);
  });

  it('401 for login2fa without the pending-login cookie', async () => {
    const email = freshEmail();
    await bed.signUp(email);
    await enableTwoFactor(email);
    const res = await post('/otp/request', { channel: 'email', target: email, purpose: 'login2fa' });
    expect(res.status).toBe(401);
  });

  it('400 for a channel other than email or an unknown purpose', async () => {
    const sms = await post('/otp/request', { channel: 'sms', target: 'a@example.com', purpose: 'verify' });
    expect(sms.status).toBe(400);
    const reset = await post('/otp/request', { channel: 'email', target: 'a@example.com', purpose: 'reset' });
    expect(reset.status).toBe(400);
  });
});

describe('POST /api/v1/auth/password/login', () => {
  it('200 with the user, the four session cookies (HttpOnly tokens, narrow paths, SameSite=Lax) and the known-device mark', async () => {
    const email = freshEmail();
    await bed.signUp(email);
    const res = await post('/password/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email });
    const cookies = res.headers.getSetCookie();
    const find = (name: string) => cookies.find((line) => line.startsWith(`${name}=`)) ?? '';
    expect(find('access_token_cookie')).toMatch(/Path=\/api\/v1;.*HttpOnly/);
    expect(find('refresh_token_cookie')).toMatch(/Path=\/api\/v1\/auth;.*HttpOnly/);
    expect(find('csrf_access_token')).not.toMatch(/HttpOnly/);
    expect(find('csrf_refresh_token')).not.toMatch(/HttpOnly/);
    // Issue 18 item 4: only the login route ever sees it, and no page script.
    expect(find('trove_known_device')).toMatch(
      /Path=\/api\/v1\/auth\/password\/login;.*HttpOnly.*SameSite=Strict/,
    );
    const session = cookies.filter(
      (cookie) => !cookie.startsWith('pending_login_token') && !cookie.startsWith('trove_known_device'),
    );
    expect(session).toHaveLength(4);
    for (const line of session) {
      expect(line).toMatch(/SameSite=Lax/);
      expect(line).not.toMatch(/Secure/);
    }
  });

  it('Secure cookies when the proxy says the browser came over https', async () => {
    const email = freshEmail();
    await bed.signUp(email);
    // In-process requests have no socket, so no trusted proxy: X-Forwarded-Proto is not believed.
    const forged = await call(bed.app, '/api/v1/auth/password/login', {
      body: { email, password: PASSWORD },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(forged.headers.getSetCookie().some((line) => /Secure/.test(line))).toBe(false);
    const https = await bed.app.request('https://trove.example/api/v1/auth/password/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(https.headers.getSetCookie().every((line) => /Secure/.test(line))).toBe(true);
    // Secure: the readable CSRF cookies carry the __Host- prefix, on Path=/ with no Domain (issue 18 item 13).
    const names = https.headers.getSetCookie().map((line) => line.slice(0, line.indexOf('=')));
    expect(names).toEqual(expect.arrayContaining(['__Host-csrf_access_token', '__Host-csrf_refresh_token']));
    expect(names).not.toContain('csrf_access_token');
    for (const line of https.headers.getSetCookie().filter((cookie) => cookie.startsWith('__Host-'))) {
      expect(line).toMatch(/Path=\/;/);
      expect(line).not.toMatch(/Domain=/i);
    }
    // And the session works with them: a state-changing call echoes the prefixed value.
    const jar = new CookieJar();
    jar.store(https);
    const loggedOut = await bed.app.request('https://trove.example/api/v1/auth/logout', {
      method: 'POST',
      headers: {
        Cookie: jar.header(),
        'X-CSRF-TOKEN': jar.get('__Host-csrf_refresh_token') ?? '',
      },
    });
    expect(loggedOut.status).toBeLessThan(300);
  });

  it('401 "Incorrect credentials" for a wrong password and for an unknown email, same body', async () => {
    const email = freshEmail();
    await bed.signUp(email);
    const wrong = await post('/password/login', { email, password: 'Wrong-Horse-9-Battery' });
    const unknown = await post('/password/login', { email: freshEmail(), password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Incorrect credentials', code: 'invalid_credentials' });
    expect(await unknown.json()).toEqual({ error: 'Incorrect credentials', code: 'invalid_credentials' });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('403 "Email not verified" for an unverified account whose password matched, no cookies', async () => {
    const email = freshEmail();
    await register(email);
    const res = await post('/password/login', { email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Email not verified', code: 'email_not_verified' });
    expect(res.headers.getSetCookie()).toEqual([]);
    // The wrong password on the same account is still a 401: the 403 needs the password.
    expect((await post('/password/login', { email, password: 'Wrong-Horse-9-Battery' })).status).toBe(401);
  });

  it('two-step: 200 {two_factor:true, user:null}, a pending-login cookie only, and a login2fa code mailed', async () => {
    const email = freshEmail();
    await bed.signUp(email);
    await enableTwoFactor(email);
    const jar = new CookieJar();
    const res = await post('/password/login', { email, password: PASSWORD }, jar);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ two_factor: true, user: null });
    expectTiming(body);
    expect(jar.get('access_token_cookie')).toBeUndefined();
    expect(jar.get('refresh_token_cookie')).toBeUndefined();
    const pending = res.headers.getSetCookie().find((line) => line.startsWith('pending_login_token=')) ?? '';
    expect(pending).toMatch(/HttpOnly/);
    expect(pending).toMatch(/Path=\/api\/v1\/auth\/otp/);

    const code = await bed.codeFor(email, 2);
    // The code alone (no pending-login cookie) signs nobody in, and does not use the code up.
    expect((await post('/otp/verify', { target: email, code, purpose: 'login2fa' })).status).toBe(401);
    const signedIn = await post('/otp/verify', { target: email, code, purpose: 'login2fa' }, jar);
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user).toMatchObject({ email });
    expect(jar.get('access_token_cookie')).toBeTruthy();
    expect(jar.get('pending_login_token')).toBeUndefined();
  });

  it("a pending-login cookie of one account does not unlock another account's code", async () => {
    const alice = freshEmail();
    const bob = freshEmail();
    await bed.signUp(alice);
    await bed.signUp(bob);
    await enableTwoFactor(alice);
    await enableTwoFactor(bob);
    const aliceJar = new CookieJar();
    await post('/password/login', { email: alice, password: PASSWORD }, aliceJar);
    await post('/password/login', { email: bob, password: PASSWORD });
    const bobCode = await bed.codeFor(bob, 2);
    expect(
      (await post('/otp/verify', { target: bob, code: bobCode, purpose: 'login2fa' }, aliceJar)).status,
    ).toBe(401);
  });

  it('400 for a missing password', async () => {
    const res = await post('/password/login', { email: 'ada@example.com' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Password is required', code: 'invalid_request' });
  });
});

describe('password reset', () => {
  it('reset/request: 200 and a code for a known email; 200 and no mail for an unknown one', async () => {
    const known = freshEmail();
    await bed.signUp(known);
    const unknown = freshEmail();
    const knownRes = await post('/password/reset/request', { target: known, channel: 'email' });
    const unknownRes = await post('/password/reset/request', { target: unknown, channel: 'email' });
    expect(knownRes.status).toBe(200);
    expect(unknownRes.status).toBe(200);
    expect(Object.keys(await knownRes.json()).sort()).toEqual(Object.keys(await unknownRes.json()).sort());
    await bed.worker.runOnce();
    const mail = await bed.maildev.waitForMail(known, 2);
    expect(mail.subject).toBe('Your Trove password reset code');
    expect(await bed.maildev.mailsTo(unknown)).toHaveLength(0);
  });

  it('verify → reset_token; complete → 200 {user} + cookies, other sessions revoked, email verified', async () => {
    const email = freshEmail();
    const otherSession = await bed.signUp(email);
    await post('/password/reset/request', { target: email, channel: 'email' });
    const code = await bed.codeFor(email, 2);

    const wrong = await post('/password/reset/verify', {
      target: email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    const verified = await post('/password/reset/verify', { target: email, code });
    expect(verified.status).toBe(200);
    const { reset_token } = await verified.json();
    expect(reset_token).toMatch(/^[\w-]{40,}$/);
    expect((await post('/password/reset/verify', { target: email, code })).status).toBe(410);

    const weak = await post('/password/reset/complete', { reset_token, new_password: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({
      error: 'New password must be at least 8 characters.',
      code: 'invalid_request',
    });

    const jar = new CookieJar();
    const done = await post(
      '/password/reset/complete',
      { reset_token, new_password: 'Another-Horse-7' },
      jar,
    );
    expect(done.status).toBe(200);
    expect((await done.json()).user).toMatchObject({ email });
    expect(jar.get('access_token_cookie')).toBeTruthy();

    expect((await call(bed.app, '/api/v1/auth/me', { jar })).status).toBe(200);
    expect((await call(bed.app, '/api/v1/auth/me', { jar: otherSession })).status).toBe(401);
    expect(
      (await call(bed.app, '/api/v1/auth/refresh', { method: 'POST', jar: otherSession, csrf: 'refresh' }))
        .status,
    ).toBe(401);

    expect((await post('/password/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await post('/password/login', { email, password: 'Another-Horse-7' })).status).toBe(200);
    // Single use.
    expect(
      (await post('/password/reset/complete', { reset_token, new_password: 'Third-Horse-7' })).status,
    ).toBe(410);
  });

  it('complete marks an unverified email verified (the code proved the mailbox)', async () => {
    const email = freshEmail();
    await register(email);
    await bed.codeFor(email);
    await post('/password/reset/request', { target: email, channel: 'email' });
    const code = await bed.codeFor(email, 2);
    const { reset_token } = await (await post('/password/reset/verify', { target: email, code })).json();
    expect(
      (await post('/password/reset/complete', { reset_token, new_password: 'Another-Horse-7' })).status,
    ).toBe(200);
    expect((await post('/password/login', { email, password: 'Another-Horse-7' })).status).toBe(200);
  });

  it('complete: 400 for an unknown token, 410 for an expired one', async () => {
    expect(
      (await post('/password/reset/complete', { reset_token: 'nope', new_password: 'Another-Horse-7' }))
        .status,
    ).toBe(400);
    const email = freshEmail();
    await bed.signUp(email);
    await post('/password/reset/request', { target: email, channel: 'email' });
    const code = await bed.codeFor(email, 2);
    const { reset_token } = await (await post('/password/reset/verify', { target: email, code })).json();
    await bed.db
      .updateTable('one_time_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('purpose', '=', 'reset_token')
      .execute();
    expect(
      (await post('/password/reset/complete', { reset_token, new_password: 'Another-Horse-7' })).status,
    ).toBe(410);
  });
});
