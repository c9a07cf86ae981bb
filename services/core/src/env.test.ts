import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { allowedHostsSetting, baseEnvShape, parseEnv, portSetting, readEnv } from './env';

const AuthLikeSchema = z.object({ ...baseEnvShape, AUTH_PORT: portSetting(4101) });
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/trove';

function messageFor(source: Record<string, string>): string | undefined {
  const result = readEnv(AuthLikeSchema, source);
  return result.ok ? undefined : result.message;
}

describe('readEnv', () => {
  it('fills every setting but the database URL with its documented default', () => {
    const result = readEnv(AuthLikeSchema, { DATABASE_URL });
    expect(result).toEqual({
      ok: true,
      env: {
        AUTH_PORT: 4101,
        HOST: '127.0.0.1',
        DATABASE_URL,
        SMTP_URL: 'smtp://127.0.0.1:1025',
        LOG_LEVEL: 'info',
        TRUSTED_PROXIES: ['127.0.0.1', '::1'],
        APP_NAME: 'Trove',
        ADDRESS_ALLOW_QUOTED_LOCAL: false,
        DB_POOL_MAX: 10,
        DB_CONNECT_TIMEOUT_MS: 2_000,
        DB_STATEMENT_TIMEOUT_MS: 3_000,
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000,
        SESSION_CACHE_SIZE: 10_000,
      },
    });
  });

  it('reads given values into their types', () => {
    const result = readEnv(AuthLikeSchema, {
      DATABASE_URL,
      AUTH_PORT: '5101',
      TRUSTED_PROXIES: '10.0.0.0/8, ::1 ,192.168.1.7',
      DB_POOL_MAX: '3',
    });
    expect(result.ok && result.env.AUTH_PORT).toBe(5101);
    expect(result.ok && result.env.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1', '192.168.1.7']);
    expect(result.ok && result.env.DB_POOL_MAX).toBe(3);
  });

  it('DATABASE_ROLE takes a plain role name only (it goes into the connection start-up options)', () => {
    expect(messageFor({ DATABASE_URL, DATABASE_ROLE: 'trove_search' })).toBeUndefined();
    expect(messageFor({ DATABASE_URL, DATABASE_ROLE: 'trove -c role=postgres' })).toMatch(/DATABASE_ROLE/);
    expect(messageFor({ DATABASE_URL, DATABASE_ROLE: 'Trove' })).toMatch(/must be a role name/);
  });

  it('a bad port names the variable and the value', () => {
    expect(messageFor({ DATABASE_URL, AUTH_PORT: 'abc' })).toBe(
      'Invalid environment: AUTH_PORT must be a port number (got "abc")',
    );
    expect(messageFor({ DATABASE_URL, AUTH_PORT: '70000' })).toBe(
      'Invalid environment: AUTH_PORT must be a port number between 1 and 65535 (got "70000")',
    );
  });

  it('a missing database URL says it is required', () => {
    expect(messageFor({})).toBe('Invalid environment: DATABASE_URL is required');
  });

  it('an empty value counts as unset', () => {
    expect(readEnv(AuthLikeSchema, { DATABASE_URL, AUTH_PORT: '' })).toMatchObject({
      env: { AUTH_PORT: 4101 },
    });
  });

  it('never prints a password from a URL it rejects', () => {
    const message = messageFor({ DATABASE_URL: 'mysql://app:hunter2@db:3306/trove' });
    expect(message).toBe(
      'Invalid environment: DATABASE_URL must be a postgres:// URL (got "mysql://app:***@db:3306/trove")',
    );
  });

  it('names the setting for other bad values', () => {
    expect(messageFor({ DATABASE_URL, LOG_LEVEL: 'loud' })).toMatch(
      /^Invalid environment: LOG_LEVEL must be one of /,
    );
    expect(messageFor({ DATABASE_URL, TRUSTED_PROXIES: '10.0.0.1,proxy.local' })).toMatch(
      /^Invalid environment: TRUSTED_PROXIES must be a comma-separated list/,
    );
    expect(messageFor({ DATABASE_URL, SMTP_URL: 'http://mail' })).toMatch(/^Invalid environment: SMTP_URL /);
    expect(messageFor({ DATABASE_URL, DB_POOL_MAX: '0' })).toMatch(/^Invalid environment: DB_POOL_MAX /);
  });
});

describe('parseEnv', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints one line to stderr and exits 1 on a bad value', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${String(code)}`);
    });
    expect(() => parseEnv(AuthLikeSchema, { DATABASE_URL, AUTH_PORT: 'abc' })).toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(written).toEqual(['Invalid environment: AUTH_PORT must be a port number (got "abc")\n']);
  });
});

describe('allowedHostsSetting', () => {
  const Schema = z.object({ SOURCE_ALLOWED_HOSTS: allowedHostsSetting() });

  it('takes names, addresses and ranges, and nothing', () => {
    expect(Schema.safeParse({ SOURCE_ALLOWED_HOSTS: 'mail.internal, 10.0.0.0/8 ::1' }).success).toBe(true);
    expect(Schema.safeParse({}).success).toBe(true);
  });

  it('refuses a range it cannot read, naming what it wants', () => {
    const result = Schema.safeParse({ SOURCE_ALLOWED_HOSTS: '10.0.0.0/99' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'must be host names, addresses or CIDR ranges, separated by commas or spaces',
    );
  });
});
