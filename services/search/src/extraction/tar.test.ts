import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type ExtractionError, extractDocument } from './index';
import { isTar, TarError, tarEntries } from './tar';

// Issue 39 item 5, "and .tar.gz if cheap": tar archives, plain or gzipped, read as ZIPs are (docs/decisions/124).

type Entry = { name: string; content?: string | Uint8Array; type?: '0' | '2' | '5' | 'x' };

/** A POSIX ustar archive, written here so the test needs no tar program; names over 100 bytes use the prefix. */
function tarOf(entries: Entry[]): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const { name, content = '', type = '0' } of entries) {
    const data = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const header = new Uint8Array(512);
    const put = (at: number, text: string) => header.set(new TextEncoder().encode(text), at);
    const [prefix, base] =
      name.length > 100
        ? [name.slice(0, name.lastIndexOf('/')), name.slice(name.lastIndexOf('/') + 1)]
        : ['', name];
    put(0, base);
    put(100, '0000644\0');
    put(124, `${data.byteLength.toString(8).padStart(11, '0')}\0`);
    put(136, '00000000000\0');
    put(156, type);
    put(257, 'ustar\0');
    put(263, '00');
    put(345, prefix);
    put(148, '        ');
    const sum = header.reduce((total, byte) => total + byte, 0);
    put(148, `${sum.toString(8).padStart(6, '0')}\0 `);
    blocks.push(header, data, new Uint8Array((512 - (data.byteLength % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024));
  return Buffer.concat(blocks);
}

const file = (fileName: string, bytes: Uint8Array) => ({ fileName, mediaType: '', bytes, depth: 0 });

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: ExtractionError) => err.reason,
  );

describe('tar archives', () => {
  it('each file of a .tar.gz is a document named "archive.tar.gz › path"; the archive lists them', async () => {
    const deep = `${'project/'.repeat(14)}notes/intro.md`;
    const tar = tarOf([
      { name: 'handover/', type: '5' },
      { name: 'handover/readme.md', content: '# Handover\n\nThe kumquat ledger lives in the shared drive.' },
      { name: deep, content: 'A wombat burrow, deep down.' },
      { name: 'handover/tool.exe', content: new Uint8Array([0x4d, 0x5a, 0, 0]) },
    ]);
    const document = await extractDocument(file('handover.tar.gz', gzipSync(tar)));
    expect(document.kind).toBe('zip');
    expect(document.contained.map((entry) => [entry.name, entry.kind])).toEqual([
      ['handover.tar.gz › handover/readme.md', 'md'],
      [`handover.tar.gz › ${deep}`, 'md'],
    ]);
    expect(document.passages[0]?.text).toContain('handover/readme.md');
    expect(document.notes).toEqual(['1 file was empty, damaged or of a kind that is not read.']);
  });

  it('a plain .tar is read the same way, by its content whatever its name', async () => {
    const tar = tarOf([{ name: 'a.txt', content: 'numbat termite' }]);
    expect(isTar(tar)).toBe(true);
    const document = await extractDocument(file('backup.tar', tar));
    expect(document.contained.map((entry) => entry.name)).toEqual(['backup.tar › a.txt']);
  });

  it('paths that climb out and links are left out, and the archive says so', async () => {
    const tar = tarOf([
      { name: '../evil.txt', content: 'x' },
      { name: 'link', type: '2' },
      { name: 'ok.txt', content: 'kept words' },
    ]);
    const document = await extractDocument(file('mixed.tgz', gzipSync(tar)));
    expect(document.contained.map((entry) => entry.name)).toEqual(['mixed.tgz › ok.txt']);
    expect(document.notes).toEqual([
      '1 entry was left out for a path outside the archive: ../evil.txt.',
      '1 link was left out: link.',
    ]);
  });

  it('a gzip bomb is refused with its reason; inflating stops at the budget', async () => {
    const bomb = gzipSync(tarOf([{ name: 'zeros.bin', content: new Uint8Array(16 * 1024 * 1024) }]));
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    expect(await reasonOf(extractDocument(file('bomb.tar.gz', bomb)))).toMatch(
      /^This archive looks like a zip bomb: the archive opens to more than \d+ MB from \d+ MB, over 100 times its packed size\. Nothing in it was indexed\.$/,
    );
    expect(() => tarEntries(bomb, 1024 * 1024, 10)).toThrow(TarError);
  });

  it('a gzip that holds no tar, and a cut-off tar, are damaged archives', async () => {
    expect(await reasonOf(extractDocument(file('notes.gz', gzipSync('just some text'))))).toBe(
      'This archive is damaged and cannot be read.',
    );
    const cut = tarOf([{ name: 'long.txt', content: 'x'.repeat(4000) }]).subarray(0, 1500);
    expect(await reasonOf(extractDocument(file('cut.tar', cut)))).toBe(
      'This archive is damaged and cannot be read.',
    );
  });
});
