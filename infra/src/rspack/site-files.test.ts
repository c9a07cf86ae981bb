import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeRemotesConfig, parseRemotesConfig, versionOf } from './site-files';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'trove-site-files-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('remote version', () => {
  it('is 12 hex characters that follow the files, not the folder', async () => {
    const a = await versionOf(folderWith({ 'remoteEntry.js': 'x', 'js/1.js': 'y' }));
    const b = await versionOf(folderWith({ 'js/1.js': 'y', 'remoteEntry.js': 'x' }));
    const c = await versionOf(folderWith({ 'remoteEntry.js': 'x', 'js/1.js': 'z' }));
    const renamed = await versionOf(folderWith({ 'remoteEntry.js': 'x', 'js/2.js': 'y' }));
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(renamed).not.toBe(a);
  });
});

describe('remotes map', () => {
  it('points the rebuilt remotes at their new versions and keeps the others', () => {
    const previous = {
      remotes: { auth: { entry: '/remotes/auth/aaa/mf-manifest.json' }, profile: { entry: 'http://cdn/x' } },
    };
    expect(mergeRemotesConfig(previous, [{ name: 'auth', version: 'bbb' }])).toEqual({
      remotes: { auth: { entry: '/remotes/auth/bbb/mf-manifest.json' }, profile: { entry: 'http://cdn/x' } },
    });
  });

  it('treats an unreadable previous map as empty', () => {
    expect(parseRemotesConfig('{oops')).toBeNull();
    expect(parseRemotesConfig('{"remotes":{"a":{"entry":"/x"},"b":3}}')).toEqual({
      remotes: { a: { entry: '/x' } },
    });
  });
});
