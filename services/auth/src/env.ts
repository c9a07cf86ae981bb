import { baseEnvShape, portSetting } from '@trove/service-core';
import { z } from 'zod';

export const AuthEnvSchema = z
  .object({ ...baseEnvShape, AUTH_PORT: portSetting(4101) })
  .transform(({ AUTH_PORT, ...env }) => ({ ...env, PORT: AUTH_PORT }));

export type AuthEnv = z.output<typeof AuthEnvSchema>;
