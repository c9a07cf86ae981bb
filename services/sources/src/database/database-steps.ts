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
import type { ListedIds, SavedSource, SourceContext, SyncRun, SyncStep } from '../kinds/source-kind';
import {
  DatabaseError,
  type DatabaseReader,
  KEY_CHANGED,
  KEY_ID,
  type RowPosition,
  type RowSource,
} from './database-reader';
import {
  checkColumns,
  type DatabaseSourceOptions,
  type DatabaseTarget,
  mappedColumns,
  openReader,
  rowSource,
} from './database-source';
import { handOverItems } from '../intake.repository';
import { itemIdentities, saveItemIdentities } from '../source-items.repository';
import { type RowCursor, rowCursor, saveRowCursor } from './database-sources.repository';
import { type RenderedRow, type Row, renderRow, rowsLabel } from '@trove/service-core/records';

// A database source's sync steps (issue 22; docs/decisions/052-database-sources.md), for the sync life cycle
// (source-sync.ts), which holds the lock and stores each step in its transaction:
// 1. With a changed-at column (delta): rows after the checkpoint in keyset order (changed_at, id) — so rows
//    sharing a timestamp are never skipped at a batch's edge — a batch of at most SOURCE_DB_BATCH_ROWS rows a
//    step, the keyset checkpoint saved in the same transaction: nothing is half-indexed and a crash resumes
//    after the last batch stored. Every SOURCE_DB_ID_SCAN_MINUTES `listIds` reads the server's ids, and the rows
//    gone take their documents with them.
// 2. Without one (full): every row in id order each sync, the same batches; the ids not seen are gone.
// Each row is one document (row-document.ts), known by (source, id): a row read again unchanged (same
// rendered bytes) is skipped, a new or changed one is handed to the index through the intake in the batch's
// transaction, marked `inline`: the search service extracts and indexes it in the transaction that takes it, no
// extraction job (docs/decisions/061, 170). The kinds read ahead: a batch is prepared (read from the server,
// rendered, hashed) while the one before it is written.

/** A database kind's settings: a server's, or a SQLite file's. */
export type DatabaseKindSettings = DatabaseServerSettings | SqliteSettings;

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
    const position: RowPosition = {
      keyset: { changedAt: mapping.changed_at_column, id: mapping.id_column },
      after: delta && cursor.rowId !== null ? { changedAt: cursor.changedAt, id: cursor.rowId } : null,
    };
    // The card's "of N" (issue 34 item 7): the rows still to read, counted before the first batch; a count
    // that does not answer in time leaves it at "so far".
    const total = await reader.count(from, position);
    if (total !== null) yield { total };
    yield* rowBatches(run, state, typed, position);
  };
}

async function* rowBatches(
  run: DatabaseRun,
  state: OpenRun,
  mapping: TypedMapping,
  position: RowPosition,
): AsyncGenerator<DatabaseStep> {
  const { source, db } = run;
  const folder = rowsLabel(mapping);
  const { reader, from } = state;
  const delta = position.keyset.changedAt !== null;
  let { after } = position;
  const { keyset } = position;
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

/** A batch read and made ready to store: its rows rendered. */
interface PreparedBatch {
  /** How many rows were read (a query may give an id twice). */
  rows: number;
  /** Rows with no identity yet (new documents, for the user's bound). */
  fresh: number;
  /** By row id; the last row read stands for an id. */
  rendered: Map<string, RenderedRow>;
  checkpoint: { changedAt: string | null; id: string } | null;
  /** The page was not full (by rows or bytes): nothing after it. */
  last: boolean;
}

/**
 * Renders a batch. Done outside the write's transaction (while the batch before is written); the identities read
 * here only count the new rows for the user's bound: the write reads them again under its locks and decides there.
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
  const known = await itemIdentities(db, source.id, [...rendered.keys()]);
  const fresh = [...rendered.keys()].filter((rowId) => !known.has(rowId)).length;
  return { rows: rows.length, rendered, fresh };
}

/**
 * One batch, written in the step's transaction: new and changed rows go to the intake (the index replaces a
 * changed row's document), unchanged rows are left, and the keyset checkpoint moves with them: a crash leaves a
 * batch wholly handed over, or not at all. Answers how many rows it handed over.
 */
async function storeBatch(
  tx: DatabaseHandle,
  source: SavedSource<DatabaseKindSettings>,
  folder: string,
  batch: PreparedBatch,
): Promise<{ queued: number }> {
  const known = await itemIdentities(tx, source.id, [...batch.rendered.keys()]);
  const changed = [...batch.rendered].filter(([rowId, row]) => known.get(rowId)?.sha256 !== row.sha256);
  const owner = { sourceId: source.id, userId: source.userId };
  await saveItemIdentities(
    tx,
    owner,
    changed.map(([rowId, row]) => ({ key: rowId, folder, sha256: row.sha256 })),
  );
  await handOverItems(
    tx,
    owner,
    changed.map(([rowId, row]) => ({
      key: rowId,
      folder,
      name: row.name,
      mediaType: 'text/html',
      format: 'html',
      bytes: row.html,
      inline: true,
    })),
  );
  if (batch.checkpoint !== null)
    await saveRowCursor(tx, source.id, {
      changedAt: batch.checkpoint.changedAt,
      rowId: batch.checkpoint.id,
    });
  return { queued: changed.length };
}
