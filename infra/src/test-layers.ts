import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

// Which test files run in which vitest project (vitest.config.ts, docs/decisions/064). Only the file lists;
// the projects' settings stay in the config.

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
const skippedFolders = new Set(['node_modules', 'dist', '.data', '.git', 'e2e']);

/** Every test file under the root whose name passes `wanted`, relative to the root (not the browser layer). */
function testFiles(wanted: (name: string) => boolean, folder = REPO_ROOT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : testFiles(wanted, path);
    return wanted(entry.name) ? [relative(REPO_ROOT, path)] : [];
  });
}

/** True when the file's text replaces a module with `vi.mock` or `vi.doMock`. */
export const replacesModules = (text: string) => /\bvi\.(?:mock|doMock)\(/.test(text);

/**
 * Importing a file's module graph afresh costs more than most files' tests (unit: ~0.8 s against ~0.15 s a
 * file), so the unit and integration layers share one graph across files. A file that replaces a module
 * cannot share it (the mock would leak into later files, or come too late for a module already loaded), so
 * it runs isolated. Found by reading the files, so a new mock needs no list kept by hand.
 */
function splitByIsolation(files: string[]): { shared: string[]; isolated: string[] } {
  const mocking = new Set(
    files.filter((file) => replacesModules(readFileSync(join(REPO_ROOT, file), 'utf8'))),
  );
  return { shared: files.filter((file) => !mocking.has(file)), isolated: [...mocking] };
}

export const unitFiles = () =>
  splitByIsolation(testFiles((name) => /\.test\.tsx?$/.test(name) && !name.endsWith('.int.test.ts')));
export const integrationFiles = () => splitByIsolation(testFiles((name) => name.endsWith('.int.test.ts')));

/** `e2e/specs/landing.spec.ts` → `landing`. */
export const specName = (path: string) => basename(path, '.spec.ts');

export const e2eSpecs = () =>
  readdirSync(join(REPO_ROOT, 'e2e', 'specs'))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `e2e/specs/${name}`);

/**
 * The specs that change what the whole site serves — its runtime config, the catalog file, remote folders
 * taken offline — and so would break the page loads of whatever ran beside them.
 */
export const SITE_CHANGING_SPECS: readonly string[] = [
  'catalogs',
  'landing-prerender',
  'remote-failure',
  'runtime-config',
];

/**
 * Two workers finish together only if the longest specs start first; without vitest's cache of durations (a
 * clean clone has none) it orders by file size, and the heaviest spec — 28 axe passes in 89 lines — started
 * last in CI, leaving one worker alone for its last two minutes. Only an order: a spec missing from the list
 * runs after these, and a stale list costs minutes, never a result.
 */
export const SLOWEST_SPECS_FIRST: readonly string[] = [
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

/** Where a spec goes in the order: its place in SLOWEST_SPECS_FIRST, or after all of them. */
export function slownessRank(path: string): number {
  const index = SLOWEST_SPECS_FIRST.indexOf(specName(path));
  return index === -1 ? SLOWEST_SPECS_FIRST.length : index;
}
