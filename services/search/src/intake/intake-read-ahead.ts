import type { DatabaseHandle } from '@trove/service-core';
import { type AnalysedPassage, analysePassages } from '../documents/documents.repository';
import { type IntakeRow, oldestIntake } from './intake.repository';
import { extractRows, type RowExtraction, slices, WRITE_SLICE_BYTES, WRITE_SLICE_ROWS } from './row-index';

// The intake's read-ahead (docs/decisions/251): as soon as the drain takes a batch, the rows after it are read,
// their inline rows extracted and their passages analysed (PostgreSQL's to_tsvector, on another connection than
// the drain's), up to `aheadBatches` batches and one batch's bytes ahead. Before, the next batch was read and
// extracted only once the drain's transaction had begun, and analysed inside it: the service sat idle a third of
// a 100,000-row first sync while PostgreSQL wrote, and PostgreSQL waited while the service extracted. What is
// read ahead is a guess: the drain takes its rows again under the intake's turn and extracts any row the
// read-ahead has not.

/**
 * An inline row's extraction — with its passages analysed when it was read ahead, a PostgreSQL statement on
 * another connection than the drain's — or null: tried, and the row goes to the extraction job.
 */
export type Extracted = (RowExtraction & { analysed?: readonly AnalysedPassage[] }) | null;

export interface ReadAheadSettings {
  batchRows: number;
  batchBytes: number;
  /** How many batches are read and extracted ahead of the one being written, at most. */
  aheadBatches: number;
}

export interface ReadAhead {
  /**
   * The extractions made ahead for these rows (the batch the drain just took, in id order), waiting for a read
   * under way that holds some of them; then reads on past them.
   */
  take(rows: readonly IntakeRow[]): Promise<Map<string, Extracted>>;
  /** Stops reading ahead, once the read under way has ended. */
  close(): Promise<void>;
}

function* inlinePuts(rows: readonly IntakeRow[]): Iterable<[string, { name: string; html: Buffer }]> {
  for (const row of rows)
    if (row.op === 'put' && row.inline && row.body !== null)
      yield [row.id, { name: row.name ?? '', html: row.body }];
}

/** The inline rows' extractions, by intake id (null for a row extraction left to the job). */
export async function extractInline(rows: readonly IntakeRow[]): Promise<Map<string, Extracted>> {
  const extracted = await extractRows(inlinePuts(rows));
  const out = new Map<string, Extracted>();
  for (const [id] of inlinePuts(rows)) out.set(id, extracted.get(id) ?? null);
  return out;
}

/**
 * The rows' extractions with their passages analysed, a statement a write slice (the drain's bound on a
 * statement). A slice whose statement fails keeps its extractions, unanalysed: the drain analyses them.
 */
async function withAnalysed(
  db: DatabaseHandle,
  rows: readonly IntakeRow[],
  extracted: Map<string, Extracted>,
): Promise<void> {
  const made = rows.flatMap((row) => {
    const extraction = extracted.get(row.id);
    return extraction ? [{ extraction, size: row.size }] : [];
  });
  for (const slice of slices(made, WRITE_SLICE_ROWS, WRITE_SLICE_BYTES, (made) => made.size)) {
    const analysed = await analysePassages(
      db,
      slice.map(({ extraction }) => ({ id: '', userId: '', passages: extraction.passages })),
    ).catch(() => undefined);
    if (analysed === undefined) continue;
    let at = 0;
    for (const { extraction } of slice) {
      extraction.analysed = analysed.slice(at, at + extraction.passages.length);
      at += extraction.passages.length;
    }
  }
}

const maxId = (a: bigint, b: bigint) => (a > b ? a : b);

export function readAhead(db: DatabaseHandle, settings: ReadAheadSettings): ReadAhead {
  /** Every row read ahead and not taken yet, by id: its extraction (none when it is not an inline put), its bytes. */
  const ready = new Map<string, { extracted: Extracted | undefined; size: number }>();
  let readyBytes = 0;
  /** The last id read ahead or taken: the next read starts after it. */
  let after = 0n;
  /** The last id the drain took: what is read at or before it is of no use. */
  let taken = 0n;
  let closed = false;
  /** The read under way: the ids after `from` it may hold, and its end. */
  let current: { from: bigint; done: Promise<boolean> } | undefined;
  let running = false;

  // Rows up to `aheadBatches` batches, but bodies up to one batch's bytes in all: an extraction holds many times
  // its row's bytes, so 8 MB of 64 KB rows ahead is as much as the service keeps (it kept one batch before).
  const room = () =>
    ready.size < settings.aheadBatches * settings.batchRows && readyBytes < settings.batchBytes;

  const readOnce = async (from: bigint): Promise<boolean> => {
    const rows = await oldestIntake(db, settings.batchRows, settings.batchBytes - readyBytes, {
      afterId: String(from),
    });
    const last = rows.at(-1);
    if (last === undefined) return false;
    after = maxId(after, BigInt(last.id));
    const extracted = await extractInline(rows);
    await withAnalysed(db, rows, extracted);
    for (const row of rows) {
      if (BigInt(row.id) <= taken || ready.has(row.id)) continue;
      ready.set(row.id, { extracted: extracted.get(row.id), size: row.size });
      readyBytes += row.size;
    }
    return true;
  };

  const run = async () => {
    running = true;
    try {
      while (!closed && room()) {
        const from = after;
        const done = readOnce(from);
        current = { from, done };
        // A failed read is only a guess lost: the drain extracts those rows itself.
        if (!(await done.catch(() => false))) return;
      }
    } finally {
      current = undefined;
      running = false;
    }
  };

  const forget = (id: string) => {
    readyBytes -= ready.get(id)?.size ?? 0;
    ready.delete(id);
  };

  return {
    async take(rows) {
      const last = rows.at(-1);
      const found = new Map<string, Extracted>();
      if (last === undefined) return found;
      const lastId = BigInt(last.id);
      // A read under way that may hold some of these rows is waited for, rather than extracting them twice.
      while (current !== undefined && lastId > current.from) await current.done.catch(() => false);
      for (const row of rows) {
        const extraction = ready.get(row.id)?.extracted;
        if (extraction !== undefined) found.set(row.id, extraction);
        forget(row.id);
      }
      taken = maxId(taken, lastId);
      after = maxId(after, lastId);
      // Rows another instance took, or read ahead past and taken since: nothing will ask for them.
      for (const id of [...ready.keys()]) if (BigInt(id) <= taken) forget(id);
      if (!running && !closed) void run();
      return found;
    },
    async close() {
      closed = true;
      await current?.done.catch(() => false);
    },
  };
}
