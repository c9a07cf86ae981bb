// The extraction module of the search service (issue 10 parts 2, 3 and 5): bytes of an upload in, the
// document's passages with their location and facts out. The interface is agreed with the service that
// stores and indexes the result; keep it stable.

import { readCsv } from './csv';
import { checkContent, claimedKind, type DocumentKind, ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { readDocx } from './docx';
import { readEmail } from './email';
import { type ExtractedFacts, factsOf } from './facts';
import { withCompoundParts } from './compound-words';
import { baseName, fileNameWords } from './file-name';
import { htmlToText } from './html-text';
import { readMarkdown } from './markdown';
import { type Passage, splitIntoPassages } from './passages';
import { readPdf } from './pdf';
import { checkPdfStreams } from './pdf-streams';
import { readPlainText } from './plain-text';
import { splitQuoted } from './quoted-text';
import { sectionLocation } from './sections';

export { ExtractionError };
export type { ExtractedFacts };

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
  kind: DocumentKind;
  title: string;
  parts: number;
  /** ISO 8601; the PDF's creation date or the email's Date header, else null. */
  documentDate: string | null;
  passages: (ExtractedPassage & { facts: ExtractedFacts; fields: PassageFields })[];
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
}

function readHtml(text: string, fallbackTitle: string): DocumentText {
  const { title, blocks } = htmlToText(text);
  return {
    title: title ?? fallbackTitle,
    parts: new Set(blocks.map((b) => b.heading)).size,
    documentDate: null,
    blocks: blocks.map((b) => ({ location: sectionLocation(b.heading), text: b.text })),
    people: [],
    organisations: [],
  };
}

/** The text of a file of a kind already checked against its content. */
async function readKind(kind: DocumentKind, file: UploadedFile, text: string | null): Promise<DocumentText> {
  const title = baseName(file.fileName);
  const content = text ?? '';
  switch (kind) {
    case 'pdf':
      // pdf.js inflates streams without a bound and outside the heap limit: measured first (ADR 019).
      await checkPdfStreams(file.bytes);
      return readPdf(file.bytes, title);
    case 'docx':
      return readDocx(file.bytes, title);
    case 'eml':
      // An attachment that is itself an email is not opened: one level of attachments is what people search.
      return readEmail(file.bytes, title, async (attachment) => {
        const attachedKind = claimedKind(attachment.fileName, attachment.mediaType);
        if (attachedKind === 'eml') return null;
        return readKind(
          attachedKind,
          attachment,
          checkContent(attachedKind, attachment.bytes, attachment.mediaType),
        );
      });
    case 'html':
      return readHtml(content, title);
    case 'md':
      return readMarkdown(content, title);
    case 'csv':
      return readCsv(content, title);
    case 'txt':
      return readPlainText(content, title);
  }
}

/**
 * A document with no text (an email of images alone, a table of empty rows) is still found by its title,
 * file name and people, which every passage carries as fields: it gets one passage with no text.
 */
function passagesOrTitleOnly(passages: Passage[]): Passage[] {
  return passages.length > 0 ? passages : [{ ordinal: 0, location: '', text: '' }];
}

/**
 * Extracts an uploaded file. Throws ExtractionError with a reason to show the user when the content does
 * not match the type, or the file is encrypted or damaged; any other error is a bug and propagates.
 */
export async function extractDocument(input: UploadedFile): Promise<ExtractedDocument> {
  const kind = claimedKind(input.fileName, input.mediaType);
  const text = checkContent(kind, input.bytes, input.mediaType);
  const document = await readKind(kind, input, text);
  // Relative dates in an undated document ("next Friday") are read from the day it is indexed.
  const reference = document.documentDate ?? new Date();
  const title = document.title ?? baseName(input.fileName);
  const name = fileNameWords(input.fileName);
  return {
    kind,
    title,
    parts: document.parts,
    documentDate: document.documentDate?.toISOString() ?? null,
    passages: passagesOrTitleOnly(splitIntoPassages(document.blocks)).map(
      ({ title: blockTitle, ...passage }) => {
        const facts = factsOf(passage.text, reference, document);
        const { own, quoted } = splitQuoted(passage.text);
        return {
          ...passage,
          facts,
          fields: {
            title: withCompoundParts(blockTitle ? `${title}\n${blockTitle}` : title),
            name,
            people: peopleWords(facts.people),
            body: withCompoundParts(own),
            quoted: withCompoundParts(quoted),
          },
        };
      },
    ),
  };
}
