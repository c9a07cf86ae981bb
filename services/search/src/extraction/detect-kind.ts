import { DOCUMENT_FORMATS, type DocumentKind, documentKindOf, documentKindsText } from '@trove/contracts';
import { decodeText, declaredCharset, htmlMetaCharset } from './text-decoding';
// Which kind a file is (issue 10 part 2): the name and media type say what the file claims to be, then
// the bytes must agree. A mismatch fails the one upload with a reason a person can act on.

export type { DocumentKind };

export class ExtractionError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ExtractionError';
  }
}

// Says no product name: extraction is a library of readers with no settings (the reasons it gives are
// about the file), and the service names the product when it refuses a type at upload.
export const UNSUPPORTED_TYPE = `Only ${documentKindsText('and')} files can be indexed; this file is none of those.`;

/**
 * The kind a file claims to be (contracts' one table). The extension wins: browsers send "text/plain" for .md
 * and .csv, and "application/octet-stream" for almost anything; the media type decides only when the name
 * does not.
 */
export function claimedKind(fileName: string, mediaType: string): DocumentKind {
  const kind = documentKindOf(fileName, mediaType);
  if (!kind) throw new ExtractionError(UNSUPPORTED_TYPE);
  return kind;
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

/** Searches raw bytes for an ASCII marker without decoding the whole file. */
export function containsAscii(bytes: Uint8Array, marker: string, from = 0): boolean {
  const first = marker.charCodeAt(0);
  outer: for (let i = bytes.indexOf(first, from); i >= 0; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < marker.length; j += 1) if (bytes[i + j] !== marker.charCodeAt(j)) continue outer;
    return true;
  }
  return false;
}

/** RFC 5322: the message starts with header fields, and a mail has at least one of these. */
function looksLikeEmail(text: string): boolean {
  const head = text.replace(/\r\n/g, '\n').split('\n\n')[0] ?? '';
  const lines = head.split('\n');
  const firstIsField = /^[!-9;-~]+:/.test(lines[0] ?? '') || /^From \S/.test(lines[0] ?? '');
  return firstIsField && lines.some((line) => /^(from|to|subject|date|message-id):/i.test(line));
}

const looksLikeMarkup = (text: string) =>
  /<(!doctype\s+html|html|head|body|title|p|div|span|h[1-6]|table|a|ul|ol|br|section|article)\b[^>]*>/i.test(
    text.slice(0, 64 * 1024),
  );

/** The kinds whose content is text in some charset. */
export const TEXT_KINDS: ReadonlySet<DocumentKind> = new Set([
  'txt',
  'md',
  'csv',
  'html',
  'code',
  'json',
  'event',
]);

/**
 * Checks that the content is what the file claims to be and returns the text of text kinds, decoded from
 * whatever charset it is in (issue 19 item 2: a BOM, the media type's or HTML's declared charset, UTF-8, a
 * detector; only binary content is refused). Encrypted
 * and damaged files are found later, by the extractors, which have to open them anyway.
 */
export function checkContent(kind: DocumentKind, bytes: Uint8Array, mediaType = ''): string | null {
  if (bytes.length === 0) throw new ExtractionError('This file is empty.');
  // Made when thrown: an Error's stack costs more than the check itself for a small file (docs/decisions/219).
  const mismatch = () =>
    new ExtractionError(
      `This file says it is ${DOCUMENT_FORMATS[kind].article} but its content is not ${kind === 'pdf' ? 'a PDF' : 'one'}.`,
    );
  if (kind === 'pdf') {
    // PDF readers accept a header anywhere in the first 1024 bytes (PDF 32000-1 annex H.3 note 3).
    if (!containsAscii(bytes.subarray(0, 1024 + 5), '%PDF-')) throw mismatch();
    return null;
  }
  if (kind === 'docx') {
    if (ascii(bytes, 0, 4) !== 'PK\u0003\u0004') throw mismatch();
    // Zip entry names are stored uncompressed, so the main part's name is visible in the raw bytes.
    if (!containsAscii(bytes, 'word/document.xml')) {
      throw new ExtractionError('This file is a zip archive but not a Word document (DOCX).');
    }
    return null;
  }
  if (kind === 'eml') {
    // The header fields are ASCII by the RFC and often raw 8-bit in practice: the check reads bytes as
    // bytes. The parts are decoded by their own charsets when the mail is read (email.ts).
    if (
      bytes.includes(0) ||
      !looksLikeEmail(new TextDecoder('windows-1252').decode(bytes.subarray(0, 64 * 1024)))
    )
      throw mismatch();
    return null;
  }
  if (!TEXT_KINDS.has(kind)) throw mismatch();
  const declared = (kind === 'html' ? htmlMetaCharset(bytes) : undefined) ?? declaredCharset(mediaType);
  const decoded = decodeText(bytes, declared);
  if (decoded === undefined)
    throw new ExtractionError(
      `This file says it is ${DOCUMENT_FORMATS[kind].article} but it holds binary data, not text.`,
    );
  if (kind === 'html' && !looksLikeMarkup(decoded.text)) throw mismatch();
  if (kind === 'event' && !/^\s*BEGIN:VCALENDAR/i.test(decoded.text.slice(0, 1024))) throw mismatch();
  return decoded.text;
}
