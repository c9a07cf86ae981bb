import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// How a service forks a child of its own code (the extraction child, the source readers): from TypeScript source
// under tsx's loader in development and tests (docs/decisions/003), or from the JavaScript bundled beside the
// service's own at build time (docs/decisions/217). A bundle is one `.mjs` file per entry, in one folder per
// service, named after its source file; this module's own URL ends in `.mjs` only inside such a bundle.
const BUNDLED = import.meta.url.endsWith('.mjs');

/**
 * The folder of prebuilt service bundles a service running from source forks its children from
 * (`TROVE_SERVICE_BUNDLES_DIR`, docs/decisions/247): `npm test` bundles once and sets it, so the hundreds of children
 * a run forks start as plain JavaScript (~0.15 s of CPU) rather than under tsx (~1.5 s each). Unset: from source.
 */
export const SERVICE_BUNDLES_SETTING = 'TROVE_SERVICE_BUNDLES_DIR';

/** The file each service's bundle folder lists its entries in: source path (`src/…ts`) → bundle file. */
export const BUNDLE_ENTRIES_FILE = 'entries.json';

const entriesByFolder = new Map<string, Record<string, string>>();

/** A bundle folder's entries for one service, read once; a folder without its list is a setting's mistake. */
function bundleEntries(folder: string): Record<string, string> {
  let entries = entriesByFolder.get(folder);
  if (entries === undefined) {
    const file = join(folder, BUNDLE_ENTRIES_FILE);
    try {
      entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch (error) {
      throw new Error(
        `${SERVICE_BUNDLES_SETTING} names bundles without ${file} (${(error as Error).message}): bundle them first (npx tsx infra/src/stack/service-bundles.ts --out <folder>)`,
      );
    }
    entriesByFolder.set(folder, entries);
  }
  return entries;
}

/**
 * The prebuilt bundle of a service's source module (`…/services/<service>/src/….ts`), when `bundlesDir` lists one for
 * it (docs/decisions/247); undefined for any other file.
 */
export function prebuiltBundle(path: string, bundlesDir: string): string | undefined {
  const match = /(?:^|[\\/])services[\\/]([a-z-]+)[\\/](src[\\/].+\.ts)$/.exec(path);
  if (!match?.[1] || !match[2]) return undefined;
  const folder = join(bundlesDir, match[1]);
  const file = bundleEntries(folder)[match[2].replaceAll('\\', '/')];
  return file === undefined ? undefined : join(folder, file);
}

/**
 * The file to fork for the child module `module` (a source file's URL, `new URL('./reader-child.ts',
 * import.meta.url)`), and the node flags it needs: inside a bundle `import.meta.url` is the bundle's, so the same
 * expression names the sibling `reader-child.mjs`, with no loader; from source, its prebuilt bundle when
 * `bundlesDir` has one, else the `.ts` under tsx's loader (a module no bundle lists, such as a test's own child).
 */
export function childEntry(
  module: URL,
  bundled = BUNDLED,
  bundlesDir: string | undefined = process.env[SERVICE_BUNDLES_SETTING] || undefined,
): { path: string; execArgv: string[] } {
  const path = fileURLToPath(module);
  if (bundled) return { path: path.replace(/\.ts$/, '.mjs'), execArgv: [] };
  const prebuilt = bundlesDir === undefined ? undefined : prebuiltBundle(path, bundlesDir);
  if (prebuilt !== undefined) return { path: prebuilt, execArgv: [] };
  // createRequire, not import.meta.resolve: vitest's module runner does not implement import.meta.resolve.
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { path, execArgv: ['--import', loader] };
}
