import { readEnv } from '@trove/service-core';
import { describe, expect, it } from 'vitest';
import { chatSettingsFromEnv, listenOrigin } from './chats/chat-settings';
import { keyList, previousSecretsKeys, SearchEnvSchema } from './env';

// Issue 18 item 12: mailed links take their origin from PUBLIC_URL only.
const base = { DATABASE_URL: 'postgres://trove@127.0.0.1:5432/trove' };

describe('PUBLIC_URL and the origin of mailed links', () => {
  it('in production the service does not start without PUBLIC_URL, and says which variable', () => {
    const result = readEnv(SearchEnvSchema, { ...base, NODE_ENV: 'production' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/PUBLIC_URL/);
    expect(
      readEnv(SearchEnvSchema, {
        ...base,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://t.example',
        SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
      }).ok,
    ).toBe(true);
  });

  it('links use PUBLIC_URL, else the listen origin of a local run', () => {
    const withUrl = SearchEnvSchema.parse({ ...base, PUBLIC_URL: 'https://trove.example.com/app' });
    expect(chatSettingsFromEnv(withUrl).linkOrigin).toBe('https://trove.example.com');
    const local = SearchEnvSchema.parse({ ...base, SEARCH_PORT: '4999' });
    expect(chatSettingsFromEnv(local).linkOrigin).toBe('http://127.0.0.1:4999');
    expect(listenOrigin('0.0.0.0', 4103)).toBe('http://localhost:4103');
    expect(listenOrigin('::1', 4103)).toBe('http://[::1]:4103');
  });
});

describe('SECRETS_KEY in production (issue 35 item 3)', () => {
  const production = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://t.example' };

  it('production does not start without SECRETS_KEY, and one line names it', () => {
    const result = readEnv(SearchEnvSchema, production);
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    expect(message).toMatch(/^Invalid environment: SECRETS_KEY is required when NODE_ENV=production/);
    expect(message).not.toContain('\n');
  });

  it('a local run still makes its own key file', () => {
    expect(readEnv(SearchEnvSchema, base).ok).toBe(true);
  });

  it.each([['SECRETS_KEY'], ['SECRETS_KEY_PREVIOUS']])(
    '%s that is not 32 bytes in base64 names itself',
    (name) => {
      const result = readEnv(SearchEnvSchema, { ...base, [name]: 'c2hvcnQ=' });
      expect(!result.ok && result.message).toMatch(new RegExp(`${name} must be 32 random bytes in base64`));
      // A secret, even a wrong one, is never printed.
      expect(!result.ok && result.message).not.toContain('c2hvcnQ=');
    },
  );

  it('SECRETS_KEY_PREVIOUS opens first, then the older SECRETS_PREVIOUS_KEYS', () => {
    const [a, b] = [Buffer.alloc(32, 2).toString('base64'), Buffer.alloc(32, 3).toString('base64')];
    const env = SearchEnvSchema.parse({ ...base, SECRETS_KEY_PREVIOUS: a, SECRETS_PREVIOUS_KEYS: b });
    expect(previousSecretsKeys(env)).toEqual([a, b]);
  });
});

describe('secrets settings (issue 21; destinations since docs/decisions/170)', () => {
  it('the secrets key is made once under .data/keys unless SECRETS_KEY is set', () => {
    const env = SearchEnvSchema.parse(base);
    expect(env.SECRETS_KEY).toBeUndefined();
    expect(env.SECRETS_KEY_DIR).toBe('.data/keys');
  });

  it('SECRETS_PREVIOUS_KEYS: comma-separated 32-byte keys in base64, else it names itself', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const env = SearchEnvSchema.parse({ ...base, SECRETS_PREVIOUS_KEYS: ` ${key}, ${key} ,` });
    expect(keyList(env.SECRETS_PREVIOUS_KEYS)).toEqual([key, key]);
    expect(keyList(SearchEnvSchema.parse(base).SECRETS_PREVIOUS_KEYS)).toEqual([]);
    const bad = readEnv(SearchEnvSchema, { ...base, SECRETS_PREVIOUS_KEYS: `${key},short` });
    expect(!bad.ok && bad.message).toMatch(/SECRETS_PREVIOUS_KEYS must be keys of 32 random bytes/);
  });
});

describe('indexing settings (docs/decisions/074)', () => {
  it('a take indexes up to 200 jobs at once and the lists are vacuumed every 5,000 rows unless set; 0 turns that off', () => {
    const env = SearchEnvSchema.parse(base);
    expect(env.SEARCH_JOB_BATCH).toBe(200);
    expect(env.SEARCH_LISTS_VACUUM_ROWS).toBe(5_000);
    expect(SearchEnvSchema.parse({ ...base, SEARCH_LISTS_VACUUM_ROWS: '0' }).SEARCH_LISTS_VACUUM_ROWS).toBe(
      0,
    );
    const bad = readEnv(SearchEnvSchema, { ...base, SEARCH_JOB_BATCH: '0' });
    expect(!bad.ok && bad.message).toMatch(/SEARCH_JOB_BATCH/);
  });
});
