import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The shared singletons break at run time when two versions meet (Module Federation shares one copy),
// so every workspace must ask for exactly the same version, and only one may be installed.
const PINNED = ['react', 'react-dom', 'react-router', 'react-router-dom', 'zod'] as const;
const root = join(import.meta.dirname, '..', '..');

type Manifest = {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const rootManifest = readJson<Manifest>(join(root, 'package.json'));
const manifests = [
  rootManifest,
  ...(rootManifest.workspaces ?? []).map((w) => readJson<Manifest>(join(root, w, 'package.json'))),
];

describe('one version of each shared library across the workspace', () => {
  it.each(PINNED)('%s is asked for with one exact version everywhere', (name) => {
    const asked = new Set<string>();
    for (const m of manifests) {
      for (const deps of [m.dependencies, m.devDependencies, m.peerDependencies]) {
        const version = deps?.[name];
        if (version !== undefined) asked.add(version);
      }
    }
    expect(asked.size, `${name}: ${[...asked].join(', ')}`).toBe(1);
    expect([...asked][0]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each(PINNED)('%s is installed once', (name) => {
    const lock = readJson<{ packages: Record<string, { version?: string }> }>(
      join(root, 'package-lock.json'),
    );
    const copies = Object.keys(lock.packages).filter(
      (p) => p === `node_modules/${name}` || p.endsWith(`/node_modules/${name}`),
    );
    expect(copies).toEqual([`node_modules/${name}`]);
  });

  it('react-router and react-router-dom stay on the same 7.x release', () => {
    const version = (name: string) => manifests.map((m) => m.dependencies?.[name]).find(Boolean);
    expect(version('react-router')).toMatch(/^7\./);
    expect(version('react-router')).toBe(version('react-router-dom'));
  });

  it('every workspace folder exists', () => {
    for (const w of rootManifest.workspaces ?? [])
      expect(existsSync(join(root, w, 'package.json')), w).toBe(true);
    expect(readdirSync(root)).toEqual(
      expect.arrayContaining([
        'shell',
        'mfe-marketing',
        'mfe-auth',
        'mfe-profile',
        'mfe-connectors',
        'mfe-chat',
        'services',
        'proxy',
        'infra',
        'e2e',
      ]),
    );
  });
});
