import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { ExtractionError, containsAscii } from './detect-kind';
import type { DocumentText } from './document-text';
import { paragraphsOf } from './passages';

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

export async function readPdf(bytes: Uint8Array, fallbackTitle: string): Promise<DocumentText> {
  // pdf.js may transfer the buffer it is given to its worker; the caller's bytes stay intact.
  const copy = new Uint8Array(bytes);
  let pages: string[];
  let info: Record<string, unknown> = {};
  try {
    const pdf = await getDocumentProxy(copy);
    pages = (await extractText(pdf, { mergePages: false })).text;
    info = (await getMeta(pdf)).info ?? {};
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    // An /Encrypt entry whose key pdf.js cannot derive fails in several ways; all of them mean "locked".
    if (name === PASSWORD || containsAscii(bytes, '/Encrypt')) {
      throw new ExtractionError('This PDF is password-protected.');
    }
    throw new ExtractionError('This PDF is damaged and cannot be read.');
  }
  const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
  const firstLine = pages
    .join('\n')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return {
    title: title ?? firstLine?.slice(0, 200) ?? fallbackTitle,
    parts: pages.length,
    documentDate: pdfDate(info.CreationDate) ?? pdfDate(info.ModDate),
    blocks: pages.flatMap((text, index) =>
      paragraphsOf(text).map((paragraph) => ({ location: `page ${index + 1}`, text: paragraph })),
    ),
    people: [],
    organisations: [],
  };
}
