// Test fixtures made at test time by the libraries each format's own users make them with (issue 39): ExcelJS
// workbooks, PptxGenJS decks, PDFKit PDFs, and OpenDocument packages zipped as LibreOffice lays them out
// (mimetype first, stored). Nothing in product code imports this file; no binary file is committed.

import { spawnSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';
import PptxGenJS from 'pptxgenjs';

/** A workbook: each sheet's rows (the first its header); Date cells keep a date format, `money` columns "$". */
export async function xlsxWith(
  sheets: { name: string; rows: (string | number | Date)[][]; money?: number[] }[],
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow(row);
    for (const column of sheet.money ?? []) worksheet.getColumn(column).numFmt = '"$"#,##0.00';
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A deck: each slide's title, lines of text and speaker notes. */
export async function pptxWith(
  slides: { title: string; lines: string[]; notes?: string }[],
): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  // A master with a title placeholder, as PowerPoint's own layouts have: the slide's title goes in it.
  deck.defineSlideMaster({
    title: 'TITLED',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 1 }, text: '' } },
    ],
  });
  for (const content of slides) {
    const slide = deck.addSlide({ masterName: 'TITLED' });
    slide.addText(content.title, { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 28, placeholder: 'title' });
    slide.addText(content.lines.join('\n'), { x: 0.5, y: 1.5, w: 9, h: 3, fontSize: 16 });
    if (content.notes) slide.addNotes(content.notes);
  }
  const out = await deck.write({ outputType: 'nodebuffer' });
  return new Uint8Array(out as Buffer);
}

const ODF_MIMETYPES = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
} as const;

const ODF_NAMESPACES =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.3"';

/** An OpenDocument package whose body (inside office:body) is `body`; `encrypted` marks content.xml as sealed. */
export async function odfWith(
  kind: keyof typeof ODF_MIMETYPES,
  body: string,
  encrypted = false,
): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('mimetype', ODF_MIMETYPES[kind], { compression: 'STORE' });
  const encryption = encrypted ? '<manifest:encryption-data manifest:checksum-type="SHA1/1K"/>' : '';
  zip.file(
    'META-INF/manifest.xml',
    `<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">${encryption}</manifest:file-entry></manifest:manifest>`,
  );
  zip.file(
    'content.xml',
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NAMESPACES}><office:body>${body}</office:body></office:document-content>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** A PDF drawn by PDFKit: each page's lines of text, or an image (PNG bytes) filling it — a scan. */
export function pdfKitWith(pages: ({ lines: string[] } | { image: Uint8Array })[]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    for (const page of pages) {
      doc.addPage();
      if ('lines' in page) doc.fontSize(14).text(page.lines.join('\n'));
      else doc.image(Buffer.from(page.image), 0, 0, { width: doc.page.width, height: doc.page.height });
    }
    doc.end();
  });
}

/** A PNG of the lines in large type, as a phone photographs a receipt: a PDFKit page rendered by pdftoppm. */
export async function pngOfText(lines: string[], dpi = 100): Promise<Uint8Array> {
  const pdf = await pdfKitWith([{ lines }]);
  const rendered = spawnSync('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', '1', '-'], {
    input: Buffer.from(pdf),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (rendered.status !== 0) throw new Error(`pdftoppm failed: ${rendered.stderr.toString()}`);
  return new Uint8Array(rendered.stdout);
}

/** The first bytes of a PNG that says it is `width` × `height` (its header only: enough for a size check). */
export function pngHeader(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes[24] = 8;
  bytes[25] = 0;
  return new Uint8Array(bytes);
}

/** An OLE compound file holding an "EncryptedPackage" stream: what Office writes for a password-protected file. */
export function encryptedOfficeFile(): Uint8Array {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  Buffer.from('EncryptedPackage', 'utf16le').copy(bytes, 1024);
  return new Uint8Array(bytes);
}
