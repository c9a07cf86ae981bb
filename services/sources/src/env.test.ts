import { readEnv } from '@trove/service-core';
import { describe, expect, it } from 'vitest';
import { SourcesEnvSchema } from './env';

const base = { DATABASE_URL: 'postgres://trove@127.0.0.1:5432/trove' };

describe('sources settings (issue 21; docs/decisions/170-sources-service.md)', () => {
  it('SOURCE_ALLOWED_HOSTS takes names, addresses and ranges, and names itself when it cannot be read', () => {
    expect(
      SourcesEnvSchema.parse({ ...base, SOURCE_ALLOWED_HOSTS: 'mail.home.arpa, 10.0.0.0/8 ::1' })
        .SOURCE_ALLOWED_HOSTS,
    ).toBe('mail.home.arpa, 10.0.0.0/8 ::1');
    const bad = readEnv(SourcesEnvSchema, { ...base, SOURCE_ALLOWED_HOSTS: 'http://mail/' });
    expect(!bad.ok && bad.message).toMatch(/SOURCE_ALLOWED_HOSTS/);
  });

  it('listens on SOURCES_PORT (4104 unless set) and syncs every 15 minutes', () => {
    const env = SourcesEnvSchema.parse(base);
    expect(env.PORT).toBe(4104);
    expect(env.SOURCE_SYNC_INTERVAL_MINUTES).toBe(15);
    expect(SourcesEnvSchema.parse({ ...base, SOURCES_PORT: '5104' }).PORT).toBe(5104);
  });

  it('in production the service does not start without SECRETS_KEY, and says which variable', () => {
    const result = readEnv(SourcesEnvSchema, { ...base, NODE_ENV: 'production' });
    expect(!result.ok && result.message).toMatch(/SECRETS_KEY/);
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(readEnv(SourcesEnvSchema, { ...base, NODE_ENV: 'production', SECRETS_KEY: key }).ok).toBe(true);
  });
});
