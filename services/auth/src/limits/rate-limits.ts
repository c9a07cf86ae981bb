import {
  consumePoint,
  createPasswordCheckLimit,
  type DatabaseHandle,
  ipLimitKey,
  limitKey,
  networkLimitKey,
  postgresLimiter,
  TOO_MANY_ATTEMPTS,
  tooManyRequests,
} from '@trove/service-core';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { AuthEnv } from '../env';
import { forgetAttempts, reserveAttempt, type ThrottlePolicy } from './login-throttle.repository';

export interface RateLimits {
  /** exists: RATE_EXISTS_PER_MINUTE per IP (IPv6: per /64). */
  exists(ip: string): Promise<void>;
  /** register: RATE_REGISTER_PER_MINUTE per IP (IPv6: per /64, like every budget of a password's cost). */
  register(ip: string): Promise<void>;
  /**
   * RATE_PASSWORD_CHECKS_PER_MINUTE per IP (IPv6: per /64), for every request that would run argon2
   * (login, reset/complete): checked before the hash, so a flood of new emails is no lever on the CPU.
   */
  passwordCheck(ip: string): Promise<void>;
  /**
   * Takes one login attempt before the password is checked, so parallel guesses queue instead of all
   * passing a check made first and counted after (issue 18 item 3). Attempts are spaced, never blocked
   * (item 4): per IP/64 + account, the first RATE_LOGIN_FAILURES start at once and then the wait doubles
   * from RATE_LOGIN_DELAY_SECONDS up to RATE_LOGIN_DELAY_MAX_SECONDS; per account and network (IPv4 /24,
   * IPv6 /48), past RATE_ACCOUNT_FAILURES a day, attempts are RATE_ACCOUNT_SLOWDOWN_SECONDS apart — except
   * from a device this account signed in on before, which that slow-down never touches. The slow-down was
   * account-wide; issue 35 item 6: strangers' guesses from their networks no longer spend the slot the owner
   * needs from theirs (docs/decisions/093). A 429 with retry_after while a wait runs.
   */
  reserveLogin(ip: string, email: string, knownDevice: boolean): Promise<void>;
  /** The right password: both counts start over. */
  loginSucceeded(ip: string, email: string): Promise<void>;
  /**
   * One verify-code request per address per OTP_RESEND_SECONDS, for every address (known or not): the
   * seconds left of the wait, 0 when this request may go on (issue 18 item 15).
   */
  otpRequest(target: string): Promise<{ waitSeconds: number }>;
  /** Counts one code mail to `target`; false when RATE_CODE_MAILS_PER_HOUR is reached. */
  codeMail(target: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

export function createRateLimits(db: DatabaseHandle, env: AuthEnv): RateLimits {
  const exists = postgresLimiter(db, 'exists', env.RATE_EXISTS_PER_MINUTE, 60);
  const register = postgresLimiter(db, 'register', env.RATE_REGISTER_PER_MINUTE, 60);
  const pairPolicy: ThrottlePolicy = {
    free: env.RATE_LOGIN_FAILURES,
    delaySeconds: env.RATE_LOGIN_DELAY_SECONDS,
    maxDelaySeconds: Math.max(env.RATE_LOGIN_DELAY_SECONDS, env.RATE_LOGIN_DELAY_MAX_SECONDS),
    windowSeconds: env.RATE_LOGIN_WINDOW_SECONDS,
  };
  // Per network rather than per address, so one attacker's allocation is one budget; per network rather than
  // account-wide, so guesses from elsewhere cannot lock the owner out (docs/decisions/093).
  const accountPolicy: ThrottlePolicy = {
    free: env.RATE_ACCOUNT_FAILURES,
    delaySeconds: env.RATE_ACCOUNT_SLOWDOWN_SECONDS,
    maxDelaySeconds: env.RATE_ACCOUNT_SLOWDOWN_SECONDS,
    windowSeconds: 86_400,
  };
  const pairKey = (ip: string, email: string) => `pair:${limitKey(ipLimitKey(ip), email)}`;
  const accountKey = (ip: string, email: string) => `account:${limitKey(networkLimitKey(ip), email)}`;
  const codeMails = postgresLimiter(db, 'code_mail', env.RATE_CODE_MAILS_PER_HOUR, 3_600);
  const passwordCheck = createPasswordCheckLimit(db, env.RATE_PASSWORD_CHECKS_PER_MINUTE);
  const otpRequests =
    env.OTP_RESEND_SECONDS > 0 ? postgresLimiter(db, 'otp_request', 1, env.OTP_RESEND_SECONDS) : undefined;

  // IPv6 by its /64: one subscriber holds a whole /64, so a per-address budget there would be none.
  const perIp = (rl: RateLimiterPostgres) => async (ip: string) => {
    const refused = await consumePoint(rl, limitKey(ipLimitKey(ip)));
    if (refused) throw tooManyRequests(TOO_MANY_ATTEMPTS, refused.msBeforeNext / 1000);
  };

  return {
    exists: perIp(exists),
    register: perIp(register),
    passwordCheck,
    async reserveLogin(ip, email, knownDevice) {
      const pair = await reserveAttempt(db, pairKey(ip, email), pairPolicy);
      if (!pair.allowed) throw tooManyRequests(TOO_MANY_ATTEMPTS, pair.retryAfterSeconds);
      if (knownDevice) return;
      const account = await reserveAttempt(db, accountKey(ip, email), accountPolicy);
      if (!account.allowed) throw tooManyRequests(TOO_MANY_ATTEMPTS, account.retryAfterSeconds);
    },
    async loginSucceeded(ip, email) {
      await forgetAttempts(db, [pairKey(ip, email), accountKey(ip, email)]);
    },
    async otpRequest(target) {
      if (otpRequests === undefined) return { waitSeconds: 0 };
      const refused = await consumePoint(otpRequests, limitKey(target));
      return { waitSeconds: refused ? Math.max(1, Math.ceil(refused.msBeforeNext / 1000)) : 0 };
    },
    async codeMail(target) {
      const refused = await consumePoint(codeMails, limitKey(target));
      return refused
        ? { allowed: false, retryAfterSeconds: Math.ceil(refused.msBeforeNext / 1000) }
        : { allowed: true };
    },
  };
}
