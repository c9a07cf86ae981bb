import { createServiceApp, type DatabaseHandle, type Logger, type ServiceEnv } from '@trove/service-core';
import type { Hono } from 'hono';
import { createPasswordRoutes } from './routes/password';

export const AUTH_PREFIX = '/api/v1/auth';

export interface AuthAppDeps {
  db: DatabaseHandle;
  logger: Logger;
}

/** The auth service: health at the root and under /api/v1/auth, then one sub-app per resource. */
export function createAuthApp(deps: AuthAppDeps): Hono<ServiceEnv> {
  const app = createServiceApp({ db: deps.db, logger: deps.logger, prefix: AUTH_PREFIX });
  app.route(`${AUTH_PREFIX}/password`, createPasswordRoutes({ db: deps.db }));
  return app;
}
