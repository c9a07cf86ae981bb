import type { DatabaseHandle } from '../database';

// The retention purge (issue 18 item 14, RETENTION_DAYS): what the accounts flows keep only for a while.
// Every statement is an idempotent DELETE, so instances running it at once only share the work.

export interface PurgedCounts {
  mails: number;
  codes: number;
  refreshTokens: number;
  families: number;
}

const count = (result: { numDeletedRows: bigint }[]) =>
  result.reduce((sum, row) => sum + Number(row.numDeletedRows), 0);

/** Deletes sent mail, used or expired codes, expired refresh tokens and revoked sessions older than `before`. */
export async function purgeExpiredAccountData(db: DatabaseHandle, before: Date): Promise<PurgedCounts> {
  const mails = await db.deleteFrom('mail_outbox').where('sent_at', '<', before).execute();
  const codes = await db
    .deleteFrom('one_time_codes')
    .where((eb) => eb.or([eb('consumed_at', '<', before), eb('expires_at', '<', before)]))
    .execute();
  const refreshTokens = await db.deleteFrom('refresh_tokens').where('expires_at', '<', before).execute();
  // A revoked family's tokens go with it (ON DELETE CASCADE).
  const families = await db.deleteFrom('refresh_families').where('revoked_at', '<', before).execute();
  return {
    mails: count(mails),
    codes: count(codes),
    refreshTokens: count(refreshTokens),
    families: count(families),
  };
}
