import { UPLOAD_MAX_FILE_BYTES } from '@trove/contracts';
import { ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { htmlToText } from './html-text';
import { sectionLocation } from './sections';
import { readZipEntry, ZipEntryError, zipEntries } from './zip';

/**
 * The most a DOCX may say it opens to, all its parts together: 20 × the largest upload. A DOCX is a zip,
 * and a few hundred KB of it can hold gigabytes of XML (docs/decisions/019-extraction-memory-bounds.md);
 * mammoth would inflate every byte of it into memory. Real documents stay far below: their bulk is
 * images, which zip barely compresses, and Word caps a document's text at 32 MB.
 */
export const DOCX_MAX_EXPANDED_BYTES = 20 * UPLOAD_MAX_FILE_BYTES;

/**
 * The sum of the uncompressed sizes a zip's central directory declares, read without inflating anything;
 * undefined when there is no central directory (then mammoth calls the file damaged). A zip that declares less
 * than it holds is caught by {@link inflatesWithin}.
 */
export function declaredUncompressedBytes(bytes: Uint8Array): number | undefined {
  return zipEntries(bytes)?.reduce((sum, entry) => sum + entry.declaredBytes, 0);
}

/**
 * Whether the zip's parts, really inflated, stay within `maxBytes` all together (issue 18 item 8): each part is
 * inflated against what is left of the budget (zip.ts), so a crafted part stops there, without the memory.
 * Undefined when the zip cannot be walked (mammoth then reports it damaged).
 */
export function inflatesWithin(bytes: Uint8Array, maxBytes: number): boolean | undefined {
  const entries = zipEntries(bytes);
  if (entries === undefined) return undefined;
  let left = maxBytes;
  for (const entry of entries) {
    try {
      left -= readZipEntry(bytes, entry, Math.max(0, left)).byteLength;
    } catch (err) {
      if (!(err instanceof ZipEntryError)) throw err;
      if (err.problem === 'too-large') return false;
      // Encrypted or in a method we do not inflate: mammoth will say what it makes of it.
      if (err.problem === 'damaged') return undefined;
    }
    if (left < 0) return false;
  }
  return true;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * mammoth turns Word's built-in heading styles into <h1>…<h6> and paragraphs into <p>, so reading its HTML
 * gives sections for free; its raw-text mode would lose the headings.
 */
export async function readDocx(
  bytes: Uint8Array,
  fallbackTitle: string,
  limits: { maxExpandedBytes?: number } = {},
): Promise<DocumentText> {
  const maxExpandedBytes = limits.maxExpandedBytes ?? DOCX_MAX_EXPANDED_BYTES;
  // Before mammoth inflates anything: a bomb is refused in microseconds, not by running out of memory.
  // Then what the parts really open to, inflated against a running cap: the declared sizes can lie.
  if (
    (declaredUncompressedBytes(bytes) ?? 0) > maxExpandedBytes ||
    inflatesWithin(bytes, maxExpandedBytes) === false
  ) {
    throw new ExtractionError(
      `This DOCX expands to more than ${megabytes(maxExpandedBytes)} when opened; it may be damaged.`,
    );
  }
  // Loaded when a Word document is read, not when the service starts: the search service's own process
  // (which indexes rows with the same extraction) never reads one (docs/decisions/217).
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new ExtractionError('This Word document is damaged and cannot be read.');
  }
  const { title, blocks } = htmlToText(html);
  const sections = new Set(blocks.map((b) => b.heading));
  return {
    title: title ?? blocks[0]?.text.slice(0, 200) ?? fallbackTitle,
    parts: sections.size,
    documentDate: null,
    blocks: blocks.map((block) => ({ location: sectionLocation(block.heading), text: block.text })),
    people: [],
    organisations: [],
  };
}
