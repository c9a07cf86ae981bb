import JSZip from 'jszip';
import mammoth from 'mammoth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExtractionError } from './detect-kind';
import { DOCX_MAX_EXPANDED_BYTES, declaredUncompressedBytes, inflatesWithin, readDocx } from './docx';
import { docxWith } from './test-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A zip bomb shaped like a DOCX: `megabytes` of spaces in word/document.xml, a few KB zipped. */
async function spacesDocx(megabytes: number): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file('word/document.xml', ' '.repeat(megabytes * 1024 * 1024));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** Offsets of the central directory headers' uncompressed-size fields. */
function uncompressedSizeFields(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields: number[] = [];
  for (let at = 0; at + 46 <= bytes.byteLength; at += 1) {
    if (view.getUint32(at, true) === 0x02014b50) fields.push(at + 24);
  }
  return fields;
}

describe('reading a Word document', () => {
  it('headings give the sections of the paragraphs under them', async () => {
    const docx = await docxWith([
      { text: 'Master services agreement', heading: 1 },
      { text: 'Between Acme and Globex.' },
      { text: 'Fees', heading: 2 },
      { text: 'Globex pays ₹1,25,000 a month.' },
    ]);
    const text = await readDocx(docx, 'fallback');
    expect(text.title).toBe('Master services agreement');
    expect(text.blocks).toEqual([
      { location: 'section Master services agreement', text: 'Between Acme and Globex.' },
      { location: 'section Fees', text: 'Globex pays ₹1,25,000 a month.' },
    ]);
    expect(text.parts).toBe(2);
  });

  it('a damaged document fails cleanly', async () => {
    const damaged = new TextEncoder().encode('PK\u0003\u0004word/document.xml but not a zip');
    await expect(readDocx(damaged, 'x')).rejects.toEqual(
      new ExtractionError('This Word document is damaged and cannot be read.'),
    );
  });

  it('declares what its parts open to, read from the central directory without inflating', async () => {
    const zip = await spacesDocx(3);
    expect(zip.byteLength).toBeLessThan(64 * 1024);
    expect(declaredUncompressedBytes(zip)).toBe(3 * 1024 * 1024 + '<?xml version="1.0"?><Types/>'.length);
    expect(
      declaredUncompressedBytes(new TextEncoder().encode('PK\u0003\u0004 no directory')),
    ).toBeUndefined();
  });

  it('refuses a zip bomb by its declared size, before mammoth inflates anything', async () => {
    const convert = vi.spyOn(mammoth, 'convertToHtml');
    const bomb = await spacesDocx(3);
    await expect(readDocx(bomb, 'x', { maxExpandedBytes: 2 * 1024 * 1024 })).rejects.toEqual(
      new ExtractionError('This DOCX expands to more than 2 MB when opened; it may be damaged.'),
    );
    expect(convert).not.toHaveBeenCalled();
  });

  it('by default allows 20 times the largest upload, all parts together', async () => {
    expect(DOCX_MAX_EXPANDED_BYTES).toBe(500 * 1024 * 1024);
    const convert = vi.spyOn(mammoth, 'convertToHtml');
    const docx = await docxWith([{ text: 'Fees' }]);
    // Two parts that each declare 300 MB: neither alone is over the bound, together they are.
    const view = new DataView(docx.buffer, docx.byteOffset, docx.byteLength);
    const [first, second] = uncompressedSizeFields(docx);
    view.setUint32(first ?? 0, 300 * 1024 * 1024, true);
    view.setUint32(second ?? 0, 300 * 1024 * 1024, true);
    await expect(readDocx(docx, 'x')).rejects.toEqual(
      new ExtractionError('This DOCX expands to more than 500 MB when opened; it may be damaged.'),
    );
    expect(convert).not.toHaveBeenCalled();
  });

  it('a bomb that declares small sizes is refused by inflating against a running cap (issue 18 item 8)', async () => {
    const convert = vi.spyOn(mammoth, 'convertToHtml');
    const bomb = await spacesDocx(3);
    // The central directory now says every part opens to 10 bytes.
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (const field of uncompressedSizeFields(bomb)) view.setUint32(field, 10, true);
    expect(declaredUncompressedBytes(bomb)).toBeLessThan(100);
    await expect(readDocx(bomb, 'x', { maxExpandedBytes: 2 * 1024 * 1024 })).rejects.toEqual(
      new ExtractionError('This DOCX expands to more than 2 MB when opened; it may be damaged.'),
    );
    expect(convert).not.toHaveBeenCalled();
    // The same parts within the cap are read as usual.
    const docx = await docxWith([{ text: 'Fees' }]);
    expect(inflatesWithin(docx, 2 * 1024 * 1024)).toBe(true);
    expect(inflatesWithin(await spacesDocx(3), 4 * 1024 * 1024)).toBe(true);
    expect(inflatesWithin(await spacesDocx(3), 3 * 1024 * 1024)).toBe(false);
  });

  it('reads a zip64 size from its extra field', async () => {
    const docx = await docxWith([{ text: 'Fees' }]);
    const view = new DataView(docx.buffer, docx.byteOffset, docx.byteLength);
    const fields = uncompressedSizeFields(docx);
    const before = declaredUncompressedBytes(docx) ?? 0;
    // Marked zip64 without the extra block: counted as the 4 GiB the marker means at least.
    const first = fields[0] ?? 0;
    const was = view.getUint32(first, true);
    view.setUint32(first, 0xffffffff, true);
    expect(declaredUncompressedBytes(docx)).toBe(before - was + 2 ** 32);
  });
});
