import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from './detect-kind';
import { extractDocument } from './index';
import { checkPdfStreams, flateStreams, PDF_MAX_INFLATED_BYTES, PDF_MAX_STREAM_BYTES } from './pdf-streams';
import { pdfWithPages } from './test-fixtures';

const MB = 1024 * 1024;

/** A one-page PDF whose streams are given as [dictionary entries, data]; pdf.js rebuilds the xref. */
function pdfWithStreams(streams: [string, Uint8Array][]): Uint8Array {
  const parts: Buffer[] = [
    Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
        '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>endobj\n',
    ),
  ];
  streams.forEach(([entries, data], index) => {
    parts.push(
      Buffer.from(`${4 + index} 0 obj\n<< /Length ${data.byteLength} ${entries} >>\nstream\n`),
      Buffer.from(data),
      Buffer.from('\nendstream\nendobj\n'),
    );
  });
  parts.push(Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n'));
  return new Uint8Array(Buffer.concat(parts));
}

/** A Flate bomb: `megabytes` of spaces, a few KB deflated. */
const spaces = (megabytes: number) => deflateSync(Buffer.alloc(megabytes * MB, 0x20), { level: 9 });

describe('the Flate streams of a PDF', () => {
  it('are the ones pdf.js inflates to read text: not images, not other filters', () => {
    const content = deflateSync(Buffer.from('BT /F1 12 Tf (wombat) Tj ET'));
    const pdf = pdfWithStreams([
      ['/Filter /FlateDecode', content],
      ['/Type /XObject /Subtype /Image /Width 9 /Height 9 /Filter /FlateDecode', spaces(1)],
      ['/Filter /DCTDecode', new Uint8Array([1, 2, 3])],
      ['', Buffer.from('BT (plain) Tj ET')],
    ]);
    expect(flateStreams(pdf).map((stream) => Buffer.from(stream))).toEqual([content]);
    expect(flateStreams(pdfWithPages([['no filters here']]))).toEqual([]);
  });

  it('one stream that opens past its bound is refused with a reason', async () => {
    const bomb = pdfWithStreams([['/Filter /FlateDecode', spaces(3)]]);
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    await expect(checkPdfStreams(bomb, { maxStreamBytes: 2 * MB })).rejects.toEqual(
      new ExtractionError('This PDF expands to more than 2 MB when opened; it may be damaged.'),
    );
  });

  it('streams that together open past the total bound are refused, though each is under its own', async () => {
    const pdf = pdfWithStreams([1, 2, 3].map(() => ['/Filter /FlateDecode', spaces(1)]));
    await expect(
      checkPdfStreams(pdf, { maxStreamBytes: 2 * MB, maxInflatedBytes: 2.5 * MB }),
    ).rejects.toEqual(
      new ExtractionError('This PDF expands to more than 3 MB when opened; it may be damaged.'),
    );
    await expect(checkPdfStreams(pdf, { maxStreamBytes: 2 * MB, maxInflatedBytes: 4 * MB })).resolves.toBe(
      undefined,
    );
  });

  it('a damaged stream is left to pdf.js', async () => {
    const pdf = pdfWithStreams([['/Filter /FlateDecode', Buffer.from('not deflate at all')]]);
    await expect(checkPdfStreams(pdf)).resolves.toBe(undefined);
  });

  it('by default one stream may open to 4 × the largest upload, all of them to 20 ×; extraction checks first', async () => {
    expect(PDF_MAX_STREAM_BYTES).toBe(100 * MB);
    expect(PDF_MAX_INFLATED_BYTES).toBe(500 * MB);
    const bomb = pdfWithStreams([['/Filter /FlateDecode', spaces(101)]]);
    await expect(
      extractDocument({ bytes: bomb, fileName: 'bomb.pdf', mediaType: 'application/pdf' }),
    ).rejects.toEqual(
      new ExtractionError('This PDF expands to more than 100 MB when opened; it may be damaged.'),
    );
    const ordinary = pdfWithStreams([
      ['/Filter /FlateDecode', deflateSync(Buffer.from('BT /F1 12 Tf (x) Tj ET'))],
    ]);
    await expect(
      extractDocument({ bytes: ordinary, fileName: 'ordinary.pdf', mediaType: 'application/pdf' }),
    ).resolves.toMatchObject({ kind: 'pdf' });
  });
});
