import { imageLocation } from '@trove/contracts';
import { ExtractionError, containsAscii } from './detect-kind';
import type { DocumentText } from './document-text';
import { OcrError, recogniseImage, renderPdfPage } from './ocr';
import { paragraphsOf } from './passages';
import { DEFAULT_EXTRACTION_SETTINGS, type ReadContext, ReadingSuspended } from './reader';

/** pdf.js names its failures; these are the two a person can be told about. */
const PASSWORD = 'PasswordException';

/** "D:20250303091500+05'30'" (PDF 32000-1 §7.9.4) when pdf.js did not already make it a Date. */
export function pdfDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const m = value.match(/^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/);
  if (!m) return null;
  const zone =
    !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5) || '00'}`;
  const date = new Date(
    `${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`,
  );
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A page whose text layer holds no letter is a scan (or a picture): read from its image. A page number stamped on
 * a scan is digits; a page of short real text ("Appendix") has letters and is left as it is.
 */
const hasNoWords = (text: string) => !/\p{L}/u.test(text);
/** The resolution OCR reads pages at (tesseract's own advice), lowered for pages larger than A4's. */
const OCR_DPI = 300;

export const PDF_PROTECTED =
  'This PDF is protected by a password, so its words cannot be read. Remove the password and upload it again.';

/** "pages 3, 7 and 9", "pages 12–2,000": the pages a note is about. */
export function pageList(pages: readonly number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  const contiguous = pages.every((page, index) => index === 0 || page === (pages[index - 1] ?? 0) + 1);
  if (contiguous) return `pages ${pages[0]?.toLocaleString('en')}–${pages.at(-1)?.toLocaleString('en')}`;
  if (pages.length > 6) return `${pages.length.toLocaleString('en')} pages`;
  return `pages ${pages.slice(0, -1).join(', ')} and ${pages.at(-1)}`;
}

/**
 * Pages without a text layer (scans), read by OCR one at a time: at most SEARCH_OCR_MAX_PAGES of them, and none
 * once the file's clock is near its end; the notes say which pages were not read and why.
 */
async function readScannedPages(
  bytes: Uint8Array,
  pages: string[],
  sizes: { width: number; height: number }[],
  context: ReadContext,
): Promise<{ ocr: Map<number, string>; notes: string[] }> {
  const scanned = pages.flatMap((text, index) => (hasNoWords(text) ? [index] : []));
  const ocr = new Map<number, string>();
  const notes: string[] = [];
  const { settings } = context;
  const unread = (indexes: number[]) => indexes.map((index) => index + 1);
  const failed: number[] = [];
  const earlier = context.resume?.ocr ?? {};
  for (const [position, index] of scanned.entries()) {
    if (position >= settings.ocrMaxPages) {
      notes.push(
        `Only the first ${settings.ocrMaxPages} scanned pages were read; ${pageList(unread(scanned.slice(position)))} were not.`,
      );
      break;
    }
    // Read in an earlier turn (issue 39: a long scan takes turns with other users' files).
    const before = earlier[String(index)];
    if (before !== undefined) {
      ocr.set(index, before);
      continue;
    }
    // This turn is over and pages are left: what was read goes with the job, which waits its turn again.
    if (
      context.sliceEnd !== undefined &&
      Date.now() >= context.sliceEnd &&
      ocr.size > Object.keys(earlier).length
    )
      throw new ReadingSuspended({
        ocr: Object.fromEntries([...ocr].map(([page, text]) => [String(page), text])),
      });
    if (Date.now() >= context.deadline) {
      notes.push(
        `Reading scanned pages took too long; ${pageList(unread(scanned.slice(position)))} were not read.`,
      );
      break;
    }
    const size = sizes[index] ?? { width: 612, height: 792 };
    const inches = (size.width / 72) * (size.height / 72);
    const dpi = Math.min(OCR_DPI, Math.sqrt(settings.ocrMaxPixels / Math.max(inches, 0.01)));
    try {
      const image = await renderPdfPage(bytes, index + 1, dpi, settings, context.deadline);
      ocr.set(index, (await recogniseImage(image, settings, context.deadline)).join('\n\n'));
    } catch (err) {
      if (!(err instanceof OcrError)) throw err;
      if (err.problem === 'unavailable') {
        notes.push(
          `${pageList(unread(scanned))} have no text layer, and text cannot be read from images on this server.`,
        );
        break;
      }
      if (err.problem === 'timeout') {
        notes.push(
          `Reading scanned pages took too long; ${pageList(unread(scanned.slice(position)))} were not read.`,
        );
        break;
      }
      failed.push(index + 1);
    }
  }
  if (failed.length > 0)
    notes.push(
      `${pageList(failed)} could not be read from ${failed.length === 1 ? 'its image' : 'their images'}.`,
    );
  return { ocr, notes };
}

export async function readPdf(
  bytes: Uint8Array,
  fallbackTitle: string,
  context: ReadContext = { settings: DEFAULT_EXTRACTION_SETTINGS, deadline: Date.now() + 60_000, depth: 0 },
): Promise<DocumentText> {
  // Loaded when a PDF is read, not when the service starts: the search service's own process (which indexes
  // rows with the same extraction) never reads one (docs/decisions/217).
  const { extractText, getDocumentProxy, getMeta } = await import('unpdf');
  // pdf.js may transfer the buffer it is given to its worker; the caller's bytes stay intact.
  const copy = new Uint8Array(bytes);
  let pages: string[];
  let sizes: { width: number; height: number }[] = [];
  let info: Record<string, unknown> = {};
  try {
    const pdf = await getDocumentProxy(copy);
    pages = (await extractText(pdf, { mergePages: false })).text;
    info = (await getMeta(pdf)).info ?? {};
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = (await pdf.getPage(number)).view;
      sizes.push({ width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) });
    }
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    // An /Encrypt entry whose key pdf.js cannot derive fails in several ways; all of them mean "locked".
    if (name === PASSWORD || containsAscii(bytes, '/Encrypt')) {
      throw new ExtractionError(PDF_PROTECTED);
    }
    throw new ExtractionError('This PDF is damaged and cannot be read.');
  }
  const { ocr, notes } = await readScannedPages(bytes, pages, sizes, context);
  sizes = [];
  const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
  const firstLine = pages
    .map((text, index) => ocr.get(index) ?? text)
    .join('\n')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return {
    title: title ?? firstLine?.slice(0, 200) ?? fallbackTitle,
    parts: pages.length,
    documentDate: pdfDate(info.CreationDate) ?? pdfDate(info.ModDate),
    blocks: pages.flatMap((text, index) => {
      const read = ocr.get(index);
      const location = read === undefined ? `page ${index + 1}` : imageLocation(`page ${index + 1}`);
      return paragraphsOf(read ?? text).map((paragraph) => ({ location, text: paragraph }));
    }),
    people: [],
    organisations: [],
    notes,
  };
}
