import type { DatabaseHandle } from '../database';

// The retention purge (issue 18 item 14, RETENTION_DAYS): what the accounts flows keep only for a while.
// Every statement is an idempotent DELETE, so instances running it at once only share the work.

export interface PurgedCounts {
  mails: number;
  codes: number;
  refreshTokens: number;
  families: number;
  /** Login throttle rows idle past their own window (issue 18 item 4). */
  loginThrottle: number;
}

const count = (result: { numDeletedRows: bigint }[]) =>
  result.reduce((sum, row) => sum + Number(row.numDeletedRows), 0);

/**
 * Deletes sent mail, used or expired codes, expired refresh tokens and revoked sessions older than
 * `before`, and login throttle rows whose own window ended by `now`.
 */
export async function purgeExpiredAccountData(
  db: DatabaseHandle,
  before: Date,
  now: Date,
): Promise<PurgedCounts> {
  const mails = await db.deleteFrom('mail_outbox').where('sent_at', '<', before).execute();
  const codes = await db
    .deleteFrom('one_time_codes')
    .where((eb) => eb.or([eb('consumed_at', '<', before), eb('expires_at', '<', before)]))
    .execute();
  const refreshTokens = await db.deleteFrom('refresh_tokens').where('expires_at', '<', before).execute();
  // A revoked family's tokens go with it (ON DELETE CASCADE).
  const families = await db.deleteFrom('refresh_families').where('revoked_at', '<', before).execute();
  const loginThrottle = await db.deleteFrom('login_throttle').where('expires_at', '<=', now).execute();
  return {
    mails: count(mails),
    codes: count(codes),
    refreshTokens: count(refreshTokens),
    families: count(families),
    loginThrottle: count(loginThrottle),
  };
}
