import {
  type ChangePasswordResponse,
  ChangePasswordSchema,
  type ProfileMeResponse,
  type ProfileStatusResponse,
  UpdateProfileSchema,
} from '@trove/contracts';
import {
  type DatabaseHandle,
  parseJson,
  requireAccessSession,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import { Hono } from 'hono';
import { changePassword, getProfile, updateProfile } from '../profiles/profile.service';

export interface ProfileRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  product: string;
}

/** /api/v1/profile/… — SPEC §7. Every route needs a session; writes need the CSRF header too. */
export function createProfileRoutes({ db, verificationKey, product }: ProfileRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();

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
    return c.json<ProfileMeResponse>(await updateProfile(db, session.userId, update), 200);
  });

  routes.put('/password', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const input = await parseJson(c, ChangePasswordSchema);
    await changePassword(db, session, input, product);
    return c.json<ChangePasswordResponse>({ message: 'Password updated' }, 200);
  });

  return routes;
}
