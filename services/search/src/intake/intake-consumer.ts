import type { DatabaseHandle } from '@trove/service-core';
import { deleteDocumentsIn, indexDocuments } from '../documents/documents.repository';
import {
  deleteIntake,
  documentsOfKeys,
  documentsOfSource,
  type IntakeRow,
  insertSourceDocuments,
  intakeBodies,
  oldestIntake,
  renameSourceDocument,
  type SourceDocument,
  takeIntakeTurn,
} from './intake.repository';
import { type Extracted, extractInline, readAhead } from './intake-read-ahead';
import { slices, WRITE_SLICE_BYTES, WRITE_SLICE_ROWS } from './row-index';

// The search service takes what the sources service handed over (issue 34 item 1;
// docs/decisions/170-sources-service.md), in the order it was written, a batch a transaction:
// - put: a new key becomes a document; a key already indexed has its document replaced. A raw item (a message)
//   gets an extraction job, as an upload does; an `inline` row is extracted here and indexed in the same
//   transaction (docs/decisions/061): a taken row is a searchable row.
// - rename: the key's document is renamed (a message moved to another folder).
// - delete: the key's document leaves the index (and the statistics).
// - purge: every document of the source leaves, a slice a transaction.
// The batch's rows are deleted in the transaction that applied them: a crash applies a batch wholly or not at
// all, and the next drain takes it again. One drain at a time across instances (an advisory lock), so the order
// holds. The next batches are read and extracted while one is written (PostgreSQL's work and this process's
// overlap; intake-read-ahead.ts).

export interface IntakeSettings {
  /** Rows one transaction takes at most (a database sync hands over 1,000-row batches). */
  batchRows: number;
  /** About this many bytes of bodies a transaction takes at most (one row always). */
  batchBytes: number;
  /** Batches read and extracted ahead of the one being written, at most (docs/decisions/251). */
  aheadBatches: number;
}

// 8 MB: a take of 32 MB of bodies (64 MB of hex on the wire) outlasted the pool's 3 s statement bound on a machine
// at load 50 (ADR 205), and every later take met the same; 1,000 database rows are far below it.
export const INTAKE_DEFAULTS: IntakeSettings = {
  batchRows: 1_000,
  batchBytes: 8 * 1024 * 1024,
  aheadBatches: 1,
};

/** Documents a purge removes per transaction. */
const PURGE_SLICE = 500;

interface Drained {
  /** Intake rows applied. */
  rows: number;
  /** Documents queued for the extraction job. */
  queued: number;
}

/**
 * Applies every intake row waiting, a batch a transaction, until none is left or another instance holds the turn.
 * `onQueued` is told when a committed batch queued extraction jobs (the worker wakes).
 */
export async function drainIntake(
  db: DatabaseHandle,
  settings: IntakeSettings = INTAKE_DEFAULTS,
  onQueued?: () => void,
): Promise<Drained> {
  const total: Drained = { rows: 0, queued: 0 };
  const ahead = readAhead(db, settings);
  try {
    for (;;) {
      const done = await db.transaction().execute(async (tx) => {
        if (!(await takeIntakeTurn(tx))) return null;
        // No body comes with the batch: its inline rows were read and extracted ahead, and every original is
        // copied from its intake row inside PostgreSQL.
        const rows = await oldestIntake(tx, settings.batchRows, settings.batchBytes, { bodies: false });
        if (rows.length === 0) return null;
        const extracted = await ahead.take(rows);
        await extractMissed(tx, rows, extracted);
        return applyIntake(tx, rows, extracted);
      });
      if (done === null) return total;
      total.rows += done.rows;
      total.queued += done.queued;
      if (done.queued > 0) onQueued?.();
    }
  } finally {
    await ahead.close();
  }
}

/** The inline rows the read-ahead did not extract (the first batch of a drain, a failed read): read and done now. */
async function extractMissed(
  tx: DatabaseHandle,
  rows: readonly IntakeRow[],
  extracted: Map<string, Extracted>,
): Promise<void> {
  const missed = rows.filter((row) => row.op === 'put' && row.inline && !extracted.has(row.id));
  if (missed.length === 0) return;
  const bodies = await intakeBodies(
    tx,
    missed.map((row) => row.id),
  );
  const read = missed.map((row) => ({ ...row, body: bodies.get(row.id) ?? null }));
  for (const [id, extraction] of await extractInline(read)) extracted.set(id, extraction);
}

/** The rows in order: consecutive puts together, each other operation after the puts before it. */
async function applyIntake(
  tx: DatabaseHandle,
  rows: readonly IntakeRow[],
  extracted: ReadonlyMap<string, Extracted>,
): Promise<Drained> {
  const applied: string[] = [];
  let puts: IntakeRow[] = [];
  let queued = 0;
  const flush = async () => {
    queued += await storePuts(tx, puts, extracted);
    applied.push(...puts.map((row) => row.id));
    puts = [];
  };
  for (const row of rows) {
    if (row.op === 'put') {
      puts.push(row);
      continue;
    }
    await flush();
    if (row.op === 'purge') {
      // A large source is purged over several transactions: this one stops here, the purge row stays.
      if (!(await purgeSlice(tx, row))) break;
    } else if (row.op === 'delete' && row.key !== null) {
      const ids = await documentsOfKeys(tx, row.sourceId, [row.key]);
      await deleteDocumentsIn(tx, row.userId, [...ids.values()]);
    } else if (row.op === 'rename' && row.key !== null) {
      await renameSourceDocument(tx, row.sourceId, row.key, {
        name: row.name ?? '',
        folder: row.folder ?? '',
      });
    }
    applied.push(row.id);
  }
  await flush();
  await deleteIntake(tx, applied);
  return { rows: applied.length, queued };
}

/** Takes out up to PURGE_SLICE of the source's documents; true when none is left. */
async function purgeSlice(tx: DatabaseHandle, row: IntakeRow): Promise<boolean> {
  const ids = await documentsOfSource(tx, row.sourceId, PURGE_SLICE);
  if (ids.length === 0) return true;
  await deleteDocumentsIn(tx, row.userId, ids);
  return ids.length < PURGE_SLICE;
}

/** A run of puts: the documents of keys seen again go, then the new documents, indexed or queued. */
async function storePuts(
  tx: DatabaseHandle,
  rows: readonly IntakeRow[],
  extracted: ReadonlyMap<string, Extracted>,
): Promise<number> {
  if (rows.length === 0) return 0;
  // One per source and key: the last handed over stands for it.
  const byKey = new Map(rows.map((row) => [`${row.sourceId}\u0000${row.key ?? ''}`, row]));
  const latest = [...byKey.values()];
  await replaceKnown(tx, latest);
  let queued = 0;
  for (const slice of slices(latest, WRITE_SLICE_ROWS, WRITE_SLICE_BYTES, (row) => row.size)) {
    // A row without an extraction (a raw item, or an inline row extraction left to the job) gets a job.
    const extractions = slice.map((row) => (row.inline ? (extracted.get(row.id) ?? undefined) : undefined));
    const ids = await insertSourceDocuments(
      tx,
      slice.map(
        (row, index): SourceDocument => ({
          userId: row.userId,
          sourceId: row.sourceId,
          key: row.key ?? '',
          folder: row.folder ?? '',
          name: row.name ?? '',
          mediaType: row.mediaType ?? 'application/octet-stream',
          kind: row.format ?? 'txt',
          intakeId: row.id,
          queued: extractions[index] === undefined,
        }),
      ),
    );
    const documents = ids.flatMap((id, index) => {
      const extraction = extractions[index];
      const row = slice[index];
      return extraction === undefined || row === undefined ? [] : [{ id, userId: row.userId, ...extraction }];
    });
    // Passages analysed ahead are not analysed again, when every document of the slice has them.
    const analysed = documents.every((document) => document.analysed !== undefined)
      ? documents.flatMap((document) => document.analysed ?? [])
      : undefined;
    // Their ids are new this statement: nothing of theirs is indexed yet to look for and replace.
    await indexDocuments(tx, documents, analysed, { fresh: true });
    queued += slice.length - documents.length;
  }
  return queued;
}

/** The documents of keys handed over again (changed) leave the index before their new ones come in. */
async function replaceKnown(tx: DatabaseHandle, rows: readonly IntakeRow[]): Promise<void> {
  const bySource = new Map<string, IntakeRow[]>();
  for (const row of rows) {
    const ofSource = bySource.get(row.sourceId);
    if (ofSource === undefined) bySource.set(row.sourceId, [row]);
    else ofSource.push(row);
  }
  for (const [sourceId, ofSource] of bySource) {
    const known = await documentsOfKeys(
      tx,
      sourceId,
      ofSource.map((row) => row.key ?? ''),
    );
    const userId = ofSource[0]?.userId ?? '';
    const ids = [...known.values()];
    for (let start = 0; start < ids.length; start += WRITE_SLICE_ROWS)
      await deleteDocumentsIn(tx, userId, ids.slice(start, start + WRITE_SLICE_ROWS));
  }
}
