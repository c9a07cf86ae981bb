import type { DocumentKind } from '@trove/contracts';
import { zipReader } from './archive';
import { readCalendarEvent } from './calendar-event';
import { readCode } from './code';
import { readCsv } from './csv';
import { checkContent, ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { readDocx } from './docx';
import { readEmail } from './email';
import { baseName } from './file-name';
import { htmlToText } from './html-text';
import { rowRecordOf } from '../records/row-record';
import { imageReader } from './image';
import { readMarkdown } from './markdown';
import { odfReader } from './odf';
import { isEncryptedOffice, protectedReason } from './office-package';
import { readPdf } from './pdf';
import { checkPdfStreams } from './pdf-streams';
import { readPlainText } from './plain-text';
import { pptxReader } from './pptx';
import type { Acceptance, Reader, ReaderInput, ReaderTable } from './reader';
import { rtfReader } from './rtf';
import { sectionLocation } from './sections';
import { xlsReader } from './xls';
import { xlsxReader } from './xlsx';

// THE reader table (issue 39 item 8, docs/decisions/120): one reader per kind of contracts' DOCUMENT_FORMATS —
// the compiler flags a kind without one. Uploads, archive entries, mail attachments (and the file shares to
// come) are all read through extractDocument, which reads through this table and nothing else.

/** What checkContent says of the bytes of a kind it knows, as an acceptance. */
function checked(kind: DocumentKind, bytes: Uint8Array, mediaType: string): Acceptance {
  try {
    return { accepted: true, text: checkContent(kind, bytes, mediaType) };
  } catch (err) {
    if (err instanceof ExtractionError) return { accepted: false, reason: err.reason };
    throw err;
  }
}

/** A reader of text in some charset (decoded by checkContent). */
function textReader(
  kind: DocumentKind,
  read: (text: string, fallbackTitle: string) => DocumentText,
  extra: Partial<Reader> = {},
): Reader {
  return {
    accepts: (bytes, mediaType) => checked(kind, bytes, mediaType),
    read: async (input: ReaderInput) => read(input.text ?? '', baseName(input.fileName)),
    limits: [],
    ...extra,
  };
}

function readHtml(text: string, fallbackTitle: string): DocumentText {
  const { title, blocks } = htmlToText(text);
  const record = rowRecordOf(text);
  return {
    ...(record === undefined ? {} : { records: [record] }),
    title: title ?? fallbackTitle,
    parts: new Set(blocks.map((b) => b.heading)).size,
    documentDate: null,
    blocks: blocks.map((b) => ({ location: sectionLocation(b.heading), text: b.text })),
    people: [],
    organisations: [],
  };
}

export const READERS: ReaderTable = {
  pdf: {
    accepts: (bytes, mediaType) => checked('pdf', bytes, mediaType),
    async read(input, context) {
      // pdf.js inflates streams without a bound and outside the heap limit: measured first (ADR 019).
      await checkPdfStreams(input.bytes);
      return readPdf(input.bytes, baseName(input.fileName), context);
    },
    limits: ['ocrMaxPages', 'ocrSliceSeconds', 'ocrMaxPixels', 'ocrLanguages', 'memoryMb'],
  },
  docx: {
    accepts(bytes, mediaType) {
      if (isEncryptedOffice(bytes)) return { accepted: false, reason: protectedReason('Word document') };
      return checked('docx', bytes, mediaType);
    },
    read: (input) => readDocx(input.bytes, baseName(input.fileName)),
    limits: [],
  },
  odt: odfReader('odt'),
  rtf: rtfReader,
  xlsx: xlsxReader,
  xls: xlsReader,
  ods: odfReader('ods'),
  csv: textReader('csv', readCsv),
  pptx: pptxReader,
  odp: odfReader('odp'),
  txt: textReader('txt', readPlainText),
  event: textReader('event', readCalendarEvent),
  md: textReader('md', readMarkdown),
  html: textReader('html', readHtml),
  eml: {
    accepts: (bytes, mediaType) => checked('eml', bytes, mediaType),
    read: (input, context) => readEmail(input.bytes, baseName(input.fileName), context),
    limits: ['ocrInlineImages'],
  },
  image: imageReader,
  zip: zipReader,
  code: textReader('code', readCode, { splitIdentifiers: true }),
  json: textReader('json', readCode, { splitIdentifiers: true }),
};
