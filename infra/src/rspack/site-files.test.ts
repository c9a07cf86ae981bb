import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeRemotesConfig, parseRemotesConfig, securityBriefPdf, versionOf } from './site-files';

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

describe('security brief PDF', () => {
  const pdf = securityBriefPdf('Trove', 'Find anything. Send anywhere.').toString('latin1');

  it('has a cross-reference table whose offsets point at its objects', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const entries = pdf.slice(startxref).split('\n').slice(3, 9);
    entries.forEach((entry, index) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
  });

  it('declares the exact length of its content stream', () => {
    const match = /<< \/Length (\d+) >>\nstream\n/.exec(pdf);
    expect(match).not.toBeNull();
    const start = (match?.index ?? 0) + (match?.[0].length ?? 0);
    expect(pdf.slice(start + Number(match?.[1]), start + Number(match?.[1]) + 10)).toBe('\nendstream');
  });
});
