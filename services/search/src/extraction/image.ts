import { imageLocation } from '@trove/contracts';
import { imageSize } from 'image-size';
import { ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { baseName } from './file-name';
import { heifToPpm, isHeif } from './heic';
import { OcrError, recogniseImage } from './ocr';
import { paragraphsOf } from './passages';
import type { ReadContext, Reader } from './reader';

// Pictures and scans (issue 39 item 4): PNG, JPEG, TIFF, WebP and HEIC, by their signatures, read by OCR. Their size
// is read from the header first (image-size), so a 20,000 × 20,000 picture is refused before it is decoded.

/** The image formats OCR reads, by their first bytes. */
export function imageFormat(bytes: Uint8Array): 'png' | 'jpeg' | 'tiff' | 'webp' | 'heic' | undefined {
  const b = bytes;
  if (b.length < 12) return undefined;
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) ||
    (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a)
  )
    return 'tiff';
  const riff = String.fromCharCode(...b.subarray(0, 4));
  const webp = String.fromCharCode(...b.subarray(8, 12));
  if (riff === 'RIFF' && webp === 'WEBP') return 'webp';
  if (isHeif(b)) return 'heic';
  return undefined;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;

/** Refused before decoding: an image larger than the setting allows, or one whose header is damaged. */
export function checkImageSize(bytes: Uint8Array, maxPixels: number): void {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw new ExtractionError('This image is damaged and cannot be read.');
  }
  for (const image of size.images ?? [size]) {
    if (image.width * image.height > maxPixels)
      throw new ExtractionError(
        `This image is ${image.width.toLocaleString('en')} × ${image.height.toLocaleString('en')} pixels; images of up to ${megapixels(maxPixels)} are read.`,
      );
  }
}

/** What an OcrError means for the person who uploaded the file. */
export function ocrFailure(err: unknown, what: string): ExtractionError {
  if (!(err instanceof OcrError)) throw err;
  if (err.problem === 'unavailable')
    return new ExtractionError(
      'Text cannot be read from images on this server: its OCR program is not installed.',
    );
  if (err.problem === 'timeout')
    return new ExtractionError(`Reading the text of this ${what} took too long.`);
  return new ExtractionError(`This ${what} is damaged or in a form whose text cannot be read.`);
}

/** The text of an image file, each of its pages (a TIFF may hold several) a part. */
export async function readImage(
  bytes: Uint8Array,
  fallbackTitle: string,
  context: ReadContext,
): Promise<DocumentText> {
  checkImageSize(bytes, context.settings.ocrMaxPixels);
  let pages: string[];
  let readable = bytes;
  if (isHeif(bytes)) {
    try {
      readable = await heifToPpm(bytes);
    } catch {
      throw new ExtractionError('This HEIC picture is damaged or in a form that cannot be read.');
    }
  }
  try {
    pages = await recogniseImage(readable, context.settings, context.deadline);
  } catch (err) {
    throw ocrFailure(err, 'image');
  }
  const blocks = pages.flatMap((text, index) =>
    paragraphsOf(text).map((paragraph) => ({
      location: imageLocation(pages.length > 1 ? `page ${index + 1}` : null),
      text: paragraph,
    })),
  );
  return {
    title: fallbackTitle,
    parts: pages.length,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
    notes: blocks.length === 0 ? ['No words were found in this image.'] : [],
  };
}

export const imageReader: Reader = {
  accepts(bytes) {
    return imageFormat(bytes) === undefined ? { accepted: false } : { accepted: true, text: null };
  },
  read: (input, context) => readImage(input.bytes, baseName(input.fileName), context),
  limits: ['ocrMaxPixels', 'ocrLanguages', 'memoryMb'],
};
