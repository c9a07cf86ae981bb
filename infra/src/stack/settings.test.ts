import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS_PER_NETWORK } from '@trove/proxy';
import {
  parseOrigins,
  RAISED_PROXY_AUTH_LIMITS,
  redactUrl,
  resolveAbWeight,
  resolveAuthLimits,
  resolveInstances,
  resolvePorts,
  resolveSourceFileMaxBytes,
} from './settings';

describe('resolvePorts', () => {
  it('uses the documented defaults', () => {
    expect(resolvePorts({})).toEqual({
      http: 8080,
      auth: 4101,
      profile: 4102,
      search: 4103,
      sources: 4104,
      mailWeb: 1080,
      mailSmtp: 1025,
      embeddedPg: 54329,
    });
  });

  it('reads the environment, treats empty as unset, and lets overrides win', () => {
    const ports = resolvePorts(
      { HTTP_PORT: '9090', AUTH_PORT: '', MAIL_WEB_PORT: '2080' },
      { mailWeb: 3080 },
    );
    expect(ports.http).toBe(9090);
    expect(ports.auth).toBe(4101);
    expect(ports.mailWeb).toBe(3080);
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => resolvePorts({ EMBEDDED_PG_PORT: '70000' })).toThrow(
      'Invalid environment: EMBEDDED_PG_PORT must be a port number between 1 and 65535 (got "70000")',
    );
    expect(() => resolvePorts({ HTTP_PORT: '80x' })).toThrow(/HTTP_PORT/);
  });
});

describe('parseOrigins', () => {
  it('splits, trims and drops trailing slashes', () => {
    expect(parseOrigins(' https://a.example/, http://127.0.0.1:3001 ,,')).toEqual([
      'https://a.example',
      'http://127.0.0.1:3001',
    ]);
    expect(parseOrigins(undefined)).toEqual([]);
  });
});

describe('redactUrl', () => {
  it('hides the password only', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/trove')).toBe('postgres://app:***@db:5432/trove');
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/postgres')).toBe(
      'postgres://postgres@127.0.0.1:5432/postgres',
    );
  });
});

describe('resolveInstances', () => {
  it('runs one of each by default; INSTANCES sets all; a per-service setting wins', () => {
    expect(resolveInstances({})).toEqual({ auth: 1, profile: 1, search: 1, sources: 1 });
    expect(resolveInstances({ INSTANCES: '2' })).toEqual({ auth: 2, profile: 2, search: 2, sources: 2 });
    expect(resolveInstances({ INSTANCES: '2', PROFILE_INSTANCES: '3' })).toEqual({
      auth: 2,
      profile: 3,
      search: 2,
      sources: 2,
    });
    expect(resolveInstances({ INSTANCES: '2', SEARCH_INSTANCES: '4' }, { auth: 1 })).toEqual({
      auth: 1,
      profile: 2,
      search: 4,
      sources: 2,
    });
    expect(resolveInstances({ SOURCES_INSTANCES: '3' }).sources).toBe(3);
  });

  it('names the variable of a bad count in one line', () => {
    expect(() => resolveInstances({ AUTH_INSTANCES: '0' })).toThrow(
      'Invalid environment: AUTH_INSTANCES must be a whole number from 1 to 16 (got "0")',
    );
    expect(() => resolveInstances({ INSTANCES: 'two' })).toThrow(/INSTANCES/);
    expect(() => resolveInstances({ SEARCH_INSTANCES: '17' })).toThrow(/SEARCH_INSTANCES/);
  });
});

describe('resolveAbWeight', () => {
  it('is off when unset, a percentage when set, one line naming the variable when wrong', () => {
    expect(resolveAbWeight({})).toBeUndefined();
    expect(resolveAbWeight({ AB_WEIGHT_B: '20' })).toBe(20);
    expect(resolveAbWeight({ AB_WEIGHT_B: '12.5' })).toBe(12.5);
    expect(() => resolveAbWeight({ AB_WEIGHT_B: '120' })).toThrow(
      'Invalid environment: AB_WEIGHT_B must be a percentage from 0 to 100 (got "120")',
    );
  });
});

describe('resolveAuthLimits (docs/decisions/096)', () => {
  it("keeps the renderer's defaults, reads each setting, and names a bad one in one line", () => {
    expect(resolveAuthLimits({})).toEqual(AUTH_LIMITS_PER_NETWORK);
    expect(resolveAuthLimits({ PROXY_REGISTER_PER_MINUTE: '5', PROXY_SIGN_IN_BURST: '' })).toEqual({
      ...AUTH_LIMITS_PER_NETWORK,
      registerPerMinute: 5,
    });
    expect(() => resolveAuthLimits({ PROXY_SIGN_IN_PER_MINUTE: '0' })).toThrow(
      'Invalid environment: PROXY_SIGN_IN_PER_MINUTE must be a whole number from 1 to 1000000 (got "0")',
    );
    expect(() => resolveAuthLimits({ PROXY_REGISTER_BURST: 'lots' })).toThrow(/PROXY_REGISTER_BURST/);
  });

  it('raises all four for test stacks', () => {
    expect(resolveAuthLimits(RAISED_PROXY_AUTH_LIMITS)).toEqual({
      registerPerMinute: 1_000_000,
      registerBurst: 1_000_000,
      signInPerMinute: 1_000_000,
      signInBurst: 1_000_000,
    });
  });
});

describe('resolveSourceFileMaxBytes (docs/decisions/170-sources-service.md)', () => {
  it("follows the sources service's SOURCE_SQLITE_MAX_BYTES, unset when it is, and names a bad value", () => {
    expect(resolveSourceFileMaxBytes({})).toBeUndefined();
    expect(resolveSourceFileMaxBytes({ SOURCE_SQLITE_MAX_BYTES: '1048576' })).toBe(1048576);
    expect(() => resolveSourceFileMaxBytes({ SOURCE_SQLITE_MAX_BYTES: '12 MB' })).toThrow(
      /SOURCE_SQLITE_MAX_BYTES/,
    );
  });
});
