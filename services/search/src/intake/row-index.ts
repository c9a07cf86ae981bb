import { setImmediate as nextTurn } from 'node:timers/promises';
import type { IndexedDocument } from '../documents/documents.repository';
import { extractDocument } from '../extraction';

// A row's passages and facts, made as the intake is taken (docs/decisions/061-database-rows-indexed-by-the-sync.md,
// docs/decisions/170-sources-service.md: the sources service renders the row, this service indexes it).
// A row is a few hundred bytes of labelled text: queued as an extraction job it cost a job's insert, take,
// lease, status and delete, and the take reads the whole due queue each time (100,000 queued rows: ~1 s a take
// of 50), which held a table's first sync to ~60 rows/s end to end. The sync now runs the same extraction as
// any document (extractDocument on the row's HTML: the same title, fields, dates, amounts, people and
// organisations) and indexes the batch in the transaction that takes it from the intake.
//
// It runs on the service's event loop, so it is bounded twice: a row whose document is larger than
// INLINE_ROW_MAX_BYTES (a long text cell) goes through the extraction job and its child process, bounded in
// memory and time, as before; and the loop lets requests run at least every SLICE_MS.

/** A row's document larger than this is extracted by the extraction job (the child process), not inline. */
export const INLINE_ROW_MAX_BYTES = 64 * 1024;
/**
 * The longest the sync extracts rows before it lets the service's requests run — and the drain's own statements,
 * whose answers wait for the slice under way while the read-ahead extracts (docs/decisions/251).
 */
const SLICE_MS = 2;

/** A row's document as the intake holds it: its name and its HTML. */
export interface RowDocument {
  name: string;
  html: Buffer;
}

/** What indexDocuments needs of a row, besides its document id and user. */
export type RowExtraction = Omit<IndexedDocument, 'id' | 'userId'>;

const documentDay = (iso: string | null): string | null => {
  const day = iso === null ? undefined : /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0];
  return day !== undefined && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null;
};

/**
 * One row's extraction, exactly as the extraction job would make it; undefined when the row goes to the job
 * instead (too large, or extraction refused it: the job then fails it with a reason to show, as for a file).
 */
export async function extractRow(row: RowDocument): Promise<RowExtraction | undefined> {
  if (row.html.byteLength > INLINE_ROW_MAX_BYTES) return undefined;
  try {
    const extracted = await extractDocument({ bytes: row.html, fileName: row.name, mediaType: 'text/html' });
    const day = documentDay(extracted.documentDate);
    return {
      title: extracted.title,
      parts: extracted.parts,
      passages: extracted.passages,
      documentDate: day,
      sentAt: day === null ? null : extracted.documentDate,
      records: extracted.records,
    };
  } catch {
    return undefined;
  }
}

/** Many rows' extractions by row id (a row that goes to the job is missing), yielding to requests as it goes. */
export async function extractRows(
  rows: Iterable<[string, RowDocument]>,
): Promise<Map<string, RowExtraction>> {
  const extracted = new Map<string, RowExtraction>();
  let sliceStarted = performance.now();
  for (const [rowId, row] of rows) {
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    const extraction = await extractRow(row);
    if (extraction !== undefined) extracted.set(rowId, extraction);
  }
  return extracted;
}

/**
 * Statements on a row batch hold at most this many documents or WRITE_SLICE_BYTES of them (the drain's writes, the
 * read-ahead's analysis): every statement on the service's pool must end within DB_STATEMENT_TIMEOUT_MS
 * (docs/decisions/061: 300 rows a slice).
 */
export const WRITE_SLICE_ROWS = 300;
export const WRITE_SLICE_BYTES = 256 * 1024;

/** Consecutive slices of `items`, each at most `rows` long and `bytes` large (one item always goes). */
export function slices<T>(items: T[], rows: number, bytes: number, size: (item: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let held = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= rows || held + size(item) > bytes)) {
      out.push(current);
      current = [];
      held = 0;
    }
    current.push(item);
    held += size(item);
  }
  if (current.length > 0) out.push(current);
  return out;
}
