import { sql } from 'kysely';
import type { DatabaseHandle } from '../database';

// Refresh-token families: one per sign-in. Both services read them: an access token whose family is
// revoked (logout, password change, reset, refresh-token reuse) no longer counts anywhere.

export async function isFamilyActive(db: DatabaseHandle, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_families')
    .select('id')
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeFamily(db: DatabaseHandle, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_families')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Signs the user out everywhere except the family `keep` (the session making the change). */
export async function revokeUserFamilies(db: DatabaseHandle, userId: string, keep?: string): Promise<void> {
  let query = db
    .updateTable('refresh_families')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}
