import { SOURCE_LIMIT_MESSAGES } from '@trove/contracts';
import { consumePoint, type DatabaseHandle, postgresLimiter, tooManyRequests } from '@trove/service-core';
import type { SourceLimits } from './source-settings';

// Per-user rate limits on what a person can ask of sources over and over (issue 34 item 6; docs/decisions/201-
// source-rate-limits.md): tests and previews, SQLite uploads and "Sync now", each a budget a minute per account in
// the rate_limits table that the other services' per-minute settings use, so they hold across instances. Past one
// it is a 429 with retry_after and words that say what to wait for. The one-at-a-time slots (SOURCE_CHECKS_PER_USER)
// still bound what runs at once; these bound how often.

export type SourceAction = 'check' | 'file' | 'syncNow';

const BUDGETS: Record<
  SourceAction,
  { key: string; points: keyof SourceLimits; words: (max: number) => string }
> = {
  check: { key: 'source_check', points: 'checksPerMinute', words: SOURCE_LIMIT_MESSAGES.checksTooFast },
  file: { key: 'source_file', points: 'filesPerMinute', words: SOURCE_LIMIT_MESSAGES.filesTooFast },
  syncNow: { key: 'source_sync_now', points: 'syncNowPerMinute', words: SOURCE_LIMIT_MESSAGES.syncsTooFast },
};

/** Limiters by database and budget: one store client each, made on first use. */
const limiters = new WeakMap<object, Map<string, ReturnType<typeof postgresLimiter>>>();

function limiterFor(db: DatabaseHandle, key: string, points: number) {
  const byKey = limiters.get(db) ?? new Map<string, ReturnType<typeof postgresLimiter>>();
  limiters.set(db, byKey);
  const name = `${key}:${points}`;
  let limiter = byKey.get(name);
  if (limiter === undefined) {
    limiter = postgresLimiter(db, key, points, 60);
    byKey.set(name, limiter);
  }
  return limiter;
}

/** Spends one of the user's `action` budget for this minute, or throws the 429 that says to wait. */
export async function spendSourceBudget(
  db: DatabaseHandle,
  limits: SourceLimits,
  userId: string,
  action: SourceAction,
): Promise<void> {
  const budget = BUDGETS[action];
  const points = limits[budget.points];
  const refused = await consumePoint(limiterFor(db, budget.key, points), userId);
  if (refused) throw tooManyRequests(budget.words(points), refused.msBeforeNext / 1000);
}
