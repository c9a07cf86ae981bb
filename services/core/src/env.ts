import { isIP } from 'node:net';
import { z } from 'zod';
import { parseAllowedHosts } from './outbound/host-guard';

// docs/decisions/001-platform-layout.md, "Ports and settings": every setting is an environment
// variable with a default, parsed at start; a bad value prints one line naming it and exits 1.

/** A TCP port given as decimal digits (`AUTH_PORT=4101`). */
export function portSetting(defaultPort: number) {
  return z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number')
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65_535, 'must be a port number between 1 and 65535')
    .default(defaultPort);
}

function urlSetting(protocols: readonly string[], what: string) {
  return z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be ${what}`);
}

/** A comma-separated list of IP addresses or CIDR ranges (`10.0.0.0/8,::1`). */
const proxyListSetting = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine(
    (entries) =>
      entries.every((entry) => {
        const [address = '', prefix] = entry.split('/');
        const family = isIP(address);
        if (family === 0) return false;
        if (prefix === undefined) return true;
        const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
        return bits >= 0 && bits <= (family === 4 ? 32 : 128);
      }),
    'must be a comma-separated list of IP addresses or CIDR ranges',
  );

/** A duration in whole milliseconds within bounds. */
function milliseconds(defaultValue: number, min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .refine((ms) => ms >= min && ms <= max, `must be between ${min} and ${max}`)
    .default(defaultValue);
}

/**
 * APP_NAME when unset: the product's name in what the services say (mails, pages, messages). The one copy in
 * the services; the front ends read theirs from /config/app.json (docs/decisions/001).
 */
export const DEFAULT_APP_NAME = 'Trove';

/**
 * The settings every service shares. Each service adds its own port (`AUTH_PORT`, `PROFILE_PORT`)
 * with {@link portSetting}, so the variable a user sets is the one an error names.
 */
export const baseEnvShape = {
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: urlSetting(['postgres:', 'postgresql:'], 'a postgres:// URL'),
  SMTP_URL: urlSetting(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL').default('smtp://127.0.0.1:1025'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /**
   * The database role the service's queries run as (SET ROLE on each connection): trove_auth,
   * trove_profile or trove_search, made by a migration with only the tables that service uses (issue 18
   * item 16). Unset: the connecting user's own rights. Migrations always run as the connecting user.
   */
  DATABASE_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a role name: lower-case letters, digits and _')
    .optional(),
  TRUSTED_PROXIES: proxyListSetting.default(['127.0.0.1', '::1']),
  APP_NAME: z.string().min(1).default(DEFAULT_APP_NAME),
  /**
   * Accept RFC 5321 quoted local parts (`"jo smith"@example.com`) where an address is taken
   * (docs/decisions/090). Off by default: few real mailboxes need them, and mail libraries read them unevenly.
   */
  ADDRESS_ALLOW_QUOTED_LOCAL: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
  /**
   * Where users reach the app (`https://trove.example.com`), when it is served from one public origin.
   * An https value makes every session cookie Secure (docs/decisions/009, "Self-hosting").
   */
  PUBLIC_URL: urlSetting(['http:', 'https:'], 'an http:// or https:// URL')
    .transform((value) => new URL(value))
    .optional(),
  DB_POOL_MAX: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((max) => max >= 1 && max <= 100, 'must be between 1 and 100')
    .default(10),
  // docs/decisions/009-deploy-story.md, "Faults": with the database gone a request must end in a 503
  // within 5 s, never hang. A new connection gives up after DB_CONNECT_TIMEOUT_MS (also the longest wait
  // for a free pool slot); a statement after DB_STATEMENT_TIMEOUT_MS (0 = no limit).
  DB_CONNECT_TIMEOUT_MS: milliseconds(2_000, 100, 60_000),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(3_000, 0, 600_000),
  // Issue 35 item 4: a transaction left open between statements (a stuck request, a slow mail server) is ended
  // by PostgreSQL after this long and its connection freed, so no client can hold the pool (0 = no limit).
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(30_000, 0, 3_600_000),
  // docs/decisions/051: session families and users kept in process, forgotten on LISTEN/NOTIFY (0 = none).
  SESSION_CACHE_SIZE: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((size) => size <= 1_000_000, 'must be at most 1000000')
    .default(10_000),
} as const;

/** A whole-number setting within bounds, with its default. */
export const wholeNumberSetting = (defaultValue: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`)
    .default(defaultValue);

/**
 * Hosts and CIDR ranges an outbound call may reach although they are loopback, private or link-local
 * (a self-hosted mail server, a webhook on the office network): names, addresses or ranges separated by
 * commas or spaces, checked at start by the same parser the guard uses.
 */
export const allowedHostsSetting = () =>
  z
    .string()
    .optional()
    .refine(
      (value) => {
        try {
          parseAllowedHosts(value);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be host names, addresses or CIDR ranges, separated by commas or spaces' },
    );

/**
 * The argon2 gate of the services that check passwords (auth, profile): issue 18 item 2,
 * accounts/hash-gate.ts. Defaults from PASSWORD_HASH_DEFAULTS.
 */
export const passwordHashEnvShape = {
  PASSWORD_HASH_CONCURRENCY: wholeNumberSetting(4, 1, 64),
  PASSWORD_HASH_QUEUE: wholeNumberSetting(32, 0, 10_000),
  /** Password checks (login, reset/complete, current-password checks) per IP (IPv6: per /64) a minute. */
  RATE_PASSWORD_CHECKS_PER_MINUTE: wholeNumberSetting(30, 1, 1_000_000),
} as const;

export type EnvSource = Readonly<Record<string, string | undefined>>;

export type EnvResult<T> = { ok: true; env: T } | { ok: false; message: string };

/** Settings whose whole value is a secret: a wrong one is named, never printed. */
const SECRET_NAME = /KEY|SECRET|PASSWORD|TOKEN/;

// Values can hold credentials (postgres://user:secret@host); an error line must never print them.
function redactCredentials(value: string): string {
  return value.replace(/\/\/([^/:@\s]*):[^/@\s]*@/, '//$1:***@');
}

/**
 * Parses `source` with `schema` and, on failure, builds the one line that names the variable:
 * `Invalid environment: AUTH_PORT must be a port number (got "abc")`.
 */
export function readEnv<Schema extends z.ZodType>(
  schema: Schema,
  source: EnvSource = process.env,
): EnvResult<z.output<Schema>> {
  // `AUTH_PORT= npm start` means "not set" to a person, so an empty value falls back to the default.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return { ok: true, env: result.data };

  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const value = present[name];
  // A rule across settings (`is required when NODE_ENV=production …`) says more than a bare "is required".
  const problem =
    value === undefined
      ? issue?.code === 'custom'
        ? issue.message
        : 'is required'
      : SECRET_NAME.test(name)
        ? (issue?.message ?? 'is invalid')
        : `${issue?.message ?? 'is invalid'} (got "${redactCredentials(value)}")`;
  return { ok: false, message: `Invalid environment: ${name} ${problem}` };
}

/** {@link readEnv}, but a bad environment stops the process with one line on stderr and exit code 1. */
export function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  source: EnvSource = process.env,
): z.output<Schema> {
  const result = readEnv(schema, source);
  if (result.ok) return result.env;
  process.stderr.write(`${result.message}\n`);
  process.exit(1);
}
