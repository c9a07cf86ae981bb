import { AUTH_LIMITS_PER_NETWORK, type AuthLimits } from '@trove/proxy';
import { StackError } from './errors';

/** Every port of the stack (docs/decisions/001-platform-layout.md, "Ports and settings"). */
export interface StackPorts {
  http: number;
  auth: number;
  profile: number;
  search: number;
  sources: number;
  mailWeb: number;
  mailSmtp: number;
  embeddedPg: number;
}

/** Each port with the variable that sets it and its default. */
export const PORT_SETTINGS: Readonly<
  Record<keyof StackPorts, readonly [variable: string, fallback: number]>
> = {
  http: ['HTTP_PORT', 8080],
  auth: ['AUTH_PORT', 4101],
  profile: ['PROFILE_PORT', 4102],
  search: ['SEARCH_PORT', 4103],
  sources: ['SOURCES_PORT', 4104],
  mailWeb: ['MAIL_WEB_PORT', 1080],
  mailSmtp: ['MAIL_SMTP_PORT', 1025],
  embeddedPg: ['EMBEDDED_PG_PORT', 54329],
};

/** One line naming the variable, the way the services word it. */
function parsePort(variable: string, raw: string | undefined, fallback: number): number {
  // An empty value means "not set" to a person (`HTTP_PORT= npm start`).
  if (raw === undefined || raw === '') return fallback;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(port >= 1 && port <= 65_535)) {
    throw new StackError(
      `Invalid environment: ${variable} must be a port number between 1 and 65535 (got "${raw}")`,
    );
  }
  return port;
}

/** Ports from `overrides`, else the environment, else the defaults. */
export function resolvePorts(env: NodeJS.ProcessEnv, overrides: Partial<StackPorts> = {}): StackPorts {
  const ports = {} as StackPorts;
  for (const key of Object.keys(PORT_SETTINGS) as (keyof StackPorts)[]) {
    const [variable, fallback] = PORT_SETTINGS[key];
    ports[key] = overrides[key] ?? parsePort(variable, env[variable], fallback);
  }
  return ports;
}

/** `REMOTE_ORIGINS=https://a.example,https://b.example` → the list (the proxy validates each). */
export function parseOrigins(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter((origin) => origin !== '');
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`: error lines never print passwords. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^/:@\s]*):[^/@\s]*@/, '//$1:***@');
}

/** How many instances of each service the stack runs (docs/decisions/009-deploy-story.md, "Scale-out"). */
export interface StackInstances {
  auth: number;
  profile: number;
  search: number;
  sources: number;
}

function parseCount(variable: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const count = /^\d{1,2}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(count >= 1 && count <= 16)) {
    throw new StackError(
      `Invalid environment: ${variable} must be a whole number from 1 to 16 (got "${raw}")`,
    );
  }
  return count;
}

/**
 * `AUTH_INSTANCES` / `PROFILE_INSTANCES` / `SEARCH_INSTANCES` / `SOURCES_INSTANCES`, each defaulting to
 * `INSTANCES`, which defaults to 1. The first instance listens on AUTH_PORT / PROFILE_PORT / SEARCH_PORT /
 * SOURCES_PORT; the others on free
 * loopback ports only nginx needs to know.
 */
export function resolveInstances(
  env: NodeJS.ProcessEnv,
  overrides: Partial<StackInstances> = {},
): StackInstances {
  const all = parseCount('INSTANCES', env.INSTANCES, 1);
  return {
    auth: overrides.auth ?? parseCount('AUTH_INSTANCES', env.AUTH_INSTANCES, all),
    profile: overrides.profile ?? parseCount('PROFILE_INSTANCES', env.PROFILE_INSTANCES, all),
    search: overrides.search ?? parseCount('SEARCH_INSTANCES', env.SEARCH_INSTANCES, all),
    sources: overrides.sources ?? parseCount('SOURCES_INSTANCES', env.SOURCES_INSTANCES, all),
  };
}

/**
 * `AB_WEIGHT_B`: the share of new visitors (percent) who get the landing page's variant B. Unset: no
 * rollout runs and nginx sets no visitor cookie (docs/decisions/009-deploy-story.md, "A/B rollout").
 */
export function resolveAbWeight(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.AB_WEIGHT_B;
  if (raw === undefined || raw === '') return undefined;
  const weight = /^\d{1,3}(\.\d{1,2})?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(weight >= 0 && weight <= 100)) {
    throw new StackError(
      `Invalid environment: AB_WEIGHT_B must be a percentage from 0 to 100 (got "${raw}")`,
    );
  }
  return weight;
}

/**
 * `UPLOAD_MAX_REQUEST_BYTES`, the search service's cap on one upload request, which nginx's body cap on
 * /api/v1/uploads follows. Unset: both use their default (100 MB). Checked here too so a bad value is one
 * line before anything starts, in the service's own words.
 */
export function resolveUploadMaxRequestBytes(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.UPLOAD_MAX_REQUEST_BYTES;
  if (raw === undefined || raw === '') return undefined;
  const bytes = /^\d{1,13}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(bytes >= 1024 && bytes <= 4 * 1024 * 1024 * 1024)) {
    throw new StackError(
      `Invalid environment: UPLOAD_MAX_REQUEST_BYTES must be a whole number of bytes between 1024 and ${4 * 1024 * 1024 * 1024} (got "${raw}")`,
    );
  }
  return bytes;
}

/**
 * `SOURCE_SQLITE_MAX_BYTES`, the sources service's cap on a SQLite file's upload, which nginx's body cap on
 * /api/v1/sources/files follows (docs/decisions/170-sources-service.md). Unset: both use their default (200 MB).
 */
export function resolveSourceFileMaxBytes(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.SOURCE_SQLITE_MAX_BYTES;
  if (raw === undefined || raw === '') return undefined;
  const bytes = /^\d{1,13}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(bytes >= 1024 && bytes <= 4 * 1024 * 1024 * 1024)) {
    throw new StackError(
      `Invalid environment: SOURCE_SQLITE_MAX_BYTES must be a whole number of bytes between 1024 and ${4 * 1024 * 1024 * 1024} (got "${raw}")`,
    );
  }
  return bytes;
}

/** nginx's limits per client network on the auth calls made without a session (docs/decisions/096). */
export const AUTH_LIMIT_SETTINGS = {
  registerPerMinute: 'PROXY_REGISTER_PER_MINUTE',
  registerBurst: 'PROXY_REGISTER_BURST',
  signInPerMinute: 'PROXY_SIGN_IN_PER_MINUTE',
  signInBurst: 'PROXY_SIGN_IN_BURST',
} as const satisfies Record<keyof AuthLimits, string>;

/**
 * `PROXY_REGISTER_PER_MINUTE`, `PROXY_REGISTER_BURST`, `PROXY_SIGN_IN_PER_MINUTE`, `PROXY_SIGN_IN_BURST`: each
 * one unset keeps the renderer's default (AUTH_LIMITS_PER_NETWORK). Test stacks that sign up many users
 * from 127.0.0.1 raise them, as they raise the auth service's RATE_REGISTER_PER_MINUTE.
 */
export function resolveAuthLimits(env: NodeJS.ProcessEnv): AuthLimits {
  const limits: AuthLimits = { ...AUTH_LIMITS_PER_NETWORK };
  for (const [key, variable] of Object.entries(AUTH_LIMIT_SETTINGS) as [keyof AuthLimits, string][]) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const value = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= 1 && value <= 1_000_000)) {
      throw new StackError(
        `Invalid environment: ${variable} must be a whole number from 1 to 1000000 (got "${raw}")`,
      );
    }
    limits[key] = value;
  }
  return limits;
}

/**
 * nginx's per-network auth limits raised out of the way, for a stack whose tests or bench sign up and sign in
 * many users from 127.0.0.1 (spread into `serviceEnv` beside the raised RATE_* settings).
 */
export const RAISED_PROXY_AUTH_LIMITS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(AUTH_LIMIT_SETTINGS).map((variable) => [variable, '1000000']),
);
