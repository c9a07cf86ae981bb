import { createInflate } from 'node:zlib';
import { UPLOAD_MAX_FILE_BYTES } from '@trove/contracts';
import { ExtractionError } from './detect-kind';

// pdf.js inflates a Flate stream into one Uint8Array that doubles as it grows, with no bound, and an
// ArrayBuffer lies outside the V8 heap that SEARCH_JOB_MEMORY_MB bounds: a 300 KB PDF holding 300 MB of
// spaces took the reader to 1 GB of memory with 17 MB of heap (docs/decisions/019-extraction-memory-bounds.md).
// So the streams pdf.js would inflate to read text are measured first, by inflating them without keeping
// the output, and a PDF past the bounds is refused with a reason.

/** All the streams read for text together: 20 × the largest upload, like a DOCX's parts. */
export const PDF_MAX_INFLATED_BYTES = 20 * UPLOAD_MAX_FILE_BYTES;
/** One stream: pdf.js holds it whole (in a buffer up to twice as large), so the bound is tighter. */
export const PDF_MAX_STREAM_BYTES = 4 * UPLOAD_MAX_FILE_BYTES;

export interface PdfStreamLimits {
  maxInflatedBytes?: number;
  maxStreamBytes?: number;
}

/** How far back from `stream` its dictionary may start; real ones are a few hundred bytes. */
const DICTIONARY_WINDOW = 4096;

/**
 * The data of every FlateDecode stream a text read inflates: content, fonts, object and xref streams.
 * Images are left out — pdf.js reads text without decoding them — as are streams with other filters.
 */
export function flateStreams(bytes: Uint8Array): Uint8Array[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const streams: Uint8Array[] = [];
  let at = buffer.indexOf('stream');
  while (at >= 0) {
    const isEnd = at >= 3 && buffer.toString('latin1', at - 3, at) === 'end';
    let start = at + 'stream'.length;
    if (buffer[start] === 0x0d) start += 1;
    if (!isEnd && buffer[start] === 0x0a) {
      start += 1;
      const endKeyword = buffer.indexOf('endstream', start);
      if (endKeyword < 0) break;
      // The end-of-line before `endstream` is not the stream's.
      let end = endKeyword;
      if (end > start && buffer[end - 1] === 0x0a) end -= 1;
      if (end > start && buffer[end - 1] === 0x0d) end -= 1;
      const head = buffer.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
      const dictionary = head.slice(Math.max(0, head.lastIndexOf(' obj'), head.lastIndexOf('\nobj')));
      if (/\/FlateDecode\b/.test(dictionary) && !/\/Subtype\s*\/Image\b/.test(dictionary)) {
        streams.push(bytes.subarray(start, end));
      }
      at = buffer.indexOf('stream', endKeyword + 'endstream'.length);
    } else {
      at = buffer.indexOf('stream', at + 1);
    }
  }
  return streams;
}

/** Bytes `data` inflates to, counted without keeping them; stops once past `limit`. */
function inflatedLength(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    // Damaged data is pdf.js's to judge; it counts as far as it inflated.
    inflate.on('error', () => resolve(total));
    inflate.end(data);
  });
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Throws ExtractionError when the PDF's streams open to more than the bounds. */
export async function checkPdfStreams(bytes: Uint8Array, limits: PdfStreamLimits = {}): Promise<void> {
  const maxTotal = limits.maxInflatedBytes ?? PDF_MAX_INFLATED_BYTES;
  const maxStream = limits.maxStreamBytes ?? PDF_MAX_STREAM_BYTES;
  let total = 0;
  for (const stream of flateStreams(bytes)) {
    const length = await inflatedLength(stream, Math.min(maxStream, maxTotal - total));
    total += length;
    if (length > maxStream || total > maxTotal) {
      const bound = length > maxStream ? maxStream : maxTotal;
      throw new ExtractionError(
        `This PDF expands to more than ${megabytes(bound)} when opened; it may be damaged.`,
      );
    }
  }
}
