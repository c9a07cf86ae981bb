import { consumePoint, type DatabaseHandle, postgresLimiter, tooManyRequests } from '@trove/service-core';

// Issue 35 item 2 (docs/decisions/094): answers one user may post to destinations, a minute and a day, counted
// when a post is asked for (Send, or `-> #channel` in a question), in the rate_limits table every instance shares.

/** The settings' defaults, also the environment's (env.ts). */
export const DESTINATION_POST_DEFAULTS = {
  workers: 4,
  deadlineMs: 10_000,
  postsPerMinute: 10,
  postsPerDay: 200,
};

export const POSTS_TOO_FAST = (perMinute: number) =>
  `You can post at most ${perMinute} answers a minute to your destinations. Wait a moment, then send again.`;
export const POSTS_TODAY = (perDay: number) =>
  `You have posted ${perDay} answers to your destinations today, the most a day allows. Try again tomorrow.`;

export interface DestinationPostLimit {
  /** Counts one post by `userId`; a 429 with `retry_after` once the minute's or the day's allowance is spent. */
  consume(userId: string): Promise<void>;
}

export function destinationPostLimit(
  db: DatabaseHandle,
  limits: { perMinute: number; perDay: number },
): DestinationPostLimit {
  const minute = postgresLimiter(db, 'destination_post_minute', limits.perMinute, 60);
  const day = postgresLimiter(db, 'destination_post_day', limits.perDay, 86_400);
  return {
    async consume(userId) {
      const fast = await consumePoint(minute, userId);
      if (fast) throw tooManyRequests(POSTS_TOO_FAST(limits.perMinute), fast.msBeforeNext / 1000);
      const many = await consumePoint(day, userId);
      if (many) throw tooManyRequests(POSTS_TODAY(limits.perDay), many.msBeforeNext / 1000);
    },
  };
}
