import { UPLOAD_MAX_FILE_BYTES } from '@trove/contracts';
import { containsAscii, ExtractionError } from './detect-kind';
import { openZip, ZipEntryError, type ZipPackage } from './zip';

// The zip packages of office files (OOXML: DOCX, XLSX, PPTX; OpenDocument: ODT, ODS, ODP), opened with one
// bound for all their parts together (docs/decisions/019, 025) and one set of reasons to show.

/**
 * The most an office file may open to, all its parts together: 20 × the largest upload. Real documents stay
 * far below (their bulk is images, which zip barely compresses).
 */
export const OFFICE_MAX_EXPANDED_BYTES = 20 * UPLOAD_MAX_FILE_BYTES;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** An OLE2 compound file (legacy Office, or an OOXML file sealed with a password): D0 CF 11 E0 A1 B1 1A E1. */
export const isCompoundFile = (bytes: Uint8Array) =>
  bytes.length >= 8 &&
  bytes[0] === 0xd0 &&
  bytes[1] === 0xcf &&
  bytes[2] === 0x11 &&
  bytes[3] === 0xe0 &&
  bytes[4] === 0xa1 &&
  bytes[5] === 0xb1 &&
  bytes[6] === 0x1a &&
  bytes[7] === 0xe1;

/** Office's password protection puts the whole package in a compound file's "EncryptedPackage" stream. */
export function isEncryptedOffice(bytes: Uint8Array): boolean {
  if (!isCompoundFile(bytes)) return false;
  // Directory entry names are UTF-16LE.
  return containsAscii(bytes, 'E\0n\0c\0r\0y\0p\0t\0e\0d\0P\0a\0c\0k\0a\0g\0e\0');
}

/** What a password-protected file is told. */
export const protectedReason = (what: string) =>
  `This ${what} is protected by a password, so its words cannot be read. Remove the password and upload it again.`;

/** The OpenDocument mimetype entry, stored first and uncompressed, so it is visible in the raw bytes. */
export function odfMimetype(bytes: Uint8Array): string | undefined {
  if (bytes.length < 38 + 8) return undefined;
  const name = new TextDecoder('latin1').decode(bytes.subarray(30, 38));
  if (name !== 'mimetype') return undefined;
  const end = Math.min(bytes.length, 38 + 80);
  const text = new TextDecoder('latin1').decode(bytes.subarray(38, end));
  return /^application\/vnd\.oasis\.opendocument\.[a-z.-]+/.exec(text)?.[0];
}

/**
 * An office file's package: refused when its parts declare or really open to more than `maxExpandedBytes`
 * (as they are read), or when it is damaged. `what` names it in the reasons ("Excel workbook").
 */
export function openOfficePackage(
  bytes: Uint8Array,
  what: string,
  maxExpandedBytes = OFFICE_MAX_EXPANDED_BYTES,
) {
  const damaged = new ExtractionError(`This ${what} is damaged and cannot be read.`);
  const zip = openZip(bytes, maxExpandedBytes);
  if (zip === undefined) throw damaged;
  const tooLarge = new ExtractionError(
    `This ${what} expands to more than ${megabytes(maxExpandedBytes)} when opened; it may be damaged.`,
  );
  if (zip.declaredBytes() > maxExpandedBytes) throw tooLarge;
  const problems = (err: unknown): never => {
    if (err instanceof ZipEntryError) {
      if (err.problem === 'too-large') throw tooLarge;
      if (err.problem === 'encrypted') throw new ExtractionError(protectedReason(what));
      throw damaged;
    }
    throw err;
  };
  return {
    zip,
    /** A part's text (undefined when the package has no such part). */
    text(name: string): string | undefined {
      try {
        return zip.textOf(name);
      } catch (err) {
        return problems(err);
      }
    },
    /** A part's text, which the package must have. */
    required(name: string): string {
      const text = this.text(name);
      if (text === undefined) throw damaged;
      return text;
    },
  };
}

export type OfficePackage = ReturnType<typeof openOfficePackage>;
export type { ZipPackage };

/** A package-relative path joined with a relationship's target ("ppt/slides" + "../notesSlides/n.xml"). */
export function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}
