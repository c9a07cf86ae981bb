import { ACCESS_COOKIE, API_PATHS, CSRF_ERROR_MESSAGE, CSRF_HEADER } from '@trove/contracts';
import {
  ApiError,
  createServiceApp,
  type DatabaseHandle,
  isStateChanging,
  type Logger,
  type ServiceEnv,
  safeEqual,
  setPasswordHashLimits,
  TrustedProxies,
  verifySessionToken,
} from '@trove/service-core';
import type { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AuthDeps } from './deps';
import type { AuthEnv } from './env';
import type { SigningKeys } from './keys/signing-keys';
import { createRateLimits } from './limits/rate-limits';
import { createOtpRoutes } from './routes/otp';
import { createPasswordRoutes } from './routes/password';
import { createSessionRoutes } from './routes/session';

export const AUTH_PREFIX = API_PATHS.auth;

export interface AuthAppDeps {
  db: DatabaseHandle;
  logger: Logger;
  env: AuthEnv;
  keys: SigningKeys;
  mailQueued?: () => void;
}

/** The auth service: health at the root and under /api/v1/auth, then one sub-app per resource. */
export function createAuthApp(options: AuthAppDeps): Hono<ServiceEnv> {
  const { env } = options;
  setPasswordHashLimits({ concurrency: env.PASSWORD_HASH_CONCURRENCY, queue: env.PASSWORD_HASH_QUEUE });
  const deps: AuthDeps = {
    db: options.db,
    logger: options.logger,
    env,
    keys: options.keys,
    limits: createRateLimits(options.db, env),
    trustedProxies: new TrustedProxies(env.TRUSTED_PROXIES),
    codes: {
      ttlSeconds: env.OTP_TTL_SECONDS,
      resendSeconds: env.OTP_RESEND_SECONDS,
      maxAttempts: env.OTP_MAX_ATTEMPTS,
      product: env.APP_NAME,
      hashKey: options.keys.codeHashKey,
    },
    sessions: {
      accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
      reuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
      sessionMaxDays: env.SESSION_MAX_DAYS,
    },
    mailQueued: options.mailQueued ?? (() => undefined),
  };
  const app = createServiceApp({ db: deps.db, logger: deps.logger, prefix: AUTH_PREFIX });

  // The flask-jwt-extended rule (docs/architecture.md#sessions): a state-changing request that carries a valid access
  // cookie must carry its csrf value in X-CSRF-TOKEN. refresh and logout check the refresh token's.
  app.use(`${AUTH_PREFIX}/*`, async (c, next) => {
    const path = c.req.path;
    if (isStateChanging(c.req.method) && !path.endsWith('/refresh') && !path.endsWith('/logout')) {
      const claims = await verifySessionToken(
        getCookie(c, ACCESS_COOKIE),
        deps.keys.verificationKey,
        'access',
      );
      if (claims !== undefined && !safeEqual(c.req.header(CSRF_HEADER) ?? '', claims.csrf)) {
        throw new ApiError(401, CSRF_ERROR_MESSAGE, 'csrf_failed');
      }
    }
    await next();
  });

  app.route(`${AUTH_PREFIX}/password`, createPasswordRoutes(deps));
  app.route(`${AUTH_PREFIX}/otp`, createOtpRoutes(deps));
  app.route(AUTH_PREFIX, createSessionRoutes(deps));
  return app;
}
