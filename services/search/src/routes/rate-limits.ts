import { consumePoint, type DatabaseHandle, postgresLimiter, tooManyRequests } from '@trove/service-core';

// Per-user limits on the search service's costly writes (docs/decisions/017-search-service-hardening.md):
// an upload request reads up to UPLOAD_MAX_REQUEST_BYTES into memory, and a question runs several
// searches. They live in the same rate_limits table as the auth service's, so they hold across every
// instance (services/auth/src/limits/rate-limits.ts does the same).

// `product` is APP_NAME: the messages name the product as the deployment calls it.
export const UPLOADS_TOO_FAST = (product: string) =>
  `You are uploading faster than ${product} can take files. Wait a moment and try again.`;
export const SEARCHES_TOO_FAST = (product: string) =>
  `You are searching faster than ${product} allows. Wait a moment and search again.`;
export const UPLOADS_AT_ONCE = (limit: number) =>
  `You already have ${limit} uploads on their way. Wait for one to finish, then try again.`;
export const ASKS_TOO_FAST = (product: string) =>
  `You are asking faster than ${product} can answer. Wait a moment and ask again.`;

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
  const limiter = postgresLimiter(db, keyPrefix, points, 60);
  return {
    async consume(userId) {
      const refused = await consumePoint(limiter, userId);
      if (refused) throw tooManyRequests(message, refused.msBeforeNext / 1000);
    },
  };
}

export interface UserConcurrencyLimit {
  /** Takes one of `userId`'s slots, or throws a 429; the answer gives it back (idempotent). */
  enter(userId: string): () => void;
}

/**
 * At most `limit` requests of one user running at once in this process (UPLOAD_CONCURRENCY_PER_USER):
 * an upload request holds its body in memory while it is parsed and stored, so this, with nginx's
 * per-address limit_conn, bounds what one account can make one process hold. Per process on purpose: the
 * memory it protects is the process's own.
 */
export function perUserConcurrency(limit: number, message: string): UserConcurrencyLimit {
  const running = new Map<string, number>();
  return {
    enter(userId) {
      const now = running.get(userId) ?? 0;
      if (now >= limit) throw tooManyRequests(message, 1);
      running.set(userId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(userId) ?? 1) - 1;
        if (left <= 0) running.delete(userId);
        else running.set(userId, left);
      };
    },
  };
}
