import { baseEnvShape, portSetting } from '@trove/service-core';
import { z } from 'zod';

export const ProfileEnvSchema = z
  .object({ ...baseEnvShape, PROFILE_PORT: portSetting(4102) })
  .transform(({ PROFILE_PORT, ...env }) => ({ ...env, PORT: PROFILE_PORT }));

export type ProfileEnv = z.output<typeof ProfileEnvSchema>;
