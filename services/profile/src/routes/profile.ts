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
  noStore,
  type SessionEnv,
  signedIn,
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

/** /api/v1/profile/… — docs/product/api.md#profile-calls. Every route needs a session; writes need the CSRF header too. */
export function createProfileRoutes(deps: ProfileRoutesDeps): Hono<ServiceEnv> {
  const { db, verificationKey, product, confirmCurrentPassword } = deps;
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(verificationKey, db);
  const writeContext = (c: Context<SessionEnv>, userId: string) => ({
    userId,
    ip: clientIp(c, deps.trustedProxies) ?? 'unknown',
    product,
    confirmCurrentPassword,
  });

  routes.use('*', noStore);

  routes.get('/me', auth, async (c) => {
    const { session } = c.var;
    return c.json<ProfileMeResponse>(await getProfile(db, session.userId), 200);
  });

  routes.get('/status', auth, async (c) => {
    const { session } = c.var;
    const { profile } = await getProfile(db, session.userId);
    const { first_name, last_name, dob, complete } = profile;
    return c.json<ProfileStatusResponse>({ profile: { first_name, last_name, dob, complete } }, 200);
  });

  routes.put('/', auth, async (c) => {
    const { session } = c.var;
    const update = await parseJson(c, UpdateProfileSchema);
    return c.json<ProfileMeResponse>(await updateProfile(db, writeContext(c, session.userId), update), 200);
  });

  routes.put('/password', auth, async (c) => {
    const { session } = c.var;
    const input = await parseJson(c, ChangePasswordSchema);
    await changePassword(db, { ...writeContext(c, session.userId), familyId: session.familyId }, input);
    return c.json<ChangePasswordResponse>({ message: 'Password updated' }, 200);
  });

  return routes;
}
