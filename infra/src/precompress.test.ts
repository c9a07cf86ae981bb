import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes gzip and brotli copies that decompress to the original, in nested folders', () => {
    folder = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(folder, 'remotes', 'x'), { recursive: true });
    const js = 'export const greeting = "hello";\n'.repeat(200);
    writeFileSync(join(folder, 'remotes', 'x', 'main.js'), js);
    const totals = precompress(folder);
    expect(totals.files).toBe(1);
    expect(gunzipSync(readFileSync(join(folder, 'remotes', 'x', 'main.js.gz'))).toString()).toBe(js);
    expect(brotliDecompressSync(readFileSync(join(folder, 'remotes', 'x', 'main.js.br'))).toString()).toBe(
      js,
    );
    expect(totals.brotliBytes).toBeLessThan(totals.rawBytes);
  });

  it('leaves small files and non-text files alone', () => {
    folder = mkdtempSync(join(tmpdir(), 'precompress-'));
    writeFileSync(join(folder, 'tiny.js'), 'let a = 1;');
    writeFileSync(join(folder, 'brief.pdf'), Buffer.alloc(4096, 1));
    expect(precompress(folder).files).toBe(0);
    expect(existsSync(join(folder, 'tiny.js.gz'))).toBe(false);
    expect(existsSync(join(folder, 'brief.pdf.br'))).toBe(false);
  });
});
