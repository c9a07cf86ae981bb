import {
  baseEnvShape,
  passwordHashEnvShape,
  portSetting,
  wholeNumberSetting as wholeNumber,
} from '@trove/service-core';
import { z } from 'zod';

const DAY = 86_400;

// Every number the issue fixes is a setting with the value as its default, so tests and
// operators can change it without a code change (docs/decisions/005-accounts.md lists them).
export const AuthEnvSchema = z
  .object({
    ...baseEnvShape,
    ...passwordHashEnvShape,
    AUTH_PORT: portSetting(4101),
    /** Where the signing key is generated once when AUTH_SIGNING_KEY is not set. */
    AUTH_KEY_DIR: z.string().min(1).default('.data/keys'),
    /** An Ed25519 private key, PKCS#8 PEM; wins over the key file. */
    AUTH_SIGNING_KEY: z
      .string()
      .refine((value) => value.includes('BEGIN PRIVATE KEY'), 'must be a PKCS#8 PEM private key')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    OTP_TTL_SECONDS: wholeNumber(600, 10, DAY),
    OTP_RESEND_SECONDS: wholeNumber(30, 0, 3_600),
    OTP_MAX_ATTEMPTS: wholeNumber(5, 1, 100),
    RESET_TOKEN_TTL_SECONDS: wholeNumber(900, 10, DAY),
    ACCESS_TOKEN_TTL_SECONDS: wholeNumber(900, 10, DAY),
    REFRESH_TOKEN_TTL_SECONDS: wholeNumber(30 * DAY, 60, 365 * DAY),
    REFRESH_REUSE_GRACE_SECONDS: wholeNumber(10, 0, 300),
    /** The absolute lifetime of a sign-in, however often it is refreshed (issue 18 item 10). */
    SESSION_MAX_DAYS: wholeNumber(30, 1, 365),
    PENDING_LOGIN_TTL_SECONDS: wholeNumber(600, 10, DAY),
    RATE_EXISTS_PER_MINUTE: wholeNumber(10, 1, 1_000_000),
    RATE_REGISTER_PER_MINUTE: wholeNumber(10, 1, 1_000_000),
    /** Login attempts per IP/64 + account that start at once; after them each waits (issue 18 item 4). */
    RATE_LOGIN_FAILURES: wholeNumber(10, 1, 1_000_000),
    /** The first wait after RATE_LOGIN_FAILURES; it doubles with each further attempt… */
    RATE_LOGIN_DELAY_SECONDS: wholeNumber(1, 1, DAY),
    /** …up to this. */
    RATE_LOGIN_DELAY_MAX_SECONDS: wholeNumber(900, 1, DAY),
    /** A pair's attempts are forgotten this long after its last one. */
    RATE_LOGIN_WINDOW_SECONDS: wholeNumber(DAY, 1, 30 * DAY),
    /**
     * Failed logins on one account a day from one network (IPv4 /24, IPv6 /48) before that network's attempts
     * on it are spaced out (issue 35 item 6: per network, so strangers elsewhere cannot lock the owner out).
     */
    RATE_ACCOUNT_FAILURES: wholeNumber(100, 1, 1_000_000),
    /** The spacing then; a device that signed in to the account before is never spaced. */
    RATE_ACCOUNT_SLOWDOWN_SECONDS: wholeNumber(30, 1, 3_600),
    /** How long the signed "known device" cookie lasts after a sign-in. */
    KNOWN_DEVICE_DAYS: wholeNumber(180, 1, 3_650),
    RATE_CODE_MAILS_PER_HOUR: wholeNumber(5, 1, 1_000_000),
    /** Known and unknown emails answer after the same floor (exists, otp and reset requests). */
    AUTH_MIN_RESPONSE_MS: wholeNumber(50, 0, 5_000),
    MAIL_POLL_MS: wholeNumber(1_000, 10, 60_000),
    MAIL_RETRY_SECONDS: wholeNumber(5, 1, 3_600),
    /** Days sent mail, used codes and ended sessions are kept before the purge (issue 18 item 14). */
    RETENTION_DAYS: wholeNumber(30, 1, 3_650),
    RETENTION_INTERVAL_SECONDS: wholeNumber(3_600, 60, DAY),
  })
  .transform(({ AUTH_PORT, ...env }) => ({ ...env, PORT: AUTH_PORT }));

export type AuthEnv = z.output<typeof AuthEnvSchema>;
