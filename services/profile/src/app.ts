import { createServiceApp, type DatabaseHandle, type Logger, type ServiceEnv } from '@trove/service-core';
import type { Hono } from 'hono';
import { createProfileRoutes } from './routes/profile';

export const PROFILE_PREFIX = '/api/v1/profile';

export interface ProfileAppDeps {
  db: DatabaseHandle;
  logger: Logger;
}

/** The profile service: health at the root and under /api/v1/profile, then its resources. */
export function createProfileApp(deps: ProfileAppDeps): Hono<ServiceEnv> {
  const app = createServiceApp({ db: deps.db, logger: deps.logger, prefix: PROFILE_PREFIX });
  app.route(PROFILE_PREFIX, createProfileRoutes());
  return app;
}
