import {
  type DatabaseMapping,
  DatabaseConnectionSchema,
  type DatabaseSourceKind,
  type SourceProblem,
  type SqliteSettings,
  SqliteSettingsSchema,
  type DatabaseServerSettings,
} from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { deleteDocumentsIn, indexDocuments } from '../../documents/documents.repository';
import type { ListedIds, SavedSource, SourceContext, SyncRun, SyncStep } from '../kinds/source-kind';
import { DatabaseError, type DatabaseReader, KEY_CHANGED, KEY_ID, type RowSource } from './database-reader';
import {
  checkColumns,
  type DatabaseSourceOptions,
  type DatabaseTarget,
  mappedColumns,
  openReader,
  rowSource,
} from './database-source';
import {
  insertRowDocuments,
  type RowCursor,
  rowCursor,
  rowIdentities,
  saveRowCursor,
} from './database-sources.repository';
import { type RenderedRow, type Row, renderRow, rowsLabel } from './row-document';
import { extractRow, extractRows, type RowExtraction, slices } from './row-index';

// A database source's sync steps (issue 22; docs/decisions/052-database-sources.md), for the sync life cycle
// (source-sync.ts), which holds the lock and stores each step in its transaction:
// 1. With a changed-at column (delta): rows after the checkpoint in keyset order (changed_at, id) — so rows
//    sharing a timestamp are never skipped at a batch's edge — a batch of at most SOURCE_DB_BATCH_ROWS rows a
//    step, the keyset checkpoint saved in the same transaction: nothing is half-indexed and a crash resumes
//    after the last batch stored. Every SOURCE_DB_ID_SCAN_MINUTES `listIds` reads the server's ids, and the rows
//    gone take their documents with them.
// 2. Without one (full): every row in id order each sync, the same batches; the ids not seen are gone.
// Each row is one document (row-document.ts), known by (source, id): a row read again unchanged (same
// rendered bytes) is skipped, a changed one replaces its document, a new one is inserted — and indexed in the
// same transaction: the sync extracts its rows itself (row-index.ts, the same extraction as any document) and
// indexes each batch through the documents repository's indexDocuments, so a stored row is a searchable row
// (docs/decisions/061). Only a row too large to extract on the service's event loop gets an extraction job.
// The kinds read ahead: a batch is prepared (read from the server, rendered, extracted) while the one before it
// is written, so the sync's CPU and PostgreSQL's overlap on two cores.

/** A database kind's settings: a server's, or a SQLite file's. */
export type DatabaseKindSettings = DatabaseServerSettings | SqliteSettings;

/**
 * A batch is written in slices of at most this many rows or WRITE_SLICE_BYTES of documents (one row always
 * goes), each slice's documents inserted and indexed by statements of their own: indexing is ~1 ms of PostgreSQL
 * CPU a row, several times that in wall time on a loaded machine, and every statement on the service's pool must
 * end within the API's bound (DB_STATEMENT_TIMEOUT_MS, 3 s; the client gives up a second later) — a 1,000-row
 * indexing statement did not on the bench at load 14 (with JIT then on, ADR 067). The slices share the batch's
 * transaction. 300 rows: each slice updates the term statistics of every lexeme it holds once, and the labels
 * and common words of a table's rows are in every slice — 100 → 300 rows took the 100,000-row first sync from
 * 2,171–2,266 to 2,524 rows/s (500: 2,779, with slices nearer the bound under load; docs/decisions/061).
 */
const WRITE_SLICE_ROWS = 300;
const WRITE_SLICE_BYTES = 256 * 1024;

/** A source's mapping with its columns' types, which its rows' typed fields keep (docs/decisions/130). */
type TypedMapping = DatabaseMapping & { columns: readonly { name: string; type: string }[] };

/** Problems tried again by themselves; a wrong password, a refused query or a bad file wait for the user. */
export const DATABASE_RETRIED: ReadonlySet<SourceProblem> = new Set([
  'dns',
  'refused',
  'tcp',
  'tls',
  'server',
  'timeout',
  'database',
  'table',
  'column',
  'permission',
]);

/** What a reader opens for a source's settings: the server with its password, or the uploaded file. */
export function databaseTarget(
  kind: DatabaseSourceKind,
  settings: Readonly<Record<string, unknown>>,
  password: string,
): DatabaseTarget {
  if (kind === 'sqlite') return { kind, fileId: SqliteSettingsSchema.shape.file_id.parse(settings.file_id) };
  return { kind, connection: DatabaseConnectionSchema.parse(settings), password };
}

export const readerOptions = (context: SourceContext): DatabaseSourceOptions => ({
  reach: context.reach,
  limits: context.databases,
  runner: context.databases.runner,
});

type DatabaseRun = SyncRun<DatabaseKindSettings, never>;
type DatabaseStep = SyncStep<never>;

/** What a run's steps leave for its `listIds`: the open reader, and the ids a full scan saw. */
interface OpenRun {
  reader: DatabaseReader;
  from: RowSource;
  idColumn: string;
  cursor: RowCursor;
  seen: Set<string> | null;
}

const openRuns = new WeakMap<DatabaseRun, OpenRun>();

/** The steps of one run: the rows after the checkpoint, a batch a step, each prepared while the last is written. */
export function databaseSteps(kind: DatabaseSourceKind) {
  return async function* steps(run: DatabaseRun): AsyncGenerator<DatabaseStep> {
    const { source, db } = run;
    const mapping: DatabaseMapping = source.settings;
    const from = rowSource(kind, mapping);
    if (from === null) throw new DatabaseError('table', 'The source names no table and no query.');
    const reader = await openReader(
      db,
      databaseTarget(kind, source.settings, source.password),
      readerOptions(run.context),
    );
    // Closed by the life cycle after listIds, which reads the same reader.
    run.closeAfter(() => reader.close());
    const columns = await reader.columns(from);
    checkColumns(columns, mapping);
    const typed: TypedMapping = { ...mapping, columns };
    const delta = mapping.changed_at_column !== null;
    const cursor: RowCursor = delta
      ? await rowCursor(db, source.id)
      : { changedAt: null, rowId: null, scannedAt: null };
    const state: OpenRun = {
      reader,
      from,
      idColumn: mapping.id_column,
      cursor,
      seen: delta ? null : new Set(),
    };
    openRuns.set(run, state);
    yield* rowBatches(run, state, typed, delta);
  };
}

async function* rowBatches(
  run: DatabaseRun,
  state: OpenRun,
  mapping: TypedMapping,
  delta: boolean,
): AsyncGenerator<DatabaseStep> {
  const { source, db } = run;
  const folder = rowsLabel(mapping);
  const { cursor, reader, from } = state;
  let after: { changedAt: string | null; id: string } | null =
    delta && cursor.rowId !== null ? { changedAt: cursor.changedAt, id: cursor.rowId } : null;
  const keyset = { changedAt: mapping.changed_at_column, id: mapping.id_column };
  const columns = mappedColumns(mapping);
  const limit = run.context.databases.batchRows;
  for (;;) {
    const { rows, more } = await reader.rows(from, { keyset, after, limit, columns });
    const last = rows.at(-1);
    if (last === undefined) return;
    after = { changedAt: (last[KEY_CHANGED] as string | null) ?? null, id: String(last[KEY_ID] ?? '') };
    for (const row of rows) state.seen?.add(String(row[KEY_ID] ?? ''));
    const batch: PreparedBatch = {
      ...(await prepareBatch(db, source, mapping, rows)),
      checkpoint: delta ? after : null,
      last: !more,
    };
    yield {
      count: batch.rows,
      fresh: batch.fresh,
      write: (tx) => storeBatch(tx, source, folder, batch),
    };
    if (batch.last) return;
  }
}

/**
 * The ids on the server now: those a full scan saw, or for a delta source every SOURCE_DB_ID_SCAN_MINUTES
 * the server's ids (null between scans); the scan's time is saved with the last deletion.
 */
export async function databaseIds(run: DatabaseRun): Promise<ListedIds | null> {
  const state = openRuns.get(run);
  if (state === undefined) return null;
  if (state.seen !== null) return { present: state.seen };
  const now = run.context.now();
  const due =
    state.cursor.scannedAt === null ||
    state.cursor.scannedAt.getTime() + run.context.databases.idScanMinutes * 60_000 <= now.getTime();
  if (!due) return null;
  const present = await serverIds(state.reader, state.from, state.idColumn, run.context.databases.batchRows);
  return {
    present,
    write: (tx) => saveRowCursor(tx, run.source.id, { scannedAt: now }),
  };
}

/** Every id on the server, in pages of the row cap. */
async function serverIds(
  reader: DatabaseReader,
  from: RowSource,
  idColumn: string,
  pageSize: number,
): Promise<Set<string>> {
  const ids = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const page = await reader.ids(from, idColumn, after, pageSize);
    for (const id of page) ids.add(id);
    const last = page.at(-1);
    if (last === undefined || page.length < pageSize) return ids;
    after = last;
  }
}

/** A batch read and made ready to store: its rows rendered, and extracted where they look new or changed. */
interface PreparedBatch {
  /** How many rows were read (a query may give an id twice). */
  rows: number;
  /** Rows with no document yet (new documents, for the user's bound). */
  fresh: number;
  /** By row id; the last row read stands for an id. */
  rendered: Map<string, RenderedRow>;
  /** By row id: the rows not known with the same bytes when the batch was read, except those for the job. */
  extracted: Map<string, RowExtraction>;
  checkpoint: { changedAt: string | null; id: string } | null;
  /** The page was not full (by rows or bytes): nothing after it. */
  last: boolean;
}

/**
 * Renders a batch and extracts the rows that look new or changed. Done outside the write's transaction (while
 * the batch before is written), so the identities read here only save extracting unchanged rows: the write
 * reads them again under its locks and decides there.
 */
async function prepareBatch(
  db: DatabaseHandle,
  source: SavedSource<DatabaseKindSettings>,
  mapping: TypedMapping,
  rows: Row[],
): Promise<Omit<PreparedBatch, 'checkpoint' | 'last'>> {
  const rendered = new Map(
    rows.map((row) => [String(row[KEY_ID] ?? ''), renderRow(row, mapping, mapping.columns)]),
  );
  const known = await rowIdentities(db, source.id, [...rendered.keys()]);
  const changed = [...rendered].filter(([rowId, row]) => known.get(rowId)?.sha256 !== row.sha256);
  const fresh = [...rendered.keys()].filter((rowId) => !known.has(rowId)).length;
  return { rows: rows.length, rendered, fresh, extracted: await extractRows(changed) };
}

/**
 * One batch, written in the step's transaction: new rows become documents, changed rows replace theirs,
 * unchanged rows are left; the new documents are indexed (passages, postings, statistics) in the same
 * transaction, and the keyset checkpoint moves with them: a crash leaves a batch wholly stored and searchable,
 * or not at all. Answers how many of its documents went to the extraction job instead (too large).
 */
async function storeBatch(
  tx: DatabaseHandle,
  source: SavedSource<DatabaseKindSettings>,
  folder: string,
  batch: PreparedBatch,
): Promise<{ queued: number }> {
  const known = await rowIdentities(tx, source.id, [...batch.rendered.keys()]);
  const replaced: string[] = [];
  const fresh: { rowId: string; row: RenderedRow }[] = [];
  for (const [rowId, row] of batch.rendered) {
    const identity = known.get(rowId);
    if (identity !== undefined && identity.sha256 === row.sha256) continue;
    if (identity !== undefined) replaced.push(identity.documentId);
    fresh.push({ rowId, row });
  }
  // The old document goes with its identity (cascade) and out of the index and statistics.
  for (const slice of slices(replaced, WRITE_SLICE_ROWS, Number.POSITIVE_INFINITY, () => 0))
    await deleteDocumentsIn(tx, source.userId, slice);
  // A batch's names must be distinct (the repository matches ids by name): the last row stands for a name.
  const named = [...new Map(fresh.map((entry) => [entry.row.name, entry])).values()];
  let indexed = 0;
  for (const slice of slices(
    named,
    WRITE_SLICE_ROWS,
    WRITE_SLICE_BYTES,
    (entry) => entry.row.html.byteLength,
  )) {
    const extractions: (RowExtraction | undefined)[] = [];
    // A row the preparation found unchanged but is not now (rare: its identity went meanwhile) is read here.
    for (const { rowId, row } of slice)
      extractions.push(batch.extracted.get(rowId) ?? (await extractRow(row)));
    const ids = await insertRowDocuments(tx, {
      sourceId: source.id,
      userId: source.userId,
      folder,
      rows: slice.map(({ rowId, row }, index) => ({
        rowId,
        name: row.name,
        bytes: row.html,
        sha256: row.sha256,
        queued: extractions[index] === undefined,
      })),
    });
    const documents = ids.flatMap((id, index) => {
      const extraction = extractions[index];
      return extraction === undefined ? [] : [{ id, userId: source.userId, ...extraction }];
    });
    await indexDocuments(tx, documents);
    indexed += documents.length;
  }
  if (batch.checkpoint !== null)
    await saveRowCursor(tx, source.id, {
      changedAt: batch.checkpoint.changedAt,
      rowId: batch.checkpoint.id,
    });
  return { queued: named.length - indexed };
}
