import { parseEnv, remoteVerificationKeys, runService } from '@trove/service-core';
import { createProfileApp } from './app';
import { ProfileEnvSchema } from './env';

await runService({
  name: 'profile',
  env: parseEnv(ProfileEnvSchema),
  portVariable: 'PROFILE_PORT',
  build: ({ env, db, logger }) => ({
    app: createProfileApp({
      db,
      logger,
      verificationKey: remoteVerificationKeys(env.AUTH_JWKS_URL),
      product: env.APP_NAME,
    }),
  }),
});
