import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';

/** How one throttle spaces its attempts (docs/decisions/028-login-slow-down.md). */
export interface ThrottlePolicy {
  /** Attempts that start at once; from the next one on, each waits. */
  free: number;
  /** The wait after the last free attempt; it doubles with each attempt after that… */
  delaySeconds: number;
  /** …up to this. Equal to delaySeconds for a fixed spacing. */
  maxDelaySeconds: number;
  /** Attempts are forgotten this long after the last one. */
  windowSeconds: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one attempt for `key` if its wait is over, in one statement, so parallel requests queue on the row
 * lock and each sees the wait the one before it set: no two pass a wait meant for one. The wait for the
 * next attempt is set now, as if this one will fail; a success forgets the key (forgetAttempts).
 */
export async function reserveAttempt(
  db: DatabaseHandle,
  key: string,
  policy: ThrottlePolicy,
): Promise<Reservation> {
  const { free, delaySeconds, maxDelaySeconds, windowSeconds } = policy;
  // The attempt number this one becomes: 1 when the key was idle past its window.
  const attempt = sql<number>`(case when t.expires_at <= now() then 1 else t.attempts + 1 end)`;
  const waitAfter = (n: unknown) =>
    sql`make_interval(secs => case when ${n} < ${free} then 0
          else least(${maxDelaySeconds}::float8, ${delaySeconds}::float8 * power(2::float8, least(${n} - ${free}, 40))) end)`;
  const taken = await sql<{ attempts: number }>`
    insert into login_throttle as t (key, attempts, next_allowed_at, expires_at)
    values (${key}, 1, now() + ${waitAfter(sql`1`)}, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      attempts = ${attempt},
      next_allowed_at = now() + ${waitAfter(attempt)},
      expires_at = now() + make_interval(secs => ${windowSeconds})
    where t.next_allowed_at <= now() or t.expires_at <= now()
    returning t.attempts`.execute(db);
  if (taken.rows.length > 0) return { allowed: true };
  const row = await db
    .selectFrom('login_throttle')
    .select(sql<number>`extract(epoch from next_allowed_at - now())`.as('seconds'))
    .where('key', '=', key)
    .executeTakeFirst();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.seconds ?? 1))) };
}

/** A success: the keys start over. */
export async function forgetAttempts(db: DatabaseHandle, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}
