import { PASSWORD_CHANGE_MESSAGES, PROFILE_CODES, REAUTH_MESSAGE } from '@trove/contracts';
import {
  ApiError,
  consumePoint,
  createPasswordCheckLimit,
  type DatabaseHandle,
  limitKey,
  postgresLimiter,
  TOO_MANY_ATTEMPTS,
  tooManyRequests,
  verifyPassword,
} from '@trove/service-core';
import { findCredentials } from './profiles.repository';

export interface CurrentPasswordSettings {
  /** RATE_PASSWORD_CHECKS_PER_MINUTE: the per-IP (IPv6 /64) budget auth's login shares. */
  passwordChecksPerMinute: number;
  /** RATE_CURRENT_PASSWORD_FAILURES_PER_HOUR: wrong current passwords one account may send an hour. */
  failuresPerHour: number;
}

export const CURRENT_PASSWORD_DEFAULTS: CurrentPasswordSettings = {
  passwordChecksPerMinute: 30,
  failuresPerHour: 10,
};

/** Confirms the signed-in user's current password, or throws; answers their address for the notice. */
export type ConfirmCurrentPassword = (
  userId: string,
  ip: string,
  password: string | undefined,
) => Promise<{ email: string }>;

/**
 * Issue 18 item 11: the current-password check in front of a password change, a phone change and turning
 * 2-step off. A stolen session alone cannot lock its owner out of their account or strip its second factor;
 * and the check is no oracle: per IP before the hash (the budget login uses), and per account, taken before
 * the check and given back when it passes, so parallel guesses cannot outrun it.
 */
export function createCurrentPasswordCheck(
  db: DatabaseHandle,
  settings: CurrentPasswordSettings,
): ConfirmCurrentPassword {
  const perIp = createPasswordCheckLimit(db, settings.passwordChecksPerMinute);
  const perAccount = postgresLimiter(db, 'current_password', settings.failuresPerHour, 3_600);
  return async (userId, ip, password) => {
    if (password === undefined) throw new ApiError(403, REAUTH_MESSAGE, PROFILE_CODES.reauthRequired);
    await perIp(ip);
    const key = limitKey(userId);
    const refused = await consumePoint(perAccount, key);
    if (refused) throw tooManyRequests(TOO_MANY_ATTEMPTS, refused.msBeforeNext / 1000);
    const credentials = await findCredentials(db, userId);
    if (credentials === undefined) throw new ApiError(401, 'Not signed in', 'unauthenticated');
    const matches =
      credentials.passwordHash !== null && (await verifyPassword(credentials.passwordHash, password));
    if (!matches) throw new ApiError(400, PASSWORD_CHANGE_MESSAGES.currentIncorrect, 'invalid_request');
    await perAccount.reward(key, 1);
    return { email: credentials.email };
  };
}
