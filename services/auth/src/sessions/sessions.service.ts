import { type DatabaseHandle, revokeFamily } from '@trove/service-core';
import type { SigningKeys } from '../keys/signing-keys';
import { insertFamily, insertRefreshToken, lockRefreshToken, markRotated } from './sessions.repository';
import { type SignedToken, signToken } from './tokens';

export interface SessionSettings {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  reuseGraceSeconds: number;
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
): Promise<IssuedSession> {
  const access = await signToken(keys, {
    type: 'access',
    sub: userId,
    fid: familyId,
    ttlSeconds: settings.accessTtlSeconds,
  });
  const refresh = await signToken(keys, {
    type: 'refresh',
    sub: userId,
    fid: familyId,
    ttlSeconds: settings.refreshTtlSeconds,
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
  const familyId = await insertFamily(db, userId);
  return issuePair(db, keys, settings, userId, familyId);
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
    if (stored.rotatedSecondsAgo !== null && stored.rotatedSecondsAgo > settings.reuseGraceSeconds) {
      await revokeFamily(tx, stored.familyId);
      return { ok: false };
    }
    await markRotated(tx, jti);
    return { ok: true, session: await issuePair(tx, keys, settings, stored.userId, stored.familyId) };
  });
}
