import type { SessionUser } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import {
  type Effect,
  type FlowEvent,
  initialState,
  type MachineState,
  type Request,
  transition,
} from './auth-flow-machine';

// The auth flow's steps and branches (docs/product/accounts.md#steps, docs/product/accounts.md#auth-flow, docs/product/accounts.md#errors) as plain transitions: no React, no fetch, no
// clock. The same branches through the page, against a stubbed API, are in expose/auth-page.test.tsx.

const EMAIL = 'ada@example.com';
const USER: SessionUser = { id: 'u1', name: 'Ada Lovelace', email: EMAIL, phone: null };
const TIMING = { expiresAt: 1_700_000_600_000, resendAt: 1_700_000_030_000 };

/** Applies the events in order; the effects are the last transition's. */
function play(state: MachineState, ...events: FlowEvent[]): { state: MachineState; effects: Effect[] } {
  let result = { state, effects: [] as Effect[] };
  for (const event of events) result = transition(result.state, event);
  return result;
}

const sent = (effects: Effect[]): Request | undefined =>
  effects.flatMap((effect) => (effect.type === 'send' ? [effect.request] : []))[0];
const flashes = (effects: Effect[]) =>
  effects.flatMap((effect) => (effect.type === 'flash' ? [`${effect.tone}: ${effect.message}`] : []));

const atIdentify = () => initialState(null);
const atLogin = () => initialState(EMAIL);
const loggingIn = (remember = false) =>
  play(atLogin(), { type: 'logInSubmitted', password: 'Correct-Horse-9', remember });
/** At the code step for a login2fa code, as after a 2-step login answer. */
const atLoginCode = () =>
  play(loggingIn().state, {
    type: 'loginAnswered',
    answer: { kind: 'second-factor', timing: TIMING },
  }).state;
const atResetCode = () =>
  play(atLogin(), { type: 'forgotPasswordChosen' }, { type: 'resetCodeSent', timing: TIMING }).state;
const atReset = () =>
  play(
    atResetCode(),
    { type: 'codeSubmitted', code: '123456' },
    {
      type: 'resetCodeVerified',
      resetToken: 'token',
    },
  ).state;

describe('where the flow starts (docs/product/accounts.md#steps)', () => {
  it('at identify with no email, or at login with a remembered one', () => {
    expect(atIdentify().flow).toMatchObject({ step: 'identify', email: '' });
    expect(atLogin().flow).toMatchObject({ step: 'login', email: EMAIL });
  });
});

describe('identify (docs/product/accounts.md#identify, docs/product/accounts.md#errors)', () => {
  it('a missing email is a field message only', () => {
    const { state, effects } = play(atIdentify(), { type: 'emailSubmitted', raw: '  ' });
    expect(state.errors).toEqual({ email: 'Email is required' });
    expect(effects).toEqual([]);
  });

  it('an invalid email is a field message and a flash', () => {
    const { state, effects } = play(atIdentify(), { type: 'emailSubmitted', raw: 'ada@example' });
    expect(state.errors).toEqual({ email: 'Please enter a valid email address.' });
    expect(flashes(effects)).toEqual(['error: Please enter a valid email address.']);
    expect(sent(effects)).toBeUndefined();
  });

  it('a valid email is checked for existence, trimmed and lower-cased', () => {
    const { state, effects } = play(atIdentify(), { type: 'emailSubmitted', raw: ' Ada@Example.com ' });
    expect(sent(effects)).toEqual({ type: 'checkEmail', email: EMAIL });
    expect(state.awaiting).toEqual({ type: 'checkEmail', email: EMAIL });
  });

  it('an existing email goes to login', () => {
    const { state } = play(
      atIdentify(),
      { type: 'emailSubmitted', raw: EMAIL },
      { type: 'emailChecked', exists: true },
    );
    expect(state.flow).toMatchObject({ step: 'login', email: EMAIL });
    expect(state.awaiting).toBeNull();
  });

  it('an unknown email opens the unknown-email dialog; "Sign up & continue" goes to register', () => {
    const asked = play(
      atIdentify(),
      { type: 'emailSubmitted', raw: EMAIL },
      { type: 'emailChecked', exists: false },
    );
    expect(asked.state.flow).toMatchObject({ step: 'identify', email: EMAIL });
    expect(asked.effects).toEqual([{ type: 'askUnknownEmail', email: EMAIL }]);
    const { state, effects } = play(asked.state, { type: 'signUpChosen' });
    expect(state.flow).toMatchObject({ step: 'register', email: EMAIL });
    expect(effects).toEqual([{ type: 'closeDialog' }]);
  });

  it('a failed email check: the server message, else "Could not check email"', () => {
    const checking = play(atIdentify(), { type: 'emailSubmitted', raw: EMAIL }).state;
    expect(flashes(play(checking, { type: 'emailCheckFailed', message: null }).effects)).toEqual([
      'error: Could not check email',
    ]);
    expect(
      flashes(play(checking, { type: 'emailCheckFailed', message: 'Too many attempts' }).effects),
    ).toEqual(['error: Too many attempts']);
  });
});

describe('login (docs/product/accounts.md#login)', () => {
  it('an empty password is "Password is required", and nothing is sent', () => {
    const { state, effects } = play(atLogin(), { type: 'logInSubmitted', password: '', remember: false });
    expect(state.errors).toEqual({ password: 'Password is required' });
    expect(effects).toEqual([]);
  });

  it('a user: the choice to remember is saved, then the profile check', () => {
    const submitted = loggingIn(true);
    expect(sent(submitted.effects)).toEqual({
      type: 'logIn',
      email: EMAIL,
      password: 'Correct-Horse-9',
      remember: true,
    });
    const { effects } = play(submitted.state, {
      type: 'loginAnswered',
      answer: { kind: 'user', user: USER },
    });
    expect(effects).toEqual([
      { type: 'rememberChoice', remember: true, email: EMAIL },
      { type: 'send', request: { type: 'checkProfile', user: USER, successMessage: 'Welcome back!' } },
    ]);
  });

  it('a complete profile: "Welcome back!", then the user is set and the flow leaves', () => {
    const { state, effects } = play(
      loggingIn().state,
      { type: 'loginAnswered', answer: { kind: 'user', user: USER } },
      { type: 'profileChecked', complete: true },
    );
    expect(effects).toEqual([
      { type: 'flash', tone: 'success', message: 'Welcome back!' },
      { type: 'finish', user: USER },
    ]);
    expect(state.leaving).toBe(true);
  });

  it('an incomplete profile: the profile step, the user kept until it is saved', () => {
    const { state, effects } = play(
      loggingIn().state,
      { type: 'loginAnswered', answer: { kind: 'user', user: USER } },
      { type: 'profileChecked', complete: false },
    );
    expect(state.flow).toMatchObject({ step: 'profile', pendingUser: USER });
    expect(effects).toEqual([]);
  });

  it('a second-factor answer goes to the code step with its timing, asking for no code', () => {
    const { state, effects } = play(loggingIn().state, {
      type: 'loginAnswered',
      answer: { kind: 'second-factor', timing: TIMING },
    });
    expect(state.flow).toMatchObject({
      step: 'verify',
      newRegistration: false,
      otp: { target: EMAIL, channel: 'email', purpose: 'login2fa', ...TIMING },
    });
    expect(sent(effects)).toBeUndefined();
  });

  it('an answer with no user asks for a login2fa code, then the code step', () => {
    const asked = play(loggingIn().state, { type: 'loginAnswered', answer: { kind: 'no-user' } });
    expect(sent(asked.effects)).toMatchObject({ type: 'requestCode', purpose: 'login2fa', email: EMAIL });
    const { state } = play(asked.state, { type: 'codeSent', timing: TIMING });
    expect(state.flow).toMatchObject({ step: 'verify', otp: { purpose: 'login2fa', ...TIMING } });
  });

  it('an answer with no user whose code is refused: the code request\'s message, else "Incorrect credentials"', () => {
    const asked = play(loggingIn().state, { type: 'loginAnswered', answer: { kind: 'no-user' } }).state;
    expect(flashes(play(asked, { type: 'codeNotSent', message: 'Sign in again' }).effects)).toEqual([
      'error: Sign in again',
    ]);
    expect(flashes(play(asked, { type: 'codeNotSent', message: null }).effects)).toEqual([
      'error: Incorrect credentials',
    ]);
  });

  it("a 401 or a 2fa message asks for a login code; when that is refused, the login's own message shows", () => {
    const refused = play(loggingIn().state, {
      type: 'loginRefused',
      refusal: 'second-factor',
      message: 'Incorrect credentials',
    });
    expect(sent(refused.effects)).toMatchObject({ type: 'requestCode', purpose: 'login2fa' });
    const { state, effects } = play(refused.state, { type: 'codeNotSent', message: 'Sign in again' });
    expect(flashes(effects)).toEqual(['error: Incorrect credentials']);
    expect(state.flow.step).toBe('login');
    expect(state.awaiting).toBeNull();
  });

  it('unverified: the choice is saved, a verify code asked for, then the code step and the verify-email dialog', () => {
    const refused = play(loggingIn(true).state, {
      type: 'loginRefused',
      refusal: 'unverified',
      message: 'Email not verified',
    });
    expect(refused.effects).toEqual([
      { type: 'rememberChoice', remember: true, email: EMAIL },
      {
        type: 'send',
        request: {
          type: 'requestCode',
          purpose: 'verify',
          email: EMAIL,
          reason: 'unverified',
          loginMessage: 'Email not verified',
        },
      },
    ]);
    const { state, effects } = play(refused.state, { type: 'codeSent', timing: TIMING });
    const otp = { target: EMAIL, channel: 'email', purpose: 'verify', ...TIMING };
    expect(state.flow).toMatchObject({ step: 'verify', otp, newRegistration: false });
    expect(effects).toEqual([{ type: 'askVerifyEmail', otp }]);
  });

  it('unverified and no code: the code request\'s message, else the login\'s, else "Incorrect credentials"', () => {
    const refusedWith = (message: string | null) =>
      play(loggingIn().state, { type: 'loginRefused', refusal: 'unverified', message }).state;
    expect(
      flashes(play(refusedWith('Not verified'), { type: 'codeNotSent', message: 'Slow down' }).effects),
    ).toEqual(['error: Slow down']);
    expect(
      flashes(play(refusedWith('Not verified'), { type: 'codeNotSent', message: null }).effects),
    ).toEqual(['error: Not verified']);
    expect(flashes(play(refusedWith(null), { type: 'codeNotSent', message: null }).effects)).toEqual([
      'error: Incorrect credentials',
    ]);
  });

  it('any other refusal: the server message, else "Incorrect credentials"', () => {
    const refused = (message: string | null) =>
      play(loggingIn().state, { type: 'loginRefused', refusal: 'other', message }).effects;
    expect(flashes(refused('Too many attempts'))).toEqual(['error: Too many attempts']);
    expect(flashes(refused(null))).toEqual(['error: Incorrect credentials']);
  });
});

describe('register (docs/product/accounts.md#register)', () => {
  const atRegister = () =>
    play(
      atIdentify(),
      { type: 'emailSubmitted', raw: EMAIL },
      { type: 'emailChecked', exists: false },
      {
        type: 'signUpChosen',
      },
    ).state;

  it('a short password is "Minimum 8 characters", and nothing is sent', () => {
    const { state, effects } = play(atRegister(), { type: 'registerSubmitted', password: 'short' });
    expect(state.errors).toEqual({ password: 'Minimum 8 characters' });
    expect(effects).toEqual([]);
  });

  it('registered: the code step for a verify code, flagged as a new registration', () => {
    const submitted = play(atRegister(), { type: 'registerSubmitted', password: 'Longer-pw-1' });
    expect(sent(submitted.effects)).toEqual({ type: 'register', email: EMAIL, password: 'Longer-pw-1' });
    const { state } = play(submitted.state, { type: 'registered', timing: TIMING });
    expect(state.flow).toMatchObject({ step: 'verify', newRegistration: true, otp: { purpose: 'verify' } });
  });

  it('409: "This email is now registered. Please log in." and back to identify with the email', () => {
    const { state, effects } = play(
      atRegister(),
      { type: 'registerSubmitted', password: 'Longer-pw-1' },
      { type: 'registerFailed', alreadyRegistered: true, message: 'Email taken' },
    );
    expect(flashes(effects)).toEqual(['info: This email is now registered. Please log in.']);
    expect(state.flow).toMatchObject({ step: 'identify', email: EMAIL });
  });

  it('another failure: the server message, else "Could not create account."', () => {
    const failed = (message: string | null) =>
      play(
        atRegister(),
        { type: 'registerSubmitted', password: 'Longer-pw-1' },
        { type: 'registerFailed', alreadyRegistered: false, message },
      );
    expect(flashes(failed(null).effects)).toEqual(['error: Could not create account.']);
    expect(flashes(failed('This password is too common.').effects)).toEqual([
      'error: This password is too common.',
    ]);
    expect(failed(null).state.flow.step).toBe('register');
  });
});

describe('the code step (docs/product/accounts.md#auth-flow, docs/product/accounts.md#errors)', () => {
  const atNewRegistrationCode = () =>
    play(
      atIdentify(),
      { type: 'emailSubmitted', raw: EMAIL },
      { type: 'emailChecked', exists: false },
      { type: 'signUpChosen' },
      { type: 'registerSubmitted', password: 'Longer-pw-1' },
      { type: 'registered', timing: TIMING },
    ).state;

  it("the code is verified for the code step's purpose and address", () => {
    const { effects } = play(atLoginCode(), { type: 'codeSubmitted', code: '123456' });
    expect(sent(effects)).toEqual({
      type: 'verifyCode',
      code: '123456',
      otp: { target: EMAIL, channel: 'email', purpose: 'login2fa', ...TIMING },
    });
  });

  it('a verification in flight blocks a second submission', () => {
    const verifying = play(atLoginCode(), { type: 'codeSubmitted', code: '123456' }).state;
    const again = transition(verifying, { type: 'codeSubmitted', code: '123456' });
    expect(again.state).toBe(verifying);
    expect(again.effects).toEqual([]);
    expect(transition(verifying, { type: 'resendChosen' }).effects).toEqual([]);
  });

  it('a verified new registration always goes to the profile step', () => {
    const { state, effects } = play(
      atNewRegistrationCode(),
      { type: 'codeSubmitted', code: '123456' },
      { type: 'codeVerified', user: USER },
    );
    expect(state.flow).toMatchObject({ step: 'profile', pendingUser: USER, otp: null });
    expect(effects).toEqual([]);
  });

  it('a verified existing user gets the profile check, then "You\'re in!"', () => {
    const verified = play(
      atLoginCode(),
      { type: 'codeSubmitted', code: '123456' },
      { type: 'codeVerified', user: USER },
    );
    expect(sent(verified.effects)).toEqual({
      type: 'checkProfile',
      user: USER,
      successMessage: "You're in!",
    });
    expect(flashes(play(verified.state, { type: 'profileChecked', complete: true }).effects)).toEqual([
      "success: You're in!",
    ]);
  });

  it('verified with no user returned: "Verified. Please log in." and the login step', () => {
    const { state, effects } = play(
      atNewRegistrationCode(),
      { type: 'codeSubmitted', code: '123456' },
      { type: 'codeVerified', user: null },
    );
    expect(flashes(effects)).toEqual(['success: Verified. Please log in.']);
    expect(state.flow).toMatchObject({ step: 'login', otp: null, newRegistration: false });
  });

  it.each([
    ['expired', 'This code has expired. Tap Resend to get a new one.', 'Code expired'],
    ['incorrect', 'That code is incorrect. Please try again.', 'Incorrect code'],
  ] as const)('a code %s: the flash and the field message, cleared on change', (reason, message, field) => {
    const { state, effects } = play(
      atLoginCode(),
      { type: 'codeSubmitted', code: '123456' },
      { type: 'codeRefused', reason, message: 'x' },
    );
    expect(flashes(effects)).toEqual([`error: ${message}`]);
    expect(state.errors).toEqual({ code: field });
    expect(play(state, { type: 'fieldEdited', field: 'code' }).state.errors.code).toBeUndefined();
  });

  it('another verify failure: the server message, else "Verification failed"', () => {
    const refused = (message: string | null) =>
      play(
        atLoginCode(),
        { type: 'codeSubmitted', code: '123456' },
        { type: 'codeRefused', reason: 'other', message },
      ).effects;
    expect(flashes(refused(null))).toEqual(['error: Verification failed']);
    expect(flashes(refused('Try later'))).toEqual(['error: Try later']);
  });

  it('a resent code brings its new timing and "We sent you a new code."', () => {
    const later = { expiresAt: TIMING.expiresAt + 60_000, resendAt: TIMING.resendAt + 60_000 };
    const resending = play(atLoginCode(), { type: 'resendChosen' });
    expect(sent(resending.effects)).toMatchObject({ type: 'resendCode', otp: { purpose: 'login2fa' } });
    const { state, effects } = play(resending.state, { type: 'codeResent', timing: later });
    expect(state.flow.otp).toMatchObject(later);
    expect(flashes(effects)).toEqual(['info: We sent you a new code.']);
  });

  it('a refused resend: retry_after sets the resend wait, and the message shows', () => {
    const resending = play(atLoginCode(), { type: 'resendChosen' }).state;
    const waited = play(resending, {
      type: 'resendFailed',
      resendAt: TIMING.resendAt + 17_000,
      message: null,
    });
    expect(waited.state.flow.otp?.resendAt).toBe(TIMING.resendAt + 17_000);
    expect(flashes(waited.effects)).toEqual(['error: Could not send a new code']);
    const plain = play(resending, { type: 'resendFailed', resendAt: null, message: 'Slow down' });
    expect(plain.state.flow.otp).toEqual(resending.flow.otp);
    expect(flashes(plain.effects)).toEqual(['error: Slow down']);
  });
});

describe('forgot password (docs/product/accounts.md#forgot-password)', () => {
  it('asks for a reset code; then "We sent a code…" and the code step for purpose reset', () => {
    const asked = play(atLogin(), { type: 'forgotPasswordChosen' });
    expect(sent(asked.effects)).toEqual({ type: 'requestReset', email: EMAIL });
    const { state, effects } = play(asked.state, { type: 'resetCodeSent', timing: TIMING });
    expect(flashes(effects)).toEqual(['info: We sent a code to your email to reset your password.']);
    expect(state.flow).toMatchObject({ step: 'verify', otp: { purpose: 'reset', target: EMAIL } });
  });

  it('a failed reset request: the server message, else "Could not start password reset"', () => {
    const { state, effects } = play(
      atLogin(),
      { type: 'forgotPasswordChosen' },
      { type: 'resetCodeNotSent', message: null },
    );
    expect(flashes(effects)).toEqual(['error: Could not start password reset']);
    expect(state.flow.step).toBe('login');
  });

  it('the verified reset code leads to the reset step with its token', () => {
    expect(atReset().flow).toMatchObject({ step: 'reset', resetToken: 'token' });
  });

  it('the new password and its confirmation are checked before anything is sent', () => {
    const short = play(atReset(), { type: 'resetSubmitted', newPassword: 'short', confirmPassword: '' });
    expect(short.state.errors).toEqual({
      password: 'New password must be at least 8 characters.',
      confirm: 'Confirm your new password',
    });
    const mismatch = play(atReset(), {
      type: 'resetSubmitted',
      newPassword: 'Longer-pw-1',
      confirmPassword: 'Longer-pw-2',
    });
    expect(mismatch.state.errors).toEqual({ confirm: 'Passwords do not match.' });
    expect(mismatch.effects).toEqual([]);
  });

  it('a new password: reset/complete with the token, then the profile check and "Password updated. You\'re in!"', () => {
    const submitted = play(atReset(), {
      type: 'resetSubmitted',
      newPassword: 'Longer-pw-1',
      confirmPassword: 'Longer-pw-1',
    });
    expect(sent(submitted.effects)).toEqual({
      type: 'completeReset',
      resetToken: 'token',
      newPassword: 'Longer-pw-1',
    });
    const { effects } = play(
      submitted.state,
      { type: 'passwordReset', user: USER },
      { type: 'profileChecked', complete: true },
    );
    expect(flashes(effects)).toEqual(["success: Password updated. You're in!"]);
  });

  it('a failed reset: the server message, else "Could not reset password"', () => {
    const { effects } = play(
      atReset(),
      { type: 'resetSubmitted', newPassword: 'Longer-pw-1', confirmPassword: 'Longer-pw-1' },
      { type: 'passwordResetFailed', message: null },
    );
    expect(flashes(effects)).toEqual(['error: Could not reset password']);
  });
});

describe('the profile step (docs/product/accounts.md#profile-saved, docs/product/accounts.md#profile-step-rules)', () => {
  const atProfile = () =>
    play(
      loggingIn().state,
      { type: 'loginAnswered', answer: { kind: 'user', user: USER } },
      { type: 'profileChecked', complete: false },
    ).state;
  const values = { first_name: 'Ada', last_name: 'Lovelace', dob: '1990-12-10' };

  it('missing names: the field messages and "Please enter your first and last name."', () => {
    const { state, effects } = play(atProfile(), {
      type: 'profileSubmitted',
      values: { first_name: '', last_name: '', dob: '1990-12-10' },
    });
    expect(Object.keys(state.errors).sort()).toEqual(['first_name', 'last_name']);
    expect(flashes(effects)).toEqual(['error: Please enter your first and last name.']);
  });

  it('saved: "Profile saved. You\'re in!" with the answer\'s user, else the one the flow signed in', () => {
    const renamed = { ...USER, name: 'Ada King' };
    const submitted = play(atProfile(), { type: 'profileSubmitted', values });
    expect(sent(submitted.effects)).toEqual({ type: 'saveProfile', values });
    expect(play(submitted.state, { type: 'profileSaved', user: renamed }).effects).toEqual([
      { type: 'flash', tone: 'success', message: "Profile saved. You're in!" },
      { type: 'finish', user: renamed },
    ]);
    expect(play(submitted.state, { type: 'profileSaved', user: null }).effects).toContainEqual({
      type: 'finish',
      user: USER,
    });
  });

  it('a failed save: the server message, else "Could not save profile."', () => {
    const { effects } = play(
      atProfile(),
      { type: 'profileSubmitted', values },
      { type: 'profileSaveFailed', message: null },
    );
    expect(flashes(effects)).toEqual(['error: Could not save profile.']);
  });
});

describe('starting over and leaving', () => {
  it('"Change" goes back to identify with the email cleared and a fresh form, closing any dialog', () => {
    const { state, effects } = play(atLoginCode(), { type: 'startedOver' });
    expect(state.flow).toEqual({
      step: 'identify',
      email: '',
      otp: null,
      newRegistration: false,
      resetToken: null,
      pendingUser: null,
      round: 1,
    });
    expect(effects).toEqual([{ type: 'closeDialog' }]);
  });

  it('once the success message is shown, every submission is ignored', () => {
    const leaving = play(
      loggingIn().state,
      { type: 'loginAnswered', answer: { kind: 'user', user: USER } },
      { type: 'profileChecked', complete: true },
    ).state;
    const again = transition(leaving, {
      type: 'logInSubmitted',
      password: 'Correct-Horse-9',
      remember: false,
    });
    expect(again).toEqual({ state: leaving, effects: [] });
  });

  it('an answer the flow is not waiting for changes nothing', () => {
    const state = atLogin();
    expect(transition(state, { type: 'codeVerified', user: USER })).toEqual({ state, effects: [] });
    const checking = play(atIdentify(), { type: 'emailSubmitted', raw: EMAIL }).state;
    expect(transition(checking, { type: 'registered', timing: TIMING }).state).toBe(checking);
  });

  it('editing a field clears only its message', () => {
    const failed = play(atLogin(), { type: 'logInSubmitted', password: '', remember: false }).state;
    expect(play(failed, { type: 'fieldEdited', field: 'password' }).state.errors.password).toBeUndefined();
    expect(transition(atLogin(), { type: 'fieldEdited', field: 'code' }).state).toEqual(atLogin());
  });
});
