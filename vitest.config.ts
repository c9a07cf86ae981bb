import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

// Three layers, one runner. `npm test` runs them in order: unit (fast, no I/O),
// integration (real PostgreSQL, nginx, SMTP), e2e (the built stack through nginx in Chromium).

const root = import.meta.dirname;
const skippedFolders = new Set(['node_modules', 'dist', '.data', '.git', 'e2e']);

/** Every unit test file, relative to the root (not the integration tests, not the browser layer). */
function unitTestFiles(folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : unitTestFiles(path);
    const isUnit = /\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.int.test.ts');
    return isUnit ? [relative(root, path)] : [];
  });
}

// A unit file costs ~0.8 s to import in a fresh module graph (React, testing-library, happy-dom) and its
// tests ~0.15 s, so the unit layer shares one graph across files (`isolate: false`): 188 s → 39 s here.
// A file that replaces a module with `vi.mock` cannot share it (the mock would leak into later files, or
// come too late for a module already loaded), so those files run in a project of their own, isolated as
// before. Found by reading the files, so a new mock needs no list kept by hand (docs/decisions/064).
const unitFiles = unitTestFiles();
const replacesModules = (file: string) =>
  /\bvi\.(?:mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8'));
const isolatedUnitFiles = unitFiles.filter(replacesModules);
const sharedUnitFiles = unitFiles.filter((file) => !isolatedUnitFiles.includes(file));

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: sharedUnitFiles,
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: isolatedUnitFiles,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', '.data/**', 'e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One module graph for all specs: importing playwright-core and axe again for each of 26 files cost
          // ~100 s of the layer. The specs replace no modules and the support modules keep no state.
          isolate: false,
        },
      },
    ],
  },
});
