import { UPLOAD_MAX_FILE_BYTES } from '@trove/contracts';
import { inflateRawSync } from 'node:zlib';
import mammoth from 'mammoth';
import { ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { htmlToText } from './html-text';
import { sectionLocation } from './sections';

/**
 * The most a DOCX may say it opens to, all its parts together: 20 × the largest upload. A DOCX is a zip,
 * and a few hundred KB of it can hold gigabytes of XML (docs/decisions/019-extraction-memory-bounds.md);
 * mammoth would inflate every byte of it into memory. Real documents stay far below: their bulk is
 * images, which zip barely compresses, and Word caps a document's text at 32 MB.
 */
export const DOCX_MAX_EXPANDED_BYTES = 20 * UPLOAD_MAX_FILE_BYTES;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const ZIP64_EXTRA = 0x0001;

/**
 * The sum of the uncompressed sizes a zip's central directory declares, read without inflating
 * anything; undefined when there is no central directory (then mammoth calls the file damaged).
 * A zip that declares less than it holds is bounded only by the extraction process's memory limit.
 */
/** Where the zip's end-of-central-directory record starts, or -1: the last 22 bytes plus a ≤ 64 KB comment. */
function endOfCentralDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

export function declaredUncompressedBytes(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfCentralDirectory(view);
  if (end < 0) return undefined;
  let total = 0;
  // The entry count may be capped (zip64), so the directory is walked until its headers stop.
  let at = view.getUint32(end + 16, true);
  while (at + 46 <= end && view.getUint32(at, true) === CENTRAL_DIRECTORY_HEADER) {
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    let size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) {
      // zip64: the real size is the first field of the zip64 extra block; 4 GiB at least if it is missing.
      size = 2 ** 32;
      let extra = at + 46 + nameLength;
      const extraEnd = Math.min(extra + extraLength, end);
      while (extra + 4 <= extraEnd) {
        const id = view.getUint16(extra, true);
        const length = view.getUint16(extra + 2, true);
        if (id === ZIP64_EXTRA && length >= 8 && extra + 12 <= extraEnd) {
          size = Number(view.getBigUint64(extra + 4, true));
          break;
        }
        extra += 4 + length;
      }
    }
    total += size;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return total;
}

const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * Whether the zip's parts, really inflated, stay within `maxBytes` all together (issue 18 item 8). The
 * declared sizes are the zip's own word and a crafted file lies in them; this inflates each deflated part
 * with zlib's `maxOutputLength` set to what is left of the budget, so a part that would pass it stops
 * there, without the memory. Parts are found through the central directory, as mammoth's unzip finds
 * them. Undefined when the zip cannot be walked (mammoth then reports it damaged).
 */
export function inflatesWithin(bytes: Uint8Array, maxBytes: number): boolean | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfCentralDirectory(view);
  if (end < 0) return undefined;
  let left = maxBytes;
  let at = view.getUint32(end + 16, true);
  while (at + 46 <= end && view.getUint32(at, true) === CENTRAL_DIRECTORY_HEADER) {
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const local = view.getUint32(at + 42, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== LOCAL_FILE_HEADER) return undefined;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, Math.min(bytes.byteLength, start + compressed));
    if (method === STORED) {
      left -= data.byteLength;
    } else if (method === DEFLATED) {
      try {
        left -= inflateRawSync(data, { maxOutputLength: Math.max(1, left + 1) }).byteLength;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return false;
        return undefined;
      }
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
