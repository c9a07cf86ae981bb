import { ApiError, type ServiceEnv } from '@trove/service-core';
import { Hono } from 'hono';

/** /api/v1/profile/… — SPEC §7. */
export function createProfileRoutes(): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();

  // Sessions arrive with the accounts issue; until then nobody is signed in. SPEC §8: a 401 on the
  // session check makes the client refresh once and then treat the user as a guest.
  routes.get('/me', () => {
    throw new ApiError(401, 'Not signed in', 'unauthenticated');
  });

  return routes;
}
