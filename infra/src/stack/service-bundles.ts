// The services as JavaScript bundled at build time (docs/decisions/217): what `npm start`, the bench and the images
// run. One `.mjs` per entry — a service's main.ts and each child it forks — in one folder per service, named after
// its source file, so `childEntry` (service-core) finds a child's bundle beside the service's. Development and the
// tests still run the TypeScript source under tsx (docs/decisions/003); nothing here changes what a service does.
//
//   npx tsx infra/src/stack/service-bundles.ts [service…]   → dist/services/<name>/*.mjs (all services by default)
//   … --out <folder>                                        → <folder>/<name>/*.mjs (npm test's, docs/decisions/247)
//
// Only esbuild, node's own modules and service-core's child-entry.ts (node's modules alone) are imported: the images
// run this with nothing but a service's workspace and the root tools installed.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { BUNDLE_ENTRIES_FILE } from '../../../services/core/src/child-entry';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Each service's entries: its main.ts, then every module it forks as a child (each checks its argv flag). */
export const SERVICE_ENTRIES = {
  auth: ['src/main.ts'],
  profile: ['src/main.ts'],
  search: ['src/main.ts', 'src/jobs/extraction-thread.ts'],
  sources: [
    'src/main.ts',
    'src/database/reader-child.ts',
    'src/kinds/imap/imap-child.ts',
    'src/kinds/calendar/parse-child.ts',
    'src/kinds/sandbox/kind-child.ts',
  ],
} as const satisfies Record<string, readonly string[]>;

export type BundledService = keyof typeof SERVICE_ENTRIES;
export const BUNDLED_SERVICES = Object.keys(SERVICE_ENTRIES) as BundledService[];

/** Files a bundled module reads beside itself (`new URL('./x', import.meta.url)`), copied next to the bundles. */
const SIDE_FILES = ['services/core/src/accounts/common-passwords.txt'];

/** Where `npm start` and the bench put the bundles. */
export const SERVICE_BUNDLES_DIR = join(ROOT, 'dist', 'services');

/** A service's bundled entry point (`dist/services/auth/main.mjs`). */
export const bundledMain = (dir: string, service: string) => join(dir, service, 'main.mjs');

/**
 * npm packages stay outside the bundles and load from node_modules at run time, as from source — native addons
 * (better-sqlite3), packages that read their own files, and one copy of each in memory. Bundled: the workspaces
 * (they export TypeScript) and a package only a workspace's own node_modules holds (a version the root does not
 * have, e.g. service-core's ipaddr.js), which the bundle's folder could not find.
 */
function externalPackages(): Plugin {
  const rootModules = join(ROOT, 'node_modules') + sep;
  return {
    name: 'external-packages',
    setup(on) {
      on.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'resolving' || args.path.startsWith('@trove/')) return undefined;
        if (args.path.startsWith('node:')) return { external: true };
        const found = await on.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'resolving',
        });
        if (found.errors.length > 0) return undefined;
        // A node builtin without the prefix, or a package the root's node_modules holds.
        if (found.external || found.path.startsWith(rootModules)) return { path: args.path, external: true };
        return { path: found.path };
      });
    },
  };
}

/**
 * The shared workspaces' modules declare no side effects at import (none is imported for its effect alone), so a
 * module whose exports an entry does not use is left out of its bundle: a reader child that takes one function
 * from service-core's index does not load, build and keep every zod schema of contracts (docs/decisions/217).
 */
function sharedModulesWithoutSideEffects(): Plugin {
  const shared = ['core', 'contracts'].map((name) => join(ROOT, 'services', name, 'src') + sep);
  return {
    name: 'shared-modules-without-side-effects',
    setup(on) {
      on.onResolve({ filter: /^(\.|@trove\/(service-core|contracts)$)/ }, async (args) => {
        if (args.pluginData === 'resolving') return undefined;
        const found = await on.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'resolving',
        });
        if (found.errors.length > 0 || !shared.some((dir) => found.path.startsWith(dir))) return undefined;
        return { path: found.path, sideEffects: false };
      });
    },
  };
}

/**
 * Bundles `services` (all by default) into `outDir/<service>/`, replacing what was there. `outDir` is inside the
 * repository: the bundles load npm packages from its node_modules, found by walking up from their folder.
 */
export async function bundleServices(
  outDir: string = SERVICE_BUNDLES_DIR,
  services: readonly BundledService[] = BUNDLED_SERVICES,
): Promise<void> {
  if (relative(ROOT, resolve(outDir)).startsWith('..'))
    throw new Error(`${outDir} is outside ${ROOT}: the bundles would not find node_modules from there`);
  await Promise.all(
    services.map(async (service) => {
      const dir = join(outDir, service);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const entryPoints = SERVICE_ENTRIES[service].map((entry) => ({
        in: join(ROOT, 'services', service, entry),
        out: basename(entry, '.ts'),
      }));
      await build({
        entryPoints,
        outdir: dir,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        // Readable stack traces in the logs without a source map held in memory (docs/decisions/217).
        minify: false,
        keepNames: true,
        logLevel: 'warning',
        plugins: [sharedModulesWithoutSideEffects(), externalPackages()],
      });
      for (const file of SIDE_FILES) copyFileSync(join(ROOT, file), join(dir, basename(file)));
      // What a service run from source forks from here (child-entry.ts, docs/decisions/247).
      const entries = Object.fromEntries(
        SERVICE_ENTRIES[service].map((entry) => [entry, `${basename(entry, '.ts')}.mjs`]),
      );
      writeFileSync(join(dir, BUNDLE_ENTRIES_FILE), `${JSON.stringify(entries, null, 2)}\n`);
    }),
  );
}

// As a script (the images' build step).
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `--out <folder>`: somewhere other than dist/services (npm test's bundles, docs/decisions/247).
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const outDir = outAt === -1 ? SERVICE_BUNDLES_DIR : resolve(args[outAt + 1] ?? '');
  const asked = outAt === -1 ? args : args.filter((_, index) => index !== outAt && index !== outAt + 1);
  const unknown = asked.filter((name) => !(BUNDLED_SERVICES as string[]).includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown service ${unknown.join(', ')}; expected some of: ${BUNDLED_SERVICES.join(', ')}`);
    process.exit(1);
  }
  const services = asked.length === 0 ? BUNDLED_SERVICES : (asked as BundledService[]);
  await bundleServices(outDir, services);
  console.log(`Bundled ${services.join(', ')} into ${relative(process.cwd(), outDir) || outDir}`);
}
