import { sql } from 'kysely';
import type { DatabaseHandle } from '../database';
import { changeCacheOf } from '../db/change-cache';

// Refresh-token families: one per sign-in. Both services read them: an access token whose family is
// revoked (logout, password change, reset, refresh-token reuse) no longer counts anywhere.

/**
 * Whether the family is still signed in: from the instance's change cache when it has read it before and it
 * has not changed since (docs/decisions/051), else from the table. Only an active family is kept.
 */
export async function isFamilyActive(db: DatabaseHandle, familyId: string): Promise<boolean> {
  const load = async () => {
    const row = await db
      .selectFrom('refresh_families')
      .select('id')
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row === undefined ? undefined : true;
  };
  const cache = changeCacheOf(db);
  return (
    ((cache === undefined ? await load() : await cache.read('families', familyId, load)) ?? false) === true
  );
}

export async function revokeFamily(db: DatabaseHandle, familyId: string): Promise<void> {
  const cache = changeCacheOf(db);
  // Heard before it is written, awaited after: the logout answers only once the announcement is out to every
  // instance, so the session's very next request is refused wherever it lands (docs/decisions/051).
  const heard = cache?.echo('families', familyId);
  const revoked = await db
    .updateTable('refresh_families')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  cache?.forget('families', familyId);
  // Nothing changed (already revoked): nothing is announced, nothing to wait for.
  if (Number(revoked.numUpdatedRows) > 0) await heard;
}

/** Signs the user out everywhere except the family `keep` (the session making the change). */
export async function revokeUserFamilies(db: DatabaseHandle, userId: string, keep?: string): Promise<void> {
  let query = db
    .updateTable('refresh_families')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  const revoked = await query.returning('id').execute();
  const cache = changeCacheOf(db);
  for (const row of revoked) cache?.forget('families', row.id);
}
