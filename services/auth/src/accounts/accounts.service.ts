import { randomBytes } from 'node:crypto';
import {
  COMMON_PASSWORD_MESSAGE,
  type LoginResponse,
  type OtpPurpose,
  type OtpTiming,
  type SessionUser,
} from '@trove/contracts';
import {
  ApiError,
  hashPassword,
  isCommonPassword,
  revokeUserFamilies,
  tooManyRequests,
  verifyPasswordOrDummy,
  verifySessionToken,
} from '@trove/service-core';
import { codeTiming, checkCode, hashCode, issueCode, resendWait } from '../codes/codes.service';
import { consumeCode, insertCode, lockCodeByHash } from '../codes/codes.repository';
import type { AuthDeps } from '../deps';
import { type IssuedSession, startSession } from '../sessions/sessions.service';
import { signToken } from '../sessions/tokens';
import {
  type Account,
  emailExists,
  findAccountByEmail,
  findAccountById,
  findSessionUserRow,
  insertUser,
  markEmailVerified,
  setPasswordHash,
} from '../users/users.repository';

export const INCORRECT_CREDENTIALS = 'Incorrect credentials';
export const EMAIL_NOT_VERIFIED = 'Email not verified';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const CODE_INCORRECT = 'Incorrect code';
export const CODE_GONE = 'Code expired';
export const SIGN_IN_AGAIN = 'Sign in again to get a new code';
export const RESEND_WAIT = 'Please wait before requesting another code';

export function sessionUser(account: Pick<Account, 'id' | 'name' | 'email' | 'phone'>): SessionUser {
  return { id: account.id, name: account.name, email: account.email, phone: account.phone };
}

function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ApiError(400, COMMON_PASSWORD_MESSAGE, 'invalid_request');
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** docs/product/api.md#auth-calls /exists: whether an account has this email, so the page shows sign in or sign up. */
export async function accountExists(deps: AuthDeps, email: string): Promise<boolean> {
  return emailExists(deps.db, email);
}

/**
 * docs/product/api.md#auth-calls register: a new, unverified account and a verify code mailed in the same transaction. Issue 35
 * item 6: argon2 only after the per-/64 password budget that login spends (RATE_PASSWORD_CHECKS_PER_MINUTE),
 * so one /64 flooding sign-ups cannot fill the hashing gate that every sign-in waits on.
 */
export async function register(
  deps: AuthDeps,
  ip: string,
  email: string,
  password: string,
): Promise<OtpTiming> {
  refuseCommonPassword(password);
  if (await emailExists(deps.db, email)) throw new ApiError(409, EMAIL_TAKEN, 'email_taken');
  await deps.limits.passwordCheck(ip);
  const passwordHash = await hashPassword(password);
  const mail = await deps.limits.codeMail(email);
  try {
    const timing = await deps.db.transaction().execute(async (tx) => {
      await insertUser(tx, { email, passwordHash });
      return mail.allowed ? issueCode(tx, deps.codes, 'verify', email) : codeTiming(deps.codes);
    });
    deps.mailQueued();
    return timing;
  } catch (err) {
    // Two registrations of one email at once: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(err)) throw new ApiError(409, EMAIL_TAKEN, 'email_taken');
    throw err;
  }
}

export type LoginOutcome =
  | { kind: 'session'; user: SessionUser; session: IssuedSession }
  | { kind: 'two_factor'; body: LoginResponse; pendingToken: string };

/**
 * docs/product/api.md#auth-calls login. Unknown email and wrong password answer alike and take alike (a dummy hash is checked),
 * failures count towards the abuse limits, and the verified/2-step checks come only after the password
 * matched, so they reveal nothing to someone who does not know it.
 */
export async function login(
  deps: AuthDeps,
  ip: string,
  email: string,
  password: string,
  knownDeviceUserId: string | undefined,
): Promise<LoginOutcome> {
  await deps.limits.passwordCheck(ip);
  const account = await findAccountByEmail(deps.db, email);
  const knownDevice = account !== undefined && account.id === knownDeviceUserId;
  await deps.limits.reserveLogin(ip, email, knownDevice);
  const matched = await verifyPasswordOrDummy(account?.passwordHash, password);
  if (account === undefined || !matched)
    throw new ApiError(401, INCORRECT_CREDENTIALS, 'invalid_credentials');
  await deps.limits.loginSucceeded(ip, email);
  if (!account.emailVerified) throw new ApiError(403, EMAIL_NOT_VERIFIED, 'email_not_verified');

  if (account.twoFactorEnabled) {
    const pending = await signToken(deps.keys, {
      type: 'pending_login',
      sub: account.id,
      fid: 'pending',
      ttlSeconds: deps.env.PENDING_LOGIN_TTL_SECONDS,
    });
    const timing = await sendCodeIfAllowed(deps, 'login2fa', account.email);
    return {
      kind: 'two_factor',
      body: { two_factor: true, user: null, ...timing },
      pendingToken: pending.token,
    };
  }
  const session = await startSession(deps.db, deps.keys, deps.sessions, account.id);
  return { kind: 'session', user: sessionUser(account), session };
}

/** Sends a code unless the resend wait or the hourly mail cap says not now; the timing either way. */
async function sendCodeIfAllowed(
  deps: AuthDeps,
  purpose: 'verify' | 'login2fa' | 'reset',
  target: string,
): Promise<OtpTiming> {
  if ((await resendWait(deps.db, deps.codes, purpose, target)) > 0) return codeTiming(deps.codes);
  if (!(await deps.limits.codeMail(target)).allowed) return codeTiming(deps.codes);
  const timing = await deps.db.transaction().execute((tx) => issueCode(tx, deps.codes, purpose, target));
  deps.mailQueued();
  return timing;
}

/** Whether the pending-login cookie proves that this account's password matched moments ago. */
async function hasPendingLogin(
  deps: AuthDeps,
  pendingToken: string | undefined,
  account: Account | undefined,
) {
  if (account === undefined) return false;
  const claims = await verifySessionToken(pendingToken, deps.keys.verificationKey, 'pending_login');
  return claims !== undefined && claims.sub === account.id;
}

/**
 * docs/product/api.md#auth-calls /otp/request. verify: an unknown or already verified target gets the same 200 and no mail.
 * login2fa: only with the pending-login cookie. Before the resend wait, or past the hourly cap: 429.
 */
export async function requestCode(
  deps: AuthDeps,
  purpose: OtpPurpose,
  target: string,
  pendingToken: string | undefined,
): Promise<OtpTiming> {
  const account = await findAccountByEmail(deps.db, target);
  if (purpose === 'login2fa' && !(await hasPendingLogin(deps, pendingToken, account))) {
    throw new ApiError(401, SIGN_IN_AGAIN, 'login_required');
  }
  if (purpose === 'verify') return requestVerifyCode(deps, target, account);
  if (account === undefined) return codeTiming(deps.codes);
  const wait = await resendWait(deps.db, deps.codes, purpose, target);
  if (wait > 0) throw tooManyRequests(RESEND_WAIT, wait);
  const mail = await deps.limits.codeMail(target);
  if (!mail.allowed) throw tooManyRequests(RESEND_WAIT, mail.retryAfterSeconds);
  const timing = await deps.db.transaction().execute((tx) => issueCode(tx, deps.codes, purpose, target));
  deps.mailQueued();
  return timing;
}

/**
 * /otp/request for purpose verify answers alike for every address (issue 18 item 15): 200 with the timing,
 * whether the address has an account, is verified already, asked too soon or passed the hourly cap — only
 * the mailbox learns the difference. The wait is kept per address for every address (otpRequest), so an
 * unknown one shows the same countdown a known one does. login2fa keeps its 429s: its caller has just
 * proved the password.
 */
async function requestVerifyCode(
  deps: AuthDeps,
  target: string,
  account: Account | undefined,
): Promise<OtpTiming> {
  const asked = await deps.limits.otpRequest(target);
  if (asked.waitSeconds > 0) return { ...codeTiming(deps.codes), ...resendIn(asked.waitSeconds) };
  if (account === undefined || account.emailVerified) return codeTiming(deps.codes);
  const wait = await resendWait(deps.db, deps.codes, 'verify', target);
  if (wait > 0) return { ...codeTiming(deps.codes), ...resendIn(wait) };
  if (!(await deps.limits.codeMail(target)).allowed) return codeTiming(deps.codes);
  const timing = await deps.db.transaction().execute((tx) => issueCode(tx, deps.codes, 'verify', target));
  deps.mailQueued();
  return timing;
}

const resendIn = (seconds: number) => ({
  resend_in: seconds,
  resend_at: new Date(Date.now() + seconds * 1000).toISOString(),
});

/** Maps a code check to the issue's statuses: 400 wrong, 410 expired, used or burned. */
function throwUnlessOk(check: 'ok' | 'wrong' | 'gone'): void {
  if (check === 'wrong') throw new ApiError(400, CODE_INCORRECT, 'code_incorrect');
  if (check === 'gone') throw new ApiError(410, CODE_GONE, 'code_expired');
}

/**
 * docs/product/api.md#auth-calls /otp/verify: the right code signs the user in (verify also marks the email verified). A
 * login2fa code counts only beside the pending-login cookie of the same account.
 */
export async function verifyCode(
  deps: AuthDeps,
  purpose: OtpPurpose,
  target: string,
  code: string,
  pendingToken: string | undefined,
): Promise<{ user: SessionUser; session: IssuedSession }> {
  const account = await findAccountByEmail(deps.db, target);
  if (purpose === 'login2fa' && !(await hasPendingLogin(deps, pendingToken, account))) {
    throw new ApiError(401, SIGN_IN_AGAIN, 'login_required');
  }
  const result = await deps.db.transaction().execute(async (tx) => {
    const check = await checkCode(tx, deps.codes, purpose, target, code);
    if (check !== 'ok' || account === undefined) return { check };
    if (purpose === 'verify') await markEmailVerified(tx, account.id);
    return { check, session: await startSession(tx, deps.keys, deps.sessions, account.id) };
  });
  throwUnlessOk(result.check);
  if (account === undefined || result.session === undefined)
    throw new ApiError(400, CODE_INCORRECT, 'code_incorrect');
  return { user: sessionUser(account), session: result.session };
}

/** docs/product/api.md#auth-calls /reset/request: 200 whatever the email; a mail only for a known one, within the limits. */
export async function requestReset(deps: AuthDeps, target: string): Promise<OtpTiming> {
  const account = await findAccountByEmail(deps.db, target);
  if (account === undefined) return codeTiming(deps.codes);
  return sendCodeIfAllowed(deps, 'reset', target);
}

const RESET_TOKEN_TARGET = 'reset';

function hashResetToken(deps: AuthDeps, token: string): string {
  return hashCode(deps.keys.codeHashKey, 'reset_token', RESET_TOKEN_TARGET, token);
}

/** docs/product/api.md#auth-calls /reset/verify: the right reset code buys a single-use reset token (RESET_TOKEN_TTL_SECONDS). */
export async function verifyReset(deps: AuthDeps, target: string, code: string): Promise<string> {
  const account = await findAccountByEmail(deps.db, target);
  const token = randomBytes(32).toString('base64url');
  const check = await deps.db.transaction().execute(async (tx) => {
    const result = await checkCode(tx, deps.codes, 'reset', target, code);
    if (result === 'ok' && account !== undefined) {
      await insertCode(tx, {
        purpose: 'reset_token',
        target: account.id,
        codeHash: hashResetToken(deps, token),
        ttlSeconds: deps.env.RESET_TOKEN_TTL_SECONDS,
      });
    }
    return result;
  });
  throwUnlessOk(check);
  return token;
}

export const RESET_TOKEN_INVALID = 'Invalid reset token';
export const RESET_TOKEN_GONE = 'This reset token has expired or was already used';

/**
 * docs/product/api.md#auth-calls /reset/complete: sets the new password, marks the email verified (the code proved the
 * mailbox), signs out every other session and starts a new one.
 */
export async function completeReset(
  deps: AuthDeps,
  ip: string,
  resetToken: string,
  newPassword: string,
): Promise<{ user: SessionUser; session: IssuedSession }> {
  refuseCommonPassword(newPassword);
  // The per-IP budget and the token are checked before argon2 runs (issue 18 item 2): a stream of made-up
  // tokens costs a lookup each, not a hash. The transaction below checks the token again under its lock.
  await deps.limits.passwordCheck(ip);
  const candidate = await lockCodeByHash(deps.db, 'reset_token', hashResetToken(deps, resetToken));
  if (candidate === undefined) throw new ApiError(400, RESET_TOKEN_INVALID, 'invalid_reset_token');
  if (candidate.consumed || candidate.expired)
    throw new ApiError(410, RESET_TOKEN_GONE, 'reset_token_expired');
  const passwordHash = await hashPassword(newPassword);
  const outcome = await deps.db.transaction().execute(async (tx) => {
    const stored = await lockCodeByHash(tx, 'reset_token', hashResetToken(deps, resetToken));
    if (stored === undefined) return { status: 400 as const };
    if (stored.consumed || stored.expired) return { status: 410 as const };
    const account = await findAccountById(tx, stored.target);
    if (account === undefined) return { status: 400 as const };
    await consumeCode(tx, stored.id);
    await setPasswordHash(tx, account.id, passwordHash);
    await markEmailVerified(tx, account.id);
    await revokeUserFamilies(tx, account.id);
    const session = await startSession(tx, deps.keys, deps.sessions, account.id);
    return { status: 200 as const, user: sessionUser(account), session };
  });
  if (outcome.status === 400) throw new ApiError(400, RESET_TOKEN_INVALID, 'invalid_reset_token');
  if (outcome.status === 410) throw new ApiError(410, RESET_TOKEN_GONE, 'reset_token_expired');
  return { user: outcome.user, session: outcome.session };
}

export async function currentUser(deps: AuthDeps, userId: string): Promise<SessionUser> {
  const account = await findSessionUserRow(deps.db, userId);
  if (account === undefined) throw new ApiError(401, 'Not signed in', 'unauthenticated');
  return sessionUser(account);
}
