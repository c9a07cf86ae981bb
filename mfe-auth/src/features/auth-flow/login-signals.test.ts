import { ApiError } from '@trove/kit';
import { describe, expect, it } from 'vitest';
import {
  asksForSecondFactor,
  isSecondFactorRejection,
  isUnverifiedRejection,
  retryAfterFrom,
} from './login-signals';

const rejected = (status: number, message: string, data: unknown = { error: message }) =>
  new ApiError(message, status, data);

describe('login answers (docs/product/accounts.md#second-factor)', () => {
  it.each([
    [{ two_factor: true }],
    [{ twoFactor: true }],
    [{ require_2fa: true }],
    [{ mfa_required: true }],
    [{ otp_required: true }],
    [{ next: 'otp' }],
    [{ purpose: 'login2fa' }],
    [{ two_factor: true, user: null, expires_in: 600, resend_in: 30 }],
  ])('%j asks for the second step', (answer) => {
    expect(asksForSecondFactor(answer)).toBe(true);
  });

  it.each([
    [{ user: { id: 'u1' } }],
    [{ two_factor: false, user: { id: 'u1' } }],
    [{ next: '/chats' }],
    [{ purpose: 'verify' }],
    [null],
    ['ok'],
  ])('%j does not', (answer) => {
    expect(asksForSecondFactor(answer)).toBe(false);
  });
});

describe('rejected logins (docs/product/accounts.md#second-factor)', () => {
  it.each([
    [rejected(401, 'Incorrect credentials')],
    [rejected(400, '2FA code required')],
    [rejected(400, 'MFA required')],
    [rejected(400, 'Two-factor check pending')],
    [rejected(400, 'two factor needed')],
    [rejected(409, 'Send an OTP first')],
  ])('%s means "send a login code"', (error) => {
    expect(isSecondFactorRejection(error)).toBe(true);
  });

  it.each([[rejected(400, 'Bad request')], [rejected(500, 'Server error')], [new Error('Failed to fetch')]])(
    '%s does not',
    (error) => {
      expect(isSecondFactorRejection(error)).toBe(false);
    },
  );

  it.each([
    [rejected(403, 'Forbidden')],
    [rejected(412, 'Precondition failed')],
    [rejected(400, 'Email not verified')],
    [rejected(400, 'Please verify your email')],
    [rejected(400, 'Account unverified')],
  ])('%s means "verify your email first"', (error) => {
    expect(isUnverifiedRejection(error)).toBe(true);
  });

  it.each([[rejected(401, 'Incorrect credentials')], [rejected(429, 'Too many attempts')], [new Error('x')]])(
    '%s does not',
    (error) => {
      expect(isUnverifiedRejection(error)).toBe(false);
    },
  );

  it('retry_after is read from the error body, in seconds', () => {
    expect(retryAfterFrom(rejected(429, 'Wait', { error: 'Wait', retry_after: 17 }))).toBe(17);
    expect(retryAfterFrom(rejected(429, 'Wait'))).toBeNull();
    expect(retryAfterFrom(new Error('x'))).toBeNull();
  });
});
