import {
  type ChangePasswordResponse,
  ChangePasswordSchema,
  type ProfileMeResponse,
  type ProfileStatusResponse,
  UpdateProfileSchema,
} from '@trove/contracts';
import {
  clientIp,
  type DatabaseHandle,
  parseJson,
  requireAccessSession,
  type ServiceEnv,
  type TrustedProxies,
  type VerificationKey,
} from '@trove/service-core';
import { type Context, Hono } from 'hono';
import type { ConfirmCurrentPassword } from '../profiles/current-password';
import { changePassword, getProfile, updateProfile } from '../profiles/profile.service';

export interface ProfileRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  product: string;
  trustedProxies: TrustedProxies;
  confirmCurrentPassword: ConfirmCurrentPassword;
}

/** /api/v1/profile/… — SPEC §7. Every route needs a session; writes need the CSRF header too. */
export function createProfileRoutes(deps: ProfileRoutesDeps): Hono<ServiceEnv> {
  const { db, verificationKey, product, confirmCurrentPassword } = deps;
  const routes = new Hono<ServiceEnv>();
  const writeContext = (c: Context<ServiceEnv>, userId: string) => ({
    userId,
    ip: clientIp(c, deps.trustedProxies) ?? 'unknown',
    product,
    confirmCurrentPassword,
  });

  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  routes.get('/me', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    return c.json<ProfileMeResponse>(await getProfile(db, session.userId), 200);
  });

  routes.get('/status', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const { profile } = await getProfile(db, session.userId);
    const { first_name, last_name, dob, complete } = profile;
    return c.json<ProfileStatusResponse>({ profile: { first_name, last_name, dob, complete } }, 200);
  });

  routes.put('/', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const update = await parseJson(c, UpdateProfileSchema);
    return c.json<ProfileMeResponse>(await updateProfile(db, writeContext(c, session.userId), update), 200);
  });

  routes.put('/password', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const input = await parseJson(c, ChangePasswordSchema);
    await changePassword(db, { ...writeContext(c, session.userId), familyId: session.familyId }, input);
    return c.json<ChangePasswordResponse>({ message: 'Password updated' }, 200);
  });

  return routes;
}
