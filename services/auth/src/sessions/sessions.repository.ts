import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import type { TokenClaims } from './tokens';

// Refresh-token families and the tokens rotated inside them (the reuse detection).

export async function insertFamily(db: DatabaseHandle, userId: string, expiresAt: Date): Promise<string> {
  const row = await db
    .insertInto('refresh_families')
    .values({ user_id: userId, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefreshToken(
  db: DatabaseHandle,
  token: { jti: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ jti: token.jti, family_id: token.familyId, expires_at: token.expiresAt })
    .execute();
}

export interface StoredRefreshToken {
  familyId: string;
  userId: string;
  familyRevoked: boolean;
  /** Seconds since this token was rotated, or null while it is the family's current token. */
  rotatedSecondsAgo: number | null;
  /** When the session ends for good (SESSION_MAX_DAYS after sign-in). */
  familyExpiresAt: Date;
  /** The claims of the pair this token was rotated to, once it has been. */
  successor: SuccessorClaims | null;
}

export interface SuccessorClaims {
  access: TokenClaims;
  refresh: TokenClaims;
}

/** Locks the token row so two refreshes of one token are decided one after the other. */
export async function lockRefreshToken(
  db: DatabaseHandle,
  jti: string,
): Promise<StoredRefreshToken | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('refresh_families', 'refresh_families.id', 'refresh_tokens.family_id')
    .select([
      'refresh_tokens.family_id',
      'refresh_families.user_id',
      'refresh_families.revoked_at',
      'refresh_families.expires_at',
      'refresh_tokens.successor',
      sql<number | null>`extract(epoch from now() - refresh_tokens.rotated_at)::float8`.as('rotated_ago'),
    ])
    .where('refresh_tokens.jti', '=', jti)
    .forUpdate('refresh_tokens')
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    familyId: row.family_id,
    userId: row.user_id,
    familyRevoked: row.revoked_at !== null,
    rotatedSecondsAgo: row.rotated_ago,
    familyExpiresAt: row.expires_at,
    successor: (row.successor as SuccessorClaims | null) ?? null,
  };
}

export async function markRotated(
  db: DatabaseHandle,
  jti: string,
  successor: SuccessorClaims,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: sql`coalesce(rotated_at, now())`, successor: JSON.stringify(successor) })
    .where('jti', '=', jti)
    .execute();
}
