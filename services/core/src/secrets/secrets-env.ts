import { z } from 'zod';

// The secret box's settings (docs/decisions/048 and 091), read by every service that seals something: the
// sources service (a source's password) and the search service (a destination's webhook URL). They share one key.

/** A secrets key: 32 random bytes in base64, checked at start so a bad one names its variable. */
const secretsKeySetting = z
  .string()
  .refine(
    (value) => Buffer.from(value.trim(), 'base64').length === 32,
    'must be 32 random bytes in base64 (openssl rand -base64 32)',
  );

/** SECRETS_PREVIOUS_KEYS as a list: comma-separated base64 keys, blanks ignored. */
export function keyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

/** The keys that only open, SECRETS_KEY_PREVIOUS first. */
export function previousSecretsKeys(env: {
  SECRETS_KEY_PREVIOUS?: string | undefined;
  SECRETS_PREVIOUS_KEYS?: string | undefined;
}): string[] {
  return [
    ...(env.SECRETS_KEY_PREVIOUS === undefined ? [] : [env.SECRETS_KEY_PREVIOUS.trim()]),
    ...keyList(env.SECRETS_PREVIOUS_KEYS),
  ];
}

export const secretsEnvShape = {
  /**
   * The key that seals sources' passwords and destinations' webhook URLs (AES-256-GCM; 32 random bytes in
   * base64). Unset: made once in SECRETS_KEY_DIR and read from there after — a local run only: with
   * NODE_ENV=production it is required (issue 35 item 3), since a replica or a redeploy with a key of its own
   * could open nothing the others sealed.
   */
  SECRETS_KEY: secretsKeySetting.optional(),
  /**
   * Rotation (docs/decisions/091): the key SECRETS_KEY replaces. It only opens; what it sealed is sealed again
   * with SECRETS_KEY at start and on each read, after which it can be dropped.
   */
  SECRETS_KEY_PREVIOUS: secretsKeySetting.optional(),
  /** Older keys still, comma-separated (the list form SECRETS_KEY_PREVIOUS came after; both are read). */
  SECRETS_PREVIOUS_KEYS: z
    .string()
    .optional()
    .refine((value) => keyList(value).every((key) => Buffer.from(key, 'base64').length === 32), {
      message: 'SECRETS_PREVIOUS_KEYS must be keys of 32 random bytes in base64, separated by commas',
    }),
  SECRETS_KEY_DIR: z.string().min(1).default('.data/keys'),
} as const;

/** Issue 35 item 3: a key file in the container is lost on each redeploy and differs between replicas. */
export function requireSecretsKeyInProduction(
  env: { NODE_ENV?: string | undefined; SECRETS_KEY?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV === 'production' && env.SECRETS_KEY === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['SECRETS_KEY'],
      message:
        'is required when NODE_ENV=production: 32 random bytes in base64 (openssl rand -base64 32), from a secret every replica shares',
    });
  }
}
