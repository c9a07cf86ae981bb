import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSettings, README, readmeWithReference, SETTING_DESCRIPTIONS } from './env-reference';

describe('the environment reference in README.md', () => {
  it('is what the zod schemas generate (run `npx tsx infra/src/deploy/env-reference.ts --write`)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(readmeWithReference(readme));
  });

  it('describes every setting a service reads, and nothing else', () => {
    const names = envSettings().map((setting) => setting.name);
    expect(names.filter((name) => SETTING_DESCRIPTIONS[name] === undefined)).toEqual([]);
    expect(Object.keys(SETTING_DESCRIPTIONS).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('knows which settings have no default', () => {
    const required = envSettings().filter((setting) => setting.required);
    expect(required.map((setting) => setting.name)).toEqual(['DATABASE_URL']);
  });
});
