import { testTime } from '@trove/service-core/testing/time';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ExtractionError, extractDocument } from './index';
import { DEFAULT_EXTRACTION_SETTINGS } from './reader';
import { zipEntries } from './zip';

// Issue 39 item 5: a ZIP's entries become documents of their own, bounded by the archive settings.

const file = (fileName: string, bytes: Uint8Array, depth = 0) => ({ fileName, mediaType: '', bytes, depth });

async function zipOf(entries: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(entries)) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** Rewrites central directory entries: a symlink's mode, or a name (same length) the writer would not store. */
function patchEntry(
  bytes: Uint8Array,
  name: string,
  change: { symlink?: boolean; rename?: string },
): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  const entry = zipEntries(out)?.find((candidate) => candidate.name === name);
  if (entry === undefined) throw new Error(`no ${name}`);
  for (let at = 0; at + 46 <= out.length; at += 1) {
    if (view.getUint32(at, true) !== 0x02014b50 || view.getUint32(at + 42, true) !== entry.offset) continue;
    if (change.symlink) {
      view.setUint8(at + 5, 3);
      view.setUint32(at + 38, (0o120777 << 16) >>> 0, true);
    }
    if (change.rename) out.set(new TextEncoder().encode(change.rename), at + 46);
  }
  return out;
}

describe('ZIP archives', () => {
  it('each entry Trove reads is a file of its own named "archive.zip › path"; the archive lists them', async () => {
    const zip = await zipOf({
      'notes/intro.md': '# Handover\n\nThe kumquat ledger lives in the shared drive.',
      'data/export.json': '{"retryBackoff": 3}',
      'tools/setup.exe': new Uint8Array([0x4d, 0x5a, 0, 0]),
      'empty/': '',
    });
    const document = await extractDocument(file('handover.zip', zip));
    expect(document.kind).toBe('zip');
    expect(document.contained.map((entry) => [entry.name, entry.kind])).toEqual([
      ['handover.zip › notes/intro.md', 'md'],
      ['handover.zip › data/export.json', 'json'],
    ]);
    expect(document.parts).toBe(2);
    expect(document.passages[0]?.text).toContain('notes/intro.md');
    expect(document.notes).toEqual(['1 file was empty, damaged or of a kind that is not read.']);
  });

  it('paths that climb out and links are left out, and the archive says so', async () => {
    let zip = await zipOf({ 'aa/evil.txt': 'x', link: 'target', 'ok.txt': 'kept words' });
    zip = patchEntry(zip, 'aa/evil.txt', { rename: '../evil.txt' });
    zip = patchEntry(zip, 'link', { symlink: true });
    const document = await extractDocument(file('mixed.zip', zip));
    expect(document.contained.map((entry) => entry.name)).toEqual(['mixed.zip › ok.txt']);
    expect(document.notes).toEqual([
      '1 entry was left out for a path outside the archive: ../evil.txt.',
      '1 link was left out: link.',
    ]);
  });

  it(
    'a zip bomb is refused with its reason, without inflating it',
    async () => {
      // 16 MB of zeros pack to ~16 KB (the bench uses the 300 MB).
      const honest = await zipOf({ 'zeros.bin': new Uint8Array(16 * 1024 * 1024) });
      expect(honest.byteLength).toBeLessThan(64 * 1024);
      const reason = await extractDocument(file('bomb.zip', honest)).then(
        () => undefined,
        (err: ExtractionError) => err.reason,
      );
      expect(reason).toMatch(
        /^This archive looks like a zip bomb: “zeros\.bin” opens to more than 16 MB from .* over 100 times its packed size\. Nothing in it was indexed\.$/,
      );
    },
    testTime(60_000),
  );
  it('bounded by the entries and bytes settings', async () => {
    const zip = await zipOf({ 'a.txt': 'one', 'b.txt': 'two', 'c.txt': 'three' });
    const fewer = await extractDocument(file('three.zip', zip), {
      ...DEFAULT_EXTRACTION_SETTINGS,
      archiveMaxEntries: 2,
    });
    expect(fewer.contained).toHaveLength(2);
    expect(fewer.notes[0]).toBe('Only the first 2 of its 3 files were indexed.');
    await expect(
      extractDocument(file('three.zip', zip), { ...DEFAULT_EXTRACTION_SETTINGS, archiveMaxBytes: 4 }),
    ).rejects.toBeInstanceOf(ExtractionError);
  });

  it('an archive in an archive is opened; one more level down is not, and says why', async () => {
    const inner = await zipOf({ 'deep.txt': 'deep words' });
    const nested = await extractDocument(file('outer.zip › inner.zip', inner, 1));
    expect(nested.contained.map((entry) => entry.name)).toEqual(['outer.zip › inner.zip › deep.txt']);
    await expect(extractDocument(file('a.zip › b.zip › c.zip', inner, 2))).rejects.toEqual(
      new ExtractionError(
        'This archive is inside an archive inside another; archives are opened one level deep, so its files were not indexed.',
      ),
    );
  });
});
