import { createHash } from 'node:crypto';
import { type DatabaseHandle, ipLimitKey, poolOf, tooManyRequests } from '@trove/service-core';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthEnv } from '../env';

// The abuse limits, on rate-limiter-flexible's PostgreSQL store (table rate_limits, made by a
// migration), so they hold across every instance of the service.

const TOO_MANY = 'Too many attempts. Please wait and try again.';

/** Emails go into keys hashed: bounded length (the key column is varchar(255)), and no PII in the table. */
function keyOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

export interface RateLimits {
  /** exists: RATE_EXISTS_PER_MINUTE per IP. */
  exists(ip: string): Promise<void>;
  /** register: RATE_REGISTER_PER_MINUTE per IP. */
  register(ip: string): Promise<void>;
  /**
   * RATE_PASSWORD_CHECKS_PER_MINUTE per IP (IPv6: per /64), for every request that would run argon2
   * (login, reset/complete): checked before the hash, so a flood of new emails is no lever on the CPU.
   */
  passwordCheck(ip: string): Promise<void>;
  /**
   * Takes one attempt from the IP+account and the account budgets before the password is checked, so
   * parallel guesses cannot all pass a check made first and counted after (issue 18 item 3); refuses
   * while either is spent or the account's cool-down is in force. A success gives them back.
   */
  reserveLogin(ip: string, email: string): Promise<void>;
  /** After a wrong password: starts the account's cool-down once its failures reach the limit. */
  loginFailed(ip: string, email: string): Promise<void>;
  loginSucceeded(ip: string, email: string): Promise<void>;
  /**
   * One verify-code request per address per OTP_RESEND_SECONDS, for every address (known or not): the
   * seconds left of the wait, 0 when this request may go on (issue 18 item 15).
   */
  otpRequest(target: string): Promise<{ waitSeconds: number }>;
  /** Counts one code mail to `target`; false when RATE_CODE_MAILS_PER_HOUR is reached. */
  codeMail(target: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

function limiter(db: DatabaseHandle, keyPrefix: string, points: number, duration: number) {
  return new RateLimiterPostgres({
    storeClient: poolOf(db),
    tableName: 'rate_limits',
    tableCreated: true,
    // The library's own clean-up timer; harmless, unref'd.
    clearExpiredByTimeout: true,
    keyPrefix,
    points,
    duration,
  });
}

/** consume() rejects with a RateLimiterRes when over the limit, and with an Error when the store fails. */
async function consume(rl: RateLimiterPostgres, key: string): Promise<RateLimiterRes | undefined> {
  try {
    await rl.consume(key);
    return undefined;
  } catch (err) {
    if (err instanceof RateLimiterRes) return err;
    throw err;
  }
}

export function createRateLimits(db: DatabaseHandle, env: AuthEnv): RateLimits {
  const exists = limiter(db, 'exists', env.RATE_EXISTS_PER_MINUTE, 60);
  const register = limiter(db, 'register', env.RATE_REGISTER_PER_MINUTE, 60);
  const loginPair = limiter(db, 'login_ip_account', env.RATE_LOGIN_FAILURES, env.RATE_LOGIN_WINDOW_SECONDS);
  // Consecutive failures on one account: counted for a day, reset by a success, and at the limit the
  // account is blocked for the cool-down (whatever the IP, so a botnet cannot spread the guesses).
  const account = limiter(db, 'login_account', env.RATE_ACCOUNT_FAILURES, 86_400);
  const codeMails = limiter(db, 'code_mail', env.RATE_CODE_MAILS_PER_HOUR, 3_600);
  const passwordChecks = limiter(db, 'password_ip', env.RATE_PASSWORD_CHECKS_PER_MINUTE, 60);
  const otpRequests =
    env.OTP_RESEND_SECONDS > 0 ? limiter(db, 'otp_request', 1, env.OTP_RESEND_SECONDS) : undefined;

  const perIp = (rl: RateLimiterPostgres) => async (ip: string) => {
    const refused = await consume(rl, keyOf(ip));
    if (refused) throw tooManyRequests(TOO_MANY, refused.msBeforeNext / 1000);
  };

  return {
    exists: perIp(exists),
    register: perIp(register),
    async passwordCheck(ip) {
      const refused = await consume(passwordChecks, keyOf(ipLimitKey(ip)));
      if (refused) throw tooManyRequests(TOO_MANY, refused.msBeforeNext / 1000);
    },
    async reserveLogin(ip, email) {
      const [pair, acct] = await Promise.all([
        consume(loginPair, keyOf(ipLimitKey(ip), email)),
        consume(account, keyOf(email)),
      ]);
      const wait = Math.max(pair?.msBeforeNext ?? 0, acct?.msBeforeNext ?? 0);
      if (pair !== undefined || acct !== undefined) throw tooManyRequests(TOO_MANY, wait / 1000);
    },
    async loginFailed(_ip, email) {
      const consumed = (await account.get(keyOf(email)))?.consumedPoints ?? 0;
      if (consumed >= env.RATE_ACCOUNT_FAILURES)
        await account.block(keyOf(email), env.RATE_ACCOUNT_COOLDOWN_SECONDS);
    },
    async loginSucceeded(ip, email) {
      await Promise.all([loginPair.delete(keyOf(ipLimitKey(ip), email)), account.delete(keyOf(email))]);
    },
    async otpRequest(target) {
      if (otpRequests === undefined) return { waitSeconds: 0 };
      const refused = await consume(otpRequests, keyOf(target));
      return { waitSeconds: refused ? Math.max(1, Math.ceil(refused.msBeforeNext / 1000)) : 0 };
    },
    async codeMail(target) {
      const refused = await consume(codeMails, keyOf(target));
      return refused
        ? { allowed: false, retryAfterSeconds: Math.ceil(refused.msBeforeNext / 1000) }
        : { allowed: true };
    },
  };
}
