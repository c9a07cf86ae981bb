import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle, Logger } from '@trove/service-core';
import { captureLogs } from '@trove/service-core/testing';
import { createAuthApp } from '../app';
import { type AuthEnv, AuthEnvSchema } from '../env';
import { loadSigningKeys, type SigningKeys } from '../keys/signing-keys';

// Test settings: every limit the issue fixes is a setting, so tests state the numbers they rely on
// (generous by default, so only the abuse-limit tests meet the limits).
const TEST_SETTINGS: Record<string, string> = {
  OTP_TTL_SECONDS: '600',
  OTP_RESEND_SECONDS: '30',
  OTP_MAX_ATTEMPTS: '5',
  RESET_TOKEN_TTL_SECONDS: '900',
  ACCESS_TOKEN_TTL_SECONDS: '900',
  REFRESH_TOKEN_TTL_SECONDS: '2592000',
  REFRESH_REUSE_GRACE_SECONDS: '10',
  PENDING_LOGIN_TTL_SECONDS: '600',
  RATE_EXISTS_PER_MINUTE: '100000',
  RATE_REGISTER_PER_MINUTE: '100000',
  RATE_PASSWORD_CHECKS_PER_MINUTE: '100000',
  RATE_LOGIN_FAILURES: '100000',
  RATE_LOGIN_WINDOW_SECONDS: '600',
  RATE_ACCOUNT_FAILURES: '100000',
  RATE_CODE_MAILS_PER_HOUR: '100000',
  AUTH_MIN_RESPONSE_MS: '0',
  LOG_LEVEL: 'silent',
};

export function testEnv(databaseUrl: string, overrides: Record<string, string> = {}): AuthEnv {
  return AuthEnvSchema.parse({ DATABASE_URL: databaseUrl, ...TEST_SETTINGS, ...overrides });
}

let keys: Promise<SigningKeys> | undefined;

/** One key per test process, generated into a temporary folder (never the repository's .data). */
export function testKeys(): Promise<SigningKeys> {
  keys ??= loadSigningKeys({ dir: join(mkdtempSync(join(tmpdir(), 'trove-auth-keys-')), 'keys') });
  return keys;
}

export async function createTestAuthApp(options: {
  db: DatabaseHandle;
  url?: string;
  logger?: Logger;
  settings?: Record<string, string>;
}) {
  const env = testEnv(options.url ?? 'postgres://unused@127.0.0.1/unused', options.settings);
  return createAuthApp({
    db: options.db,
    logger: options.logger ?? captureLogs().logger,
    env,
    keys: await testKeys(),
  });
}

export { CookieJar } from '@trove/service-core/testing';
