import { type DatabaseHandle, poolOf, tooManyRequests } from '@trove/service-core';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

// Per-user limits on the search service's costly writes (docs/decisions/017-search-service-hardening.md):
// an upload request reads up to UPLOAD_MAX_REQUEST_BYTES into memory, and a question runs several
// searches. They live in the same rate_limits table as the auth service's, so they hold across every
// instance (services/auth/src/limits/rate-limits.ts does the same).

export const UPLOADS_TOO_FAST =
  'You are uploading faster than Trove can take files. Wait a moment and try again.';
export const SEARCHES_TOO_FAST =
  'You are searching faster than Trove allows. Wait a moment and search again.';
export const ASKS_TOO_FAST = 'You are asking faster than Trove can answer. Wait a moment and ask again.';

export interface UserRateLimit {
  /** Counts one request by `userId`; a 429 with `retry_after` once the minute's allowance is spent. */
  consume(userId: string): Promise<void>;
}

export function perUserPerMinute(
  db: DatabaseHandle,
  keyPrefix: string,
  points: number,
  message: string,
): UserRateLimit {
  const limiter = new RateLimiterPostgres({
    storeClient: poolOf(db),
    tableName: 'rate_limits',
    tableCreated: true,
    // The library's own clean-up timer; harmless, unref'd.
    clearExpiredByTimeout: true,
    keyPrefix,
    points,
    duration: 60,
  });
  return {
    async consume(userId) {
      try {
        await limiter.consume(userId);
      } catch (err) {
        // consume() rejects with a RateLimiterRes over the limit, and with an Error when the store fails.
        if (err instanceof RateLimiterRes) throw tooManyRequests(message, err.msBeforeNext / 1000);
        throw err;
      }
    },
  };
}
