import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Three layers, one runner. `npm test` runs them in order: unit (fast, no I/O),
// integration (real PostgreSQL, nginx, SMTP), e2e (the built stack through nginx in Chromium).

const root = import.meta.dirname;
const skippedFolders = new Set(['node_modules', 'dist', '.data', '.git', 'e2e']);

/** Every test file under the root whose name passes `wanted`, relative to the root (not the browser layer). */
function testFiles(wanted: (name: string) => boolean, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : testFiles(wanted, path);
    return wanted(entry.name) ? [relative(root, path)] : [];
  });
}

// Importing a file's module graph afresh costs more than most files' tests (unit: ~0.8 s against ~0.15 s a
// file), so the unit and integration layers share one graph across files (`isolate: false`): unit 188 s →
// 43 s here. A file that replaces a module with `vi.mock` cannot share it (the mock would leak into later
// files, or come too late for a module already loaded), so those files run in a project of their own,
// isolated as before. Found by reading the files, so a new mock needs no list kept by hand
// (docs/decisions/064).
const replacesModules = (file: string) =>
  /\bvi\.(?:mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8'));
function splitByIsolation(files: string[]): { shared: string[]; isolated: string[] } {
  const isolated = files.filter(replacesModules);
  return { shared: files.filter((file) => !isolated.includes(file)), isolated };
}
const unit = splitByIsolation(
  testFiles((name) => /\.test\.tsx?$/.test(name) && !name.endsWith('.int.test.ts')),
);
const unitSetup = 'shell/kit/src/testing/unit-setup.ts';
const integration = splitByIsolation(testFiles((name) => name.endsWith('.int.test.ts')));
const integrationSettings = { testTimeout: 60_000, hookTimeout: 120_000 };

// The browser layer: two specs at a time on one stack (`npm test` passes --maxWorkers=2), sharing one module
// graph per worker (importing playwright-core and axe again for each of 26 files cost ~100 s). The specs
// replace no modules and the support modules keep no state; each spec signs up its own accounts. The
// specs that change what the whole site serves — its runtime config, the catalog file, remote folders
// taken offline — would break the page loads of whatever runs beside them, so they run in `e2e-site`.
const e2eSpecs = readdirSync(join(root, 'e2e', 'specs'))
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => `e2e/specs/${name}`);
const siteChangingSpecs = new Set(['catalogs', 'landing-prerender', 'remote-failure', 'runtime-config']);
const changesTheSite = (spec: string) =>
  siteChangingSpecs.has(spec.replace(/^e2e\/specs\/|\.spec\.ts$/g, ''));
// Two workers finish together only if the longest specs start first; without vitest's cache of durations (a
// clean clone has none) it orders by file size, and the heaviest spec — 28 axe passes in 89 lines — started
// last in CI, leaving one worker alone for its last two minutes. Only an order: a spec missing from the list
// runs after these, and a stale list costs minutes, never a result.
const slowestSpecsFirst = [
  'shell-a11y',
  'sources-ui',
  'auth-a11y',
  'profile-page',
  'database-sources',
  'landing',
  'public-pages',
  'auth-login',
  'shell-chrome',
];
class SlowestSpecsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = slowestSpecsFirst.indexOf(basename(file.moduleId, '.spec.ts'));
      return index === -1 ? slowestSpecsFirst.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

const e2eSettings = {
  globalSetup: ['e2e/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
  isolate: false,
};

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestSpecsFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unit.shared,
          pool: 'threads',
          isolate: false,
          setupFiles: [unitSetup],
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: unit.isolated, setupFiles: [unitSetup] },
      },
      {
        extends: true,
        test: { name: 'integration', include: integration.shared, isolate: false, ...integrationSettings },
      },
      {
        extends: true,
        test: { name: 'integration-isolated', include: integration.isolated, ...integrationSettings },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: e2eSpecs.filter((spec) => !changesTheSite(spec)),
          ...e2eSettings,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-site',
          include: e2eSpecs.filter(changesTheSite),
          ...e2eSettings,
          // They change what the whole site serves, so one at a time, and before the rest: early on the
          // other lane keeps the second core busy, at the end the rest can use both (a stack of their own
          // all the same: each project's global setup starts one).
          fileParallelism: false,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
