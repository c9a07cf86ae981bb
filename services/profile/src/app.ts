import { API_PATHS } from '@trove/contracts';
import {
  createServiceApp,
  DEFAULT_APP_NAME,
  type DatabaseHandle,
  type Logger,
  type ServiceEnv,
  TrustedProxies,
  type VerificationKey,
} from '@trove/service-core';
import type { Hono } from 'hono';
import {
  CURRENT_PASSWORD_DEFAULTS,
  type CurrentPasswordSettings,
  createCurrentPasswordCheck,
} from './profiles/current-password';
import { createProfileRoutes } from './routes/profile';

export const PROFILE_PREFIX = API_PATHS.profile;

export interface ProfileAppDeps {
  db: DatabaseHandle;
  logger: Logger;
  /** The auth service's public keys: in production its JWKS (AUTH_JWKS_URL). */
  verificationKey: VerificationKey;
  /** Product name for the password-change mail (APP_NAME). */
  product?: string;
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client (default: loopback, as nginx runs). */
  trustedProxies?: readonly string[];
  /** The current-password check's budgets; unset ones take CURRENT_PASSWORD_DEFAULTS. */
  currentPassword?: Partial<CurrentPasswordSettings>;
}

/** The profile service: health at the root and under /api/v1/profile, then its resources. */
export function createProfileApp(deps: ProfileAppDeps): Hono<ServiceEnv> {
  const app = createServiceApp({ db: deps.db, logger: deps.logger, prefix: PROFILE_PREFIX });
  app.route(
    PROFILE_PREFIX,
    createProfileRoutes({
      db: deps.db,
      verificationKey: deps.verificationKey,
      product: deps.product ?? DEFAULT_APP_NAME,
      trustedProxies: new TrustedProxies(deps.trustedProxies ?? ['127.0.0.1', '::1']),
      confirmCurrentPassword: createCurrentPasswordCheck(deps.db, {
        ...CURRENT_PASSWORD_DEFAULTS,
        ...deps.currentPassword,
      }),
    }),
  );
  return app;
}
