import type { DocumentKind } from '@trove/contracts';
import type { DocumentText } from './document-text';

// One reader per kind of file (issue 39 item 8, docs/decisions/120): what it accepts by content, how it reads
// the file into sections, and the settings that bound it. readers.ts holds the one table of them, which the
// upload route's kinds (contracts' DOCUMENT_FORMATS), attachments and archive entries all go through.

/** The settings that bound extraction (the search service's env; defaults in DEFAULT_EXTRACTION_SETTINGS). */
export interface ExtractionSettings {
  /** SEARCH_ARCHIVE_MAX_ENTRIES: entries of one archive indexed at most. */
  archiveMaxEntries: number;
  /** SEARCH_ARCHIVE_MAX_BYTES: what one archive's entries may open to, all together. */
  archiveMaxBytes: number;
  /** SEARCH_ARCHIVE_MAX_RATIO: how many times its compressed size one entry may open to. */
  archiveMaxRatio: number;
  /** SEARCH_OCR_LANGUAGES: tesseract's language codes, joined by "+" ("eng", "eng+deu"). */
  ocrLanguages: string;
  /** SEARCH_OCR_MAX_PAGES: pages of one document read from their images at most. */
  ocrMaxPages: number;
  /**
   * SEARCH_OCR_SLICE_SECONDS: how long one turn of reading scanned pages may last; past it, what was read is kept
   * and the file goes back in the queue behind other users' files (0: never cut).
   */
  ocrSliceSeconds: number;
  /** SEARCH_OCR_MAX_PIXELS: the largest image (or rendered page) OCR is given. */
  ocrMaxPixels: number;
  /** SEARCH_OCR_INLINE_IMAGES: whether a message's inline images (logos, signatures) are read too. */
  ocrInlineImages: boolean;
  /** SEARCH_JOB_MEMORY_MB: the address space each OCR or rendering program may take. */
  memoryMb: number;
  /** How long a file's reading may take; OCR stops before it and says which pages it left. */
  timeoutSeconds: number;
}

export const DEFAULT_EXTRACTION_SETTINGS: ExtractionSettings = {
  archiveMaxEntries: 1_000,
  archiveMaxBytes: 100 * 1024 * 1024,
  archiveMaxRatio: 100,
  ocrLanguages: 'eng',
  ocrMaxPages: 100,
  ocrSliceSeconds: 10,
  ocrMaxPixels: 40_000_000,
  ocrInlineImages: false,
  memoryMb: 1024,
  timeoutSeconds: 120,
};

/** A file as a reader gets it: the bytes, its names, and (text kinds) its text, decoded. */
export interface ReaderInput {
  bytes: Uint8Array;
  fileName: string;
  mediaType: string;
  /** The decoded text of a text kind; null for binary kinds. */
  text: string | null;
}

/** What earlier turns of a file's reading read: each scanned page's text, by its index (from 0). */
export interface ReadingResume {
  ocr: Record<string, string>;
}

/**
 * The reading of scanned pages reached the end of its turn (SEARCH_OCR_SLICE_SECONDS) with pages left: what was
 * read so far, for the next turn to carry on from. Not a failure.
 */
export class ReadingSuspended extends Error {
  constructor(readonly resume: ReadingResume) {
    super('the reading goes on in a later turn');
    this.name = 'ReadingSuspended';
  }
}

export interface ReadContext {
  settings: ExtractionSettings;
  /** When this file's reading must be done by (ms since the epoch): long work (OCR) stops before it. */
  deadline: number;
  /** When this turn of OCR ends (ms since the epoch), with pages left: ReadingSuspended. Absent: no turns. */
  sliceEnd?: number;
  /** What earlier turns read. */
  resume?: ReadingResume;
  /** How many containers (archives, messages) this file sits in: nested archives are opened one level deep. */
  depth: number;
}

/** What a reader says of some bytes: the text of a text kind, null for a binary kind, or why not. */
export type Acceptance = { accepted: true; text: string | null } | { accepted: false; reason?: string };

export interface Reader {
  /**
   * Whether the bytes are of this kind, by content (magic numbers, a zip's parts, decodable text); the reason
   * when they are this kind but cannot be read (a password).
   */
  accepts(bytes: Uint8Array, mediaType: string): Acceptance;
  /** The file's text in blocks: its sections, pages, sheets or slides, and what it contains. */
  read(input: ReaderInput, context: ReadContext): Promise<DocumentText>;
  /** The settings that bound this reader, beyond the upload size and the job's memory and time. */
  limits: readonly (keyof ExtractionSettings)[];
  /** Code and data: identifiers are split into words for the index ("retryBackoff" → "retry backoff"). */
  splitIdentifiers?: boolean;
}

export type ReaderTable = Readonly<Record<DocumentKind, Reader>>;
