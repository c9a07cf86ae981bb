import { parseEnv, remoteVerificationKeys, runService, setPasswordHashLimits } from '@trove/service-core';
import { createProfileApp } from './app';
import { ProfileEnvSchema } from './env';

await runService({
  name: 'profile',
  env: parseEnv(ProfileEnvSchema),
  portVariable: 'PROFILE_PORT',
  build: ({ env, db, logger }) => {
    setPasswordHashLimits({ concurrency: env.PASSWORD_HASH_CONCURRENCY, queue: env.PASSWORD_HASH_QUEUE });
    return {
      app: createProfileApp({
        db,
        logger,
        verificationKey: remoteVerificationKeys(env.AUTH_JWKS_URL),
        product: env.APP_NAME,
        trustedProxies: env.TRUSTED_PROXIES,
        currentPassword: {
          passwordChecksPerMinute: env.RATE_PASSWORD_CHECKS_PER_MINUTE,
          failuresPerHour: env.RATE_CURRENT_PASSWORD_FAILURES_PER_HOUR,
        },
      }),
    };
  },
});
