import { type EmailExistsResponse, EmailExistsRequestSchema } from '@trove/contracts';
import { type DatabaseHandle, parseJson, type ServiceEnv } from '@trove/service-core';
import { Hono } from 'hono';
import { emailExists } from '../users/users.repository';

export interface PasswordRoutesDeps {
  db: DatabaseHandle;
}

/** /api/v1/auth/password/… — SPEC §7. */
export function createPasswordRoutes({ db }: PasswordRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();

  // SPEC §7: the answer picks the known-email (sign in) or unknown-email (sign up) step.
  routes.post('/exists', async (c) => {
    const { email } = await parseJson(c, EmailExistsRequestSchema);
    return c.json<EmailExistsResponse>({ exists: await emailExists(db, email) }, 200);
  });

  return routes;
}
