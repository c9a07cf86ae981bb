import { baseEnvShape, passwordHashEnvShape, portSetting, wholeNumberSetting } from '@trove/service-core';
import { z } from 'zod';
import { CURRENT_PASSWORD_DEFAULTS } from './profiles/current-password';

export const ProfileEnvSchema = z
  .object({
    ...baseEnvShape,
    ...passwordHashEnvShape,
    PROFILE_PORT: portSetting(4102),
    /** Wrong current passwords (password change, phone change, 2-step off) one account may send an hour. */
    RATE_CURRENT_PASSWORD_FAILURES_PER_HOUR: wholeNumberSetting(
      CURRENT_PASSWORD_DEFAULTS.failuresPerHour,
      1,
      1_000_000,
    ),
    /** The auth service's public keys (docs/architecture.md#sessions: verified through its JWKS, never a shared secret). */
    AUTH_JWKS_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('http://127.0.0.1:4101/api/v1/auth/.well-known/jwks.json'),
  })
  .transform(({ PROFILE_PORT, ...env }) => ({ ...env, PORT: PROFILE_PORT }));

export type ProfileEnv = z.output<typeof ProfileEnvSchema>;
