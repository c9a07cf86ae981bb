import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  e2eSpecs,
  integrationFiles,
  REPO_ROOT,
  replacesModules,
  SITE_CHANGING_SPECS,
  SLOWEST_SPECS_FIRST,
  slownessRank,
  specName,
  unitFiles,
} from './test-layers';

const text = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

describe('which test files share a module graph (docs/decisions/064)', () => {
  // Spelt in pieces, so this file itself does not read as one that replaces a module.
  const call = (name: string, args: string) => `vi.${name}(${args})`;

  it('reads vi.mock and vi.doMock as replacing a module, and nothing else', () => {
    expect(replacesModules(`${call('mock', "'./api', () => ({})")};`)).toBe(true);
    expect(replacesModules(`await ${call('doMock', '"x"')}`)).toBe(true);
    const others = [call('fn', ''), call('spyOn', 'a, "b"'), call('mocked', 'x'), `my${call('mock', 'y')}`];
    expect(replacesModules(others.join('; '))).toBe(false);
  });

  it.each([
    ['unit', unitFiles()],
    ['integration', integrationFiles()],
  ])('%s: every file runs once, and only the files that replace modules run isolated', (_layer, files) => {
    expect(files.shared.length).toBeGreaterThan(0);
    expect(files.isolated.every((file) => replacesModules(text(file)))).toBe(true);
    expect(files.shared.some((file) => replacesModules(text(file)))).toBe(false);
    expect(new Set([...files.shared, ...files.isolated]).size).toBe(
      files.shared.length + files.isolated.length,
    );
  });

  it('this file, which mocks nothing, shares; the argon2 counter, which mocks, is isolated', () => {
    expect(unitFiles().shared).toContain('infra/src/test-layers.test.ts');
    expect(integrationFiles().isolated).toContain('services/auth/src/limits/abuse.int.test.ts');
  });
});

describe('the browser layer’s lists name real specs', () => {
  it.each([
    ['site-changing', SITE_CHANGING_SPECS],
    ['slowest first', SLOWEST_SPECS_FIRST],
  ])('%s', (_list, names) => {
    for (const name of names)
      expect(existsSync(join(REPO_ROOT, 'e2e', 'specs', `${name}.spec.ts`)), name).toBe(true);
  });

  it('orders the listed specs first, in list order, and the rest after', () => {
    const ranks = [
      'e2e/specs/landing.spec.ts',
      'e2e/specs/accounts.spec.ts',
      'e2e/specs/shell-a11y.spec.ts',
    ].map(slownessRank);
    expect(ranks).toEqual([SLOWEST_SPECS_FIRST.indexOf('landing'), SLOWEST_SPECS_FIRST.length, 0]);
    expect(e2eSpecs().map(specName)).toContain('shell-a11y');
  });
});
