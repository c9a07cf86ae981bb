import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_ENTRIES_FILE, childEntry } from './child-entry';

// docs/decisions/217: a child forked from source runs under tsx's loader; from a bundle, its sibling `.mjs` runs as
// plain JavaScript. docs/decisions/247: from source, a child a prebuilt bundle folder lists runs from that bundle.

describe('childEntry', () => {
  const module = new URL('file:///app/dist/services/sources/reader-child.ts');

  it("names the child's bundle beside the service's, with no loader, when running from a bundle", () => {
    expect(childEntry(module, true)).toEqual({
      path: '/app/dist/services/sources/reader-child.mjs',
      execArgv: [],
    });
  });

  it("runs the TypeScript source under tsx's loader otherwise (tests and development)", () => {
    const entry = childEntry(module, false, undefined);
    expect(entry.path).toBe('/app/dist/services/sources/reader-child.ts');
    expect(entry.execArgv[0]).toBe('--import');
    expect(entry.execArgv[1]).toMatch(/^file:.*\/tsx\//);
  });

  it('knows it runs from source here', () => {
    expect(childEntry(module, undefined, undefined).execArgv).toHaveLength(2);
  });
});

describe('childEntry with prebuilt bundles (docs/decisions/247)', () => {
  const bundles = mkdtempSync(join(tmpdir(), 'child-entry-'));
  mkdirSync(join(bundles, 'sources'));
  writeFileSync(
    join(bundles, 'sources', BUNDLE_ENTRIES_FILE),
    JSON.stringify({ 'src/database/reader-child.ts': 'reader-child.mjs' }),
  );
  afterAll(() => rmSync(bundles, { recursive: true, force: true }));
  const source = (path: string) => pathToFileURL(join('/repo/services', path));

  it('forks a listed child from its bundle, with no loader', () => {
    expect(childEntry(source('sources/src/database/reader-child.ts'), false, bundles)).toEqual({
      path: join(bundles, 'sources', 'reader-child.mjs'),
      execArgv: [],
    });
  });

  it("runs a module the folder does not list from source (a test's own child)", () => {
    const entry = childEntry(source('sources/src/database/testing/hostile-child.ts'), false, bundles);
    expect(entry.path).toBe('/repo/services/sources/src/database/testing/hostile-child.ts');
    expect(entry.execArgv[0]).toBe('--import');
  });

  it('says what to do when the folder has no list for the service', () => {
    expect(() => childEntry(source('search/src/jobs/extraction-thread.ts'), false, bundles)).toThrow(
      /TROVE_SERVICE_BUNDLES_DIR names bundles without .*search\/entries\.json.*bundle them first/,
    );
  });
});
