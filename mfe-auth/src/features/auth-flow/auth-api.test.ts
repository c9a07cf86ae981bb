import type { SessionUser } from '@trove/contracts';
import { createApiClient } from '@trove/kit';
import { describe, expect, it } from 'vitest';
import {
  readCodeTiming,
  readEmailExists,
  readLoginAnswer,
  readSavedUser,
  readVerifiedUser,
  sendRequest,
} from './auth-api';
import type { Request } from './auth-flow-machine';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');
const EMAIL = 'ada@example.com';
const USER: SessionUser = { id: 'u1', name: 'Ada Lovelace', email: EMAIL, phone: null };
/** The timing our auth service sends (contracts' OtpTimingSchema). */
const SERVED_TIMING = {
  expires_in: 600,
  resend_in: 30,
  expires_at: '2026-11-23T10:10:00.000Z',
  resend_at: '2026-11-23T10:00:30.000Z',
};
const OTP = { target: EMAIL, channel: 'email', purpose: 'login2fa', expiresAt: NOW, resendAt: NOW } as const;

/** The kit's real client over a scripted fetch: one answer per call, and the calls it saw. */
function answering(status: number, body: unknown) {
  const calls: { key: string; body: unknown }[] = [];
  const client = createApiClient({
    fetch: (async (input: string, init: RequestInit = {}) => {
      calls.push({
        key: `${init.method} ${input}`,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(body === undefined ? '' : JSON.stringify(body), { status });
    }) as typeof fetch,
    readCookies: () => '',
  });
  return { client, calls };
}

const send = (request: Request, status: number, body?: unknown) => {
  const { client, calls } = answering(status, body);
  return { event: sendRequest(request, client, () => NOW), calls };
};

describe('answers read by their contracts schema, with the docs/product/accounts.md#auth-flow readings for the rest', () => {
  it('exists: only a boolean true is a known email', () => {
    expect(readEmailExists({ exists: true })).toBe(true);
    expect(readEmailExists({ exists: false })).toBe(false);
    expect(readEmailExists({ exists: 'yes' })).toBe(false);
    expect(readEmailExists(null)).toBe(false);
  });

  it('login: the contract user, or the 2-step branch with its timing', () => {
    expect(readLoginAnswer({ user: USER }, NOW)).toEqual({ kind: 'user', user: USER });
    expect(readLoginAnswer({ two_factor: true, user: null, ...SERVED_TIMING }, NOW)).toEqual({
      kind: 'second-factor',
      timing: { expiresAt: NOW + 600_000, resendAt: NOW + 30_000 },
    });
  });

  it('login: another flag without timing is the 2-step branch with the 60 s / 30 s fallbacks', () => {
    expect(readLoginAnswer({ twoFactor: true }, NOW)).toEqual({
      kind: 'second-factor',
      timing: { expiresAt: NOW + 60_000, resendAt: NOW + 30_000 },
    });
  });

  it('login: a user is read only when it has an id (docs/product/shell.md#user); otherwise there is no user', () => {
    expect(readLoginAnswer({ user: { ...USER, id: '' } }, NOW)).toEqual({ kind: 'no-user' });
    expect(readLoginAnswer({ user: null }, NOW)).toEqual({ kind: 'no-user' });
    expect(readLoginAnswer({ ok: true }, NOW)).toEqual({ kind: 'no-user' });
    expect(readLoginAnswer('', NOW)).toEqual({ kind: 'no-user' });
  });

  it('login: a user with an id and nothing else, or a number id, is accepted (docs/product/shell.md#user "mostly not shown")', () => {
    expect(readLoginAnswer({ user: { id: 'u1' } }, NOW)).toEqual({ kind: 'user', user: { id: 'u1' } });
    expect(readLoginAnswer({ user: { id: 7, name: 'Ada' } }, NOW)).toEqual({
      kind: 'user',
      user: { id: 7, name: 'Ada' },
    });
  });

  it('code timing: the served seconds; a partial answer by the documented rule and the fallbacks', async () => {
    const { OtpTimingSchema } = await import('@trove/contracts');
    expect(readCodeTiming(OtpTimingSchema, SERVED_TIMING, NOW)).toEqual({
      expiresAt: NOW + 600_000,
      resendAt: NOW + 30_000,
    });
    expect(readCodeTiming(OtpTimingSchema, { resend_in: 45 }, NOW)).toEqual({
      expiresAt: NOW + 60_000,
      resendAt: NOW + 45_000,
    });
  });

  it('verify and profile save: any user with an id, else none', () => {
    expect(readVerifiedUser({ user: USER })).toEqual(USER);
    expect(readVerifiedUser({ ok: true })).toBeNull();
    expect(readVerifiedUser({ user: { id: 'u1' } })).toEqual({ id: 'u1' });
    expect(readVerifiedUser({ user: { name: 'Ada' } })).toBeNull();
    expect(readSavedUser({ profile: {} })).toBeNull();
    expect(readSavedUser({ user: USER, profile: {} })).toEqual(USER);
  });
});

describe('each request becomes one answer event', () => {
  it('the email check posts the email', async () => {
    const { event, calls } = send({ type: 'checkEmail', email: EMAIL }, 200, { exists: true });
    expect(await event).toEqual({ type: 'emailChecked', exists: true });
    expect(calls).toEqual([{ key: 'POST /api/v1/auth/password/exists', body: { email: EMAIL } }]);
  });

  it.each([
    [401, 'Incorrect credentials', 'second-factor'],
    [403, 'Email not verified', 'unverified'],
    [400, 'Bad request', 'other'],
  ])('a %i login refusal ("%s") asks for: %s', async (status, error, refusal) => {
    const request: Request = { type: 'logIn', email: EMAIL, password: 'pw', remember: false };
    expect(await send(request, status, { error, code: 'x' }).event).toEqual({
      type: 'loginRefused',
      refusal,
      message: error,
    });
  });

  it('a refusal with no message leaves the words to the flow', async () => {
    const request: Request = { type: 'logIn', email: EMAIL, password: 'pw', remember: false };
    expect(await send(request, 500, '').event).toMatchObject({ type: 'loginRefused', message: null });
  });

  it('a 429 on a code request still sends the flow to the code step, retry_after as the wait', async () => {
    const request: Request = {
      type: 'requestCode',
      purpose: 'verify',
      email: EMAIL,
      reason: 'unverified',
      loginMessage: null,
    };
    const { event, calls } = send(request, 429, { error: 'Wait', code: 'rate_limited', retry_after: 17 });
    expect(await event).toEqual({
      type: 'codeSent',
      timing: { expiresAt: NOW + 60_000, resendAt: NOW + 17_000 },
    });
    expect(calls[0]?.body).toEqual({ channel: 'email', target: EMAIL, purpose: 'verify' });
  });

  it('a 409 on register is "already registered"', async () => {
    const request: Request = { type: 'register', email: EMAIL, password: 'Longer-pw-1' };
    expect(await send(request, 409, { error: 'Taken', code: 'email_taken' }).event).toMatchObject({
      type: 'registerFailed',
      alreadyRegistered: true,
    });
  });

  it.each([
    [410, 'expired'],
    [400, 'incorrect'],
    [500, 'other'],
  ])('a %i on verify is a code %s', async (status, reason) => {
    expect(
      await send({ type: 'verifyCode', otp: OTP, code: '123456' }, status, { error: 'x' }).event,
    ).toEqual({
      type: 'codeRefused',
      reason,
      message: 'x',
    });
  });

  it('a reset code is checked at reset/verify; an answer without a token is a failed verification', async () => {
    const request: Request = { type: 'verifyCode', otp: { ...OTP, purpose: 'reset' }, code: '123456' };
    const { event, calls } = send(request, 200, { reset_token: 'token' });
    expect(await event).toEqual({ type: 'resetCodeVerified', resetToken: 'token' });
    expect(calls).toEqual([
      { key: 'POST /api/v1/auth/password/reset/verify', body: { target: EMAIL, code: '123456' } },
    ]);
    expect(await send(request, 200, { ok: true }).event).toEqual({
      type: 'codeRefused',
      reason: 'other',
      message: null,
    });
  });

  it('a refused resend carries retry_after as the new resend time', async () => {
    const { event } = send({ type: 'resendCode', otp: OTP }, 429, { error: 'Wait', retry_after: 20 });
    expect(await event).toEqual({ type: 'resendFailed', resendAt: NOW + 20_000, message: 'Wait' });
  });

  it('reset/complete must answer the contract user', async () => {
    const request: Request = { type: 'completeReset', resetToken: 'token', newPassword: 'Longer-pw-1' };
    expect(await send(request, 200, { user: USER }).event).toEqual({ type: 'passwordReset', user: USER });
    expect(await send(request, 200, { ok: true }).event).toEqual({
      type: 'passwordResetFailed',
      message: null,
    });
  });
});
