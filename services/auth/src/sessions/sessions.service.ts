import { type DatabaseHandle, revokeFamily } from '@trove/service-core';
import type { SigningKeys } from '../keys/signing-keys';
import { insertFamily, insertRefreshToken, lockRefreshToken, markRotated } from './sessions.repository';
import { type SignedToken, signClaims, signToken } from './tokens';

export interface SessionSettings {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  reuseGraceSeconds: number;
  /** SESSION_MAX_DAYS: the absolute lifetime of a sign-in, stored on its family (issue 18 item 10). */
  sessionMaxDays: number;
}

export interface IssuedSession {
  access: SignedToken;
  refresh: SignedToken;
  familyId: string;
}

async function issuePair(
  db: DatabaseHandle,
  keys: SigningKeys,
  settings: SessionSettings,
  userId: string,
  familyId: string,
  familyExpiresAt: Date,
): Promise<IssuedSession> {
  // No token outlives its family: near the end both are cut to the time left.
  const left = Math.max(1, Math.ceil((familyExpiresAt.getTime() - Date.now()) / 1000));
  const access = await signToken(keys, {
    type: 'access',
    sub: userId,
    fid: familyId,
    ttlSeconds: Math.min(settings.accessTtlSeconds, left),
  });
  const refresh = await signToken(keys, {
    type: 'refresh',
    sub: userId,
    fid: familyId,
    ttlSeconds: Math.min(settings.refreshTtlSeconds, left),
  });
  await insertRefreshToken(db, { jti: refresh.jti, familyId, expiresAt: refresh.expiresAt });
  return { access, refresh, familyId };
}

/** A new sign-in: a new family with its first refresh token, and an access token. */
export async function startSession(
  db: DatabaseHandle,
  keys: SigningKeys,
  settings: SessionSettings,
  userId: string,
): Promise<IssuedSession> {
  const expiresAt = new Date(Date.now() + settings.sessionMaxDays * 86_400_000);
  const familyId = await insertFamily(db, userId, expiresAt);
  return issuePair(db, keys, settings, userId, familyId, expiresAt);
}

/** docs/product/api.md#auth-calls logout: the sign-in's family is revoked, so none of its refresh tokens rotates again. */
export async function endSession(db: DatabaseHandle, familyId: string): Promise<void> {
  await revokeFamily(db, familyId);
}

export type RotateResult = { ok: true; session: IssuedSession } | { ok: false };

/**
 * Rotates a refresh token (the issue's reuse detection): the current token is swapped for a new pair.
 * A token already rotated is accepted again only within the grace window (two tabs refreshing at
 * once); after it, presenting it means it was stolen, so the whole family is revoked.
 */
export async function rotateSession(
  db: DatabaseHandle,
  keys: SigningKeys,
  settings: SessionSettings,
  jti: string,
): Promise<RotateResult> {
  return db.transaction().execute(async (tx) => {
    const stored = await lockRefreshToken(tx, jti);
    if (stored === undefined || stored.familyRevoked) return { ok: false };
    // Past SESSION_MAX_DAYS the session is over, however fresh its refresh token: sign in again.
    if (stored.familyExpiresAt.getTime() <= Date.now()) return { ok: false };
    if (stored.rotatedSecondsAgo !== null && stored.rotatedSecondsAgo > settings.reuseGraceSeconds) {
      await revokeFamily(tx, stored.familyId);
      return { ok: false };
    }
    if (stored.successor !== null) {
      // A replay inside the grace window (two tabs refreshing at once): the pair this token was already
      // swapped for, signed again to the same bytes, so the family keeps one live token and never forks.
      const [access, refresh] = await Promise.all([
        signClaims(keys, stored.successor.access),
        signClaims(keys, stored.successor.refresh),
      ]);
      return { ok: true, session: { access, refresh, familyId: stored.familyId } };
    }
    const session = await issuePair(
      tx,
      keys,
      settings,
      stored.userId,
      stored.familyId,
      stored.familyExpiresAt,
    );
    await markRotated(tx, jti, { access: session.access.claims, refresh: session.refresh.claims });
    return { ok: true, session };
  });
}
