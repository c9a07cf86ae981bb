import type { RecordField } from '@trove/contracts';
import type { MentionedDate } from './dates';
import type { TextBlock } from './passages';
import type { Person } from './people';

/**
 * A file found inside another that becomes a document of its own (docs/decisions/121): an archive's entry or a
 * message's attachment, read later by its own job with the same readers.
 */
export interface ContainedFile {
  /** Its name as the user sees it: "handover.zip › notes/intro.md", or an attachment's file name. */
  name: string;
  /** Its own file name (the last part of the path), which names its kind. */
  fileName: string;
  mediaType: string;
  bytes: Uint8Array;
  role: 'entry' | 'attachment';
}

/** What every reader returns: the document's text in blocks, before passages and facts. */
export interface DocumentText {
  title: string | null;
  parts: number;
  documentDate: Date | null;
  blocks: TextBlock[];
  /** Entities the document names as a whole (an email's headers), added to every passage's facts. */
  people: Person[];
  organisations: string[];
  /** What the person should know about how it was read: pages that could not be read, entries left out. */
  notes?: string[] | undefined;
  /** Files inside it that become documents of their own (archive entries, attachments). */
  contained?: ContainedFile[] | undefined;
  /** Its rows as typed fields (a table's row, a sheet's or CSV file's rows: docs/decisions/130). */
  records?: TextRecord[] | undefined;
  /**
   * Lines the reader wrote whose dates it knows, with those dates as the facts would read them (a calendar
   * event's "When:" line): a passage's facts take these and read only its other lines for more
   * (docs/decisions/219). A line the passages split is read as any other.
   */
  statedDates?: ReadonlyMap<string, readonly MentionedDate[]> | undefined;
}

/** A row of a document as typed fields, with the line of its text it was read from (to find its passage). */
export interface TextRecord {
  /** What its rows are called together; the document's base name when not given. */
  collection?: string | undefined;
  location: string;
  /** The row's text as its block holds it ('' for a document that is one record). */
  line: string;
  fields: RecordField[];
}
