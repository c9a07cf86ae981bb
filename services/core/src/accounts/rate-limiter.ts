import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ipLimitKey } from '../client-ip';
import { type DatabaseHandle, poolOf } from '../database';
import { tooManyRequests } from '../errors';

// The services' abuse limits, on rate-limiter-flexible's PostgreSQL store (table rate_limits, made by a
// migration), so they hold across every instance and every service that shares a budget.

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait and try again.';

/** Keys go in hashed: bounded length (the key column is varchar(255)), and no PII in the table. */
export function limitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

export function postgresLimiter(
  db: DatabaseHandle,
  keyPrefix: string,
  points: number,
  duration: number,
): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: poolOf(db),
    tableName: 'rate_limits',
    tableCreated: true,
    // The library's own clean-up timer; harmless, unref'd.
    clearExpiredByTimeout: true,
    keyPrefix,
    points,
    duration,
    // Issue 35 item 6: once a key is refused, this process refuses it from memory until its window ends, so a
    // flood of refused requests costs no database round trip each (the store still decides the first refusal,
    // for every instance alike).
    inMemoryBlockOnConsumed: points + 1,
  });
}

/** consume() rejects with a RateLimiterRes when over the limit, and with an Error when the store fails. */
export async function consumePoint(
  rl: RateLimiterPostgres,
  key: string,
): Promise<RateLimiterRes | undefined> {
  try {
    await rl.consume(key);
    return undefined;
  } catch (err) {
    if (err instanceof RateLimiterRes) return err;
    throw err;
  }
}

/**
 * RATE_PASSWORD_CHECKS_PER_MINUTE per IP (IPv6: per /64), for every request that would run argon2 on a
 * password someone typed — login and reset/complete in auth, the current-password checks in profile — one
 * budget across services, checked before the hash (issue 18 items 2 and 11). A 429 past it.
 */
export function createPasswordCheckLimit(
  db: DatabaseHandle,
  perMinute: number,
): (ip: string) => Promise<void> {
  const checks = postgresLimiter(db, 'password_ip', perMinute, 60);
  return async (ip) => {
    const refused = await consumePoint(checks, limitKey(ipLimitKey(ip)));
    if (refused) throw tooManyRequests(TOO_MANY_ATTEMPTS, refused.msBeforeNext / 1000);
  };
}
