// The extraction module of the search service (issue 10 parts 2, 3 and 5): bytes of an upload in, the
// document's passages with their location and facts out. The interface is agreed with the service that
// stores and indexes the result; keep it stable.

import { DOCUMENT_FORMATS, documentKindOf } from '@trove/contracts';
import { withIdentifierParts } from './code';
import { withCompoundParts } from './compound-words';
import { claimedKind, type DocumentKind, ExtractionError } from './detect-kind';
import type { DocumentRecord } from '@trove/contracts';
import type { ContainedFile, TextRecord } from './document-text';
import { type ExtractedFacts, factsOf } from './facts';
import { baseName, fileNameWords } from './file-name';
import { type Passage, splitIntoPassages } from './passages';
import {
  DEFAULT_EXTRACTION_SETTINGS,
  type ExtractionSettings,
  type ReadContext,
  type ReadingResume,
  ReadingSuspended,
} from './reader';
import { READERS } from './readers';
import { sniffKind } from './sniff';
import { splitQuoted } from './quoted-text';

export { DEFAULT_EXTRACTION_SETTINGS, ExtractionError, ReadingSuspended };
export type { ReadingResume };
export type { ContainedFile, ExtractedFacts, ExtractionSettings };

export interface ExtractedPassage {
  ordinal: number;
  location: string;
  text: string;
}

/**
 * What the index weighs apart (issue 19 item 1, docs/decisions/036-search-fields.md): words in a title or a
 * name say more about a passage than the same words in its text.
 */
export interface PassageFields {
  /** The document's title (an email's subject), and an attachment's file name for its passages. */
  title: string;
  /** The uploaded file's name, as words. */
  name: string;
  /** The people of its facts: names, addresses, and the addresses' parts ("ann lee acme com"). */
  people: string;
  /** The passage's own text. */
  body: string;
  /** Quoted replies: searchable, weighing less than the passage's own words. */
  quoted: string;
}

export interface ExtractedDocument {
  /** What it was read as: its name's kind, or its content's when the name lies. */
  kind: DocumentKind;
  title: string;
  parts: number;
  /** ISO 8601; the PDF's creation date or the email's Date header, else null. */
  documentDate: string | null;
  passages: (ExtractedPassage & { facts: ExtractedFacts; fields: PassageFields })[];
  /** What the person should know about how it was read (shown on the document); empty when nothing. */
  notes: string[];
  /** Archive entries and attachments, to become documents of their own (docs/decisions/121). */
  contained: { name: string; mediaType: string; kind: DocumentKind; bytes: Uint8Array }[];
  /** Its rows as typed fields (docs/decisions/130), each with the ordinal of the passage that holds it. */
  records: ExtractedRecord[];
}

export interface ExtractedRecord extends DocumentRecord {
  passage: number;
}

/**
 * Each record with its collection (the document's base name when the reader named none) and the passage that
 * holds its line: rows are found in order, so each search starts where the last one ended.
 */
function placeRecords(
  records: readonly TextRecord[],
  passages: readonly Passage[],
  base: string,
): ExtractedRecord[] {
  let at = 0;
  return records.map((record) => {
    const probe = record.line.slice(0, 80);
    if (probe !== '') {
      for (let ordinal = at; ordinal < passages.length; ordinal++) {
        if (passages[ordinal]?.text.includes(probe)) {
          at = ordinal;
          break;
        }
      }
    }
    return {
      collection: record.collection ?? base,
      location: record.location,
      fields: record.fields,
      passage: at,
    };
  });
}

/**
 * Contained files with the kind their own job will claim: by name or media type, else by content — then the
 * media type is the kind's, so the name and media type say it.
 */
function containedDocuments(files: readonly ContainedFile[]): ExtractedDocument['contained'] {
  return files.flatMap((file) => {
    const named = documentKindOf(file.name, file.mediaType);
    const kind = named ?? sniffKind(file.bytes);
    if (kind === undefined) return [];
    const mediaType =
      named === undefined ? (DOCUMENT_FORMATS[kind].mediaTypes[0] ?? file.mediaType) : file.mediaType;
    return [{ name: file.name, mediaType, kind, bytes: file.bytes }];
  });
}

function peopleWords(people: ExtractedFacts['people']): string {
  return people
    .map((person) =>
      person.email === undefined
        ? person.name
        : `${person.name} ${person.email} ${person.email.replace(/[^\p{L}\p{N}]+/gu, ' ')}`,
    )
    .join('\n');
}

export interface UploadedFile {
  bytes: Uint8Array;
  fileName: string;
  mediaType: string;
  /** How many containers (archives, messages) it came out of; 0 for an upload or a synced message. */
  depth?: number;
  /** The subject of the message it is attached to: its title reads "name — in: subject". */
  attachedTo?: string | null;
  /** What earlier turns of this file's reading read (ReadingSuspended). */
  resume?: ReadingResume;
}

/**
 * The kind to read a file as: its name's, when its content agrees; else its content's, when that is a kind
 * with a signature (a PDF named .docx is read as the PDF it is, and the document says so); else the reason.
 */
function kindToRead(input: UploadedFile): { kind: DocumentKind; text: string | null; notes: string[] } {
  if (input.bytes.length === 0) throw new ExtractionError('This file is empty.');
  const claimed = claimedKind(input.fileName, input.mediaType);
  const acceptance = READERS[claimed].accepts(input.bytes, input.mediaType);
  if (acceptance.accepted) return { kind: claimed, text: acceptance.text, notes: [] };
  const actual = sniffKind(input.bytes);
  if (actual !== undefined && actual !== claimed) {
    const real = READERS[actual].accepts(input.bytes, input.mediaType);
    if (real.accepted) {
      const note = `Its name says it is ${DOCUMENT_FORMATS[claimed].article}, but it is ${DOCUMENT_FORMATS[actual].article}; it was read as one.`;
      return { kind: actual, text: real.text, notes: [note] };
    }
    if (real.reason !== undefined) throw new ExtractionError(real.reason);
  }
  throw new ExtractionError(
    acceptance.reason ??
      `This file says it is ${DOCUMENT_FORMATS[claimed].article} but its content is not ${claimed === 'pdf' ? 'a PDF' : 'one'}.`,
  );
}

/** "invoice.xlsx — in: Q3 numbers": an attachment named as results and citations show it (issue 39 item 6). */
export const attachmentTitle = (fileName: string, subject: string) => `${fileName} — in: ${subject}`;

/**
 * A document with no text (an email of images alone, a table of empty rows) is still found by its title,
 * file name and people, which every passage carries as fields: it gets one passage with no text.
 */
function passagesOrTitleOnly(passages: Passage[]): Passage[] {
  return passages.length > 0 ? passages : [{ ordinal: 0, location: '', text: '' }];
}

/**
 * Extracts an uploaded file (or an archive's entry, or a message's attachment) through the reader table.
 * Throws ExtractionError with a reason to show the user when the content does not match the type, or the
 * file is encrypted or damaged; any other error is a bug and propagates.
 */
export async function extractDocument(
  input: UploadedFile,
  settings: ExtractionSettings = DEFAULT_EXTRACTION_SETTINGS,
): Promise<ExtractedDocument> {
  const { kind, text, notes } = kindToRead(input);
  const reader = READERS[kind];
  const context: ReadContext = {
    settings,
    // Long work (OCR) stops at four fifths of the file's clock, so it ends with a note, not killed.
    deadline: Date.now() + settings.timeoutSeconds * 800,
    depth: input.depth ?? 0,
    ...(settings.ocrSliceSeconds > 0 ? { sliceEnd: Date.now() + settings.ocrSliceSeconds * 1000 } : {}),
    ...(input.resume === undefined ? {} : { resume: input.resume }),
  };
  const document = await reader.read({ ...input, text }, context);
  // Relative dates in an undated document ("next Friday") are read from the day it is indexed.
  const reference = document.documentDate ?? new Date();
  const ownTitle = document.title ?? baseName(input.fileName);
  const name = fileNameWords(input.fileName);
  const words = reader.splitIdentifiers === true ? withIdentifierParts : (body: string) => body;
  const passages = passagesOrTitleOnly(splitIntoPassages(document.blocks));
  return {
    kind,
    // An attachment is shown as "name — in: subject"; the index keeps its own title words.
    title: input.attachedTo ? attachmentTitle(input.fileName, input.attachedTo) : ownTitle,
    parts: document.parts,
    documentDate: document.documentDate?.toISOString() ?? null,
    notes: [...notes, ...(document.notes ?? [])],
    contained: containedDocuments(document.contained ?? []),
    records: placeRecords(document.records ?? [], passages, baseName(input.fileName)),
    passages: passages.map(({ title: blockTitle, ...passage }) => {
      const facts = factsOf(passage.text, reference, document);
      const { own, quoted } = splitQuoted(passage.text);
      return {
        ...passage,
        facts,
        fields: {
          title: withCompoundParts(blockTitle ? `${ownTitle}\n${blockTitle}` : ownTitle),
          name,
          people: peopleWords(facts.people),
          body: withCompoundParts(words(own)),
          quoted: withCompoundParts(quoted),
        },
      };
    }),
  };
}
