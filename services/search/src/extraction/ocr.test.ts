import { readFileSync } from 'node:fs';
import { READ_FROM_IMAGE } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { ExtractionError, extractDocument, type ReadingResume, ReadingSuspended } from './index';
import { pdfKitWith, pngHeader, pngOfText } from './office-fixtures';
import { DEFAULT_EXTRACTION_SETTINGS } from './reader';

// Issue 39 item 4: pictures and scanned pages read by Debian's tesseract, on small images (the bench times a
// 300 dpi A4 page). Each image is made at test time: PDFKit draws the words, pdftoppm renders them.

const file = (fileName: string, bytes: Uint8Array) => ({ fileName, mediaType: '', bytes });
/** Pages rendered at about 140 dpi rather than 300: the same path, a quarter of the pixels to read. */
const small = { ...DEFAULT_EXTRACTION_SETTINGS, ocrMaxPixels: 2_000_000 };
/** A hang guard for tesseract beside the rest of CI on two cores, not a budget (the bench has that). */
const OCR_GUARD_MS = 90_000;

describe('pictures and scans', () => {
  it(
    'a photographed receipt (PNG) is read, marked as read from an image, and its facts found',
    async () => {
      const png = await pngOfText(['Receipt from Kumquat Stores', 'Total Rs. 4,500 paid on 14 March 2024']);
      const document = await extractDocument(file('receipt.png', png));
      expect(document.kind).toBe('image');
      const [passage] = document.passages;
      expect(passage?.location).toBe(READ_FROM_IMAGE);
      expect(passage?.text).toContain('Kumquat Stores');
      expect(passage?.facts.amounts.map((amount) => amount.value)).toContain(4500);
      expect(passage?.facts.dates.map((date) => date.iso)).toContain('2024-03-14');
    },
    OCR_GUARD_MS,
  );

  it(
    'a scanned PDF page (an image and no text layer) is read from its image; a page with text is not',
    async () => {
      const scan = await pngOfText(['Lease agreement for the Pune office'], 100);
      const pdf = await pdfKitWith([{ lines: ['Cover letter about the lease'] }, { image: scan }]);
      const document = await extractDocument(file('lease.pdf', pdf), small);
      expect(document.passages.map((passage) => passage.location)).toEqual([
        'page 1',
        `page 2, ${READ_FROM_IMAGE}`,
      ]);
      expect(document.passages[1]?.text).toContain('Pune office');
    },
    OCR_GUARD_MS,
  );

  it(
    'scanned pages past SEARCH_OCR_MAX_PAGES are left unread, and the document says which',
    async () => {
      const scan = await pngOfText(['Page of a scanned contract'], 50);
      const pdf = await pdfKitWith([{ image: scan }, { image: scan }, { image: scan }]);
      const document = await extractDocument(file('contract.pdf', pdf), { ...small, ocrMaxPages: 1 });
      expect(document.notes).toEqual(['Only the first 1 scanned pages were read; pages 2–3 were not.']);
      expect(document.passages.filter((passage) => passage.text.includes('contract'))).toHaveLength(1);
    },
    OCR_GUARD_MS,
  );

  it(
    'a long scan is read in turns: past SEARCH_OCR_SLICE_SECONDS it stops with what it read, and the next turn goes on from there',
    async () => {
      const pages = await Promise.all(
        [
          'First scanned page about otters',
          'Second scanned page about badgers',
          'Third scanned page about voles',
        ].map((line) => pngOfText([line], 50)),
      );
      const pdf = await pdfKitWith(pages.map((image) => ({ image })));
      // A turn of no time at all: each turn reads one page (a turn always reads one), then stops.
      const turns = { ...small, ocrSliceSeconds: 0.000_001 };
      const read = (resume?: ReadingResume) =>
        extractDocument({ ...file('scan.pdf', pdf), ...(resume === undefined ? {} : { resume }) }, turns);
      const first = await read().catch((err: unknown) => err);
      expect(first).toBeInstanceOf(ReadingSuspended);
      const afterOne = (first as ReadingSuspended).resume;
      expect(Object.keys(afterOne.ocr)).toEqual(['0']);
      expect(afterOne.ocr['0']).toContain('otters');
      const second = (await read(afterOne).catch((err: unknown) => err)) as ReadingSuspended;
      expect(Object.keys(second.resume.ocr)).toEqual(['0', '1']);
      // The last turn finishes the document with every page, the earlier ones as they were read.
      const document = await read(second.resume);
      expect(document.passages.map((passage) => passage.text).join(' ')).toMatch(
        /otters[\s\S]*badgers[\s\S]*voles/,
      );
    },
    OCR_GUARD_MS,
  );

  it(
    'a HEIC picture (an iPhone photo) is decoded and read; a damaged one says so',
    async () => {
      const heic = new Uint8Array(readFileSync(new URL('./fixtures/receipt.heic', import.meta.url)));
      const document = await extractDocument(file('IMG_0042.HEIC', heic));
      expect(document.kind).toBe('image');
      expect(document.passages[0]?.location).toBe(READ_FROM_IMAGE);
      expect(document.passages.map((passage) => passage.text).join(' ')).toContain('Kumquat invoice 4711');
      const cut = heic.slice(0, 400);
      await expect(extractDocument(file('cut.heic', cut), small)).rejects.toBeInstanceOf(ExtractionError);
    },
    OCR_GUARD_MS,
  );

  it(
    'a WebP picture (what browsers and Android save) is read by its signature, whatever its name',
    async () => {
      const webp = new Uint8Array(readFileSync(new URL('./fixtures/receipt.webp', import.meta.url)));
      const document = await extractDocument(file('receipt.webp', webp));
      expect(document.kind).toBe('image');
      expect(document.passages[0]?.location).toBe(READ_FROM_IMAGE);
      expect(document.passages.map((passage) => passage.text).join(' ')).toContain('Kakapo couriers');
      const cut = webp.slice(0, 300);
      await expect(extractDocument(file('cut.webp', cut), small)).rejects.toBeInstanceOf(ExtractionError);
    },
    OCR_GUARD_MS,
  );

  it('a 20,000 × 20,000 picture is refused from its header, before anything decodes it', async () => {
    await expect(extractDocument(file('huge.png', pngHeader(20_000, 20_000)))).rejects.toEqual(
      new ExtractionError('This image is 20,000 × 20,000 pixels; images of up to 40 megapixels are read.'),
    );
  });

  it(
    'a damaged picture says so',
    async () => {
      const png = await pngOfText(['x']);
      await expect(extractDocument(file('broken.png', png.subarray(0, 200)))).rejects.toBeInstanceOf(
        ExtractionError,
      );
    },
    OCR_GUARD_MS,
  );
});
