import { decodeText, declaredCharset, htmlMetaCharset } from './text-decoding';
// Which kind a file is (issue 10 part 2): the name and media type say what the file claims to be, then
// the bytes must agree. A mismatch fails the one upload with a reason a person can act on.

export type DocumentKind = 'pdf' | 'docx' | 'txt' | 'md' | 'csv' | 'html' | 'eml';

export class ExtractionError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ExtractionError';
  }
}

const BY_EXTENSION: Record<string, DocumentKind> = {
  pdf: 'pdf',
  docx: 'docx',
  txt: 'txt',
  text: 'txt',
  log: 'txt',
  md: 'md',
  markdown: 'md',
  csv: 'csv',
  html: 'html',
  htm: 'html',
  eml: 'eml',
};

const BY_MEDIA_TYPE: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'message/rfc822': 'eml',
};

const KIND_NAMES: Record<DocumentKind, string> = {
  pdf: 'a PDF',
  docx: 'a Word document (DOCX)',
  txt: 'a text file',
  md: 'a Markdown file',
  csv: 'a CSV file',
  html: 'an HTML page',
  eml: 'an email (EML)',
};

export const UNSUPPORTED_TYPE =
  'Trove can index PDF, DOCX, TXT, Markdown, CSV, HTML and EML files; this file is none of those.';

/**
 * The kind a file claims to be. The extension wins: browsers send "text/plain" for .md and .csv, and
 * "application/octet-stream" for almost anything; the media type decides only when the name does not.
 */
export function claimedKind(fileName: string, mediaType: string): DocumentKind {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const byName = extension ? BY_EXTENSION[extension] : undefined;
  const essence = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  const kind = byName ?? BY_MEDIA_TYPE[essence];
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

/**
 * Checks that the content is what the file claims to be and returns the text of text kinds, decoded from
 * whatever charset it is in (issue 19 item 2: a BOM, the media type's or HTML's declared charset, UTF-8, a
 * detector; only binary content is refused). Encrypted
 * and damaged files are found later, by the extractors, which have to open them anyway.
 */
export function checkContent(kind: DocumentKind, bytes: Uint8Array, mediaType = ''): string | null {
  if (bytes.length === 0) throw new ExtractionError('This file is empty.');
  const mismatch = new ExtractionError(
    `This file says it is ${KIND_NAMES[kind]} but its content is not ${kind === 'pdf' ? 'a PDF' : 'one'}.`,
  );
  if (kind === 'pdf') {
    // PDF readers accept a header anywhere in the first 1024 bytes (PDF 32000-1 annex H.3 note 3).
    if (!containsAscii(bytes.subarray(0, 1024 + 5), '%PDF-')) throw mismatch;
    return null;
  }
  if (kind === 'docx') {
    if (ascii(bytes, 0, 4) !== 'PK\u0003\u0004') throw mismatch;
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
      throw mismatch;
    return null;
  }
  const declared = (kind === 'html' ? htmlMetaCharset(bytes) : undefined) ?? declaredCharset(mediaType);
  const decoded = decodeText(bytes, declared);
  if (decoded === undefined)
    throw new ExtractionError(`This file says it is ${KIND_NAMES[kind]} but it holds binary data, not text.`);
  if (kind === 'html' && !looksLikeMarkup(decoded.text)) throw mismatch;
  return decoded.text;
}
