import {
  type DatabaseMapping,
  DatabaseServerSettingsSchema,
  type DatabaseSourceKind,
  type SourceProblem,
  SqliteSettingsSchema,
} from '@trove/contracts';
import {
  type DatabaseHandle,
  describeError,
  type Logger,
  type SecretBox,
  SecretBoxError,
} from '@trove/service-core';
import { deleteDocumentsIn, indexDocuments } from '../../documents/documents.repository';
import type { SyncRunResult } from '../source-jobs';
import type { AttentionDetail, SyncProgress } from '../source-status';
import { retryDelayMinutes } from '../source-status';
import {
  type SourceChange,
  type SourceWithSecret,
  sourceWithSecret,
  updateSource,
  withSourceLock,
} from '../sources.repository';
import { DocumentAllowance, quotaAttention, SourceQuotaReached } from '../source-quota';
import { lockRunningSource, SyncStopped } from '../sync-stop';
import { passwordContext, resealSourcePassword } from '../source-secrets';
import {
  classifyError,
  DatabaseError,
  type DatabaseLimits,
  type DatabaseReach,
  type DatabaseReader,
  KEY_CHANGED,
  KEY_ID,
  type RowSource,
} from './database-reader';
import {
  checkColumns,
  type DatabaseTarget,
  databaseProblemWords,
  mappedColumns,
  openReader,
  rowSource,
} from './database-source';
import {
  allRowIds,
  insertRowDocuments,
  type RowCursor,
  rowCursor,
  rowIdentities,
  saveRowCursor,
} from './database-sources.repository';
import type { RunnerSettings } from './reader-sandbox';
import { type RenderedRow, type Row, renderRow, rowsLabel } from './row-document';
import { extractRow, extractRows, type RowExtraction, slices } from './row-index';

// A database source's sync (issue 22; docs/decisions/052-database-sources.md). One run per source at a time
// (the source's lock, as for a mailbox):
// 1. With a changed-at column (delta): rows after the checkpoint in keyset order (changed_at, id) — so rows
//    sharing a timestamp are never skipped at a batch's edge — a batch of at most SOURCE_DB_BATCH_ROWS rows a
//    transaction, the checkpoint saved in the same transaction: nothing is half-indexed and a crash resumes
//    after the last batch stored. Every SOURCE_DB_ID_SCAN_MINUTES the ids are compared with the server's and
//    the rows gone take their documents with them.
// 2. Without one (full): every row in id order each sync, the same batches; the ids not seen are gone.
// Each row is one document (row-document.ts), known by (source, id): a row read again unchanged (same
// rendered bytes) is skipped, a changed one replaces its document, a new one is inserted — and indexed in the
// same transaction: the sync extracts its rows itself (row-index.ts, the same extraction as any document) and
// indexes each batch through the documents repository's indexDocuments, so a stored row is a searchable row
// (docs/decisions/061). Only a row too large to extract on the service's event loop gets an extraction job.
// A batch is prepared (read from the server, rendered, extracted) while the one before it is written: the
// sync's CPU and PostgreSQL's overlap on two cores.

export interface DatabaseSyncOptions {
  secrets: SecretBox;
  reach: DatabaseReach;
  limits: DatabaseLimits;
  /** The bounds of the child process the source is read in (reader-sandbox.ts). */
  runner: RunnerSettings;
  /** SOURCE_SYNCS_PER_USER: a user's sources syncing at once (sources.repository.ts, withSourceLock). */
  syncsPerUser?: number;
  /** SOURCE_DOCUMENTS_PER_USER: documents a user's sources may hold together (source-quota.ts). */
  documentsPerUser?: number;
  logger: Logger;
  /** SOURCE_SYNC_INTERVAL_MINUTES. */
  intervalMinutes: number;
  /** SOURCE_DB_BATCH_ROWS: the row cap of one read (and one transaction). */
  batchRows: number;
  /** SOURCE_DB_ID_SCAN_MINUTES: how often a delta source's ids are compared to find deleted rows. */
  idScanMinutes: number;
  now?: () => Date;
  onStored?: () => void;
  /** Tests: after each batch is committed. */
  afterBatch?: (progress: { done: number }) => Promise<void> | void;
}

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

/** Problems tried again by themselves; a wrong password, a refused query or a bad file wait for the user. */
const RETRIED: ReadonlySet<SourceProblem> = new Set([
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

/**
 * A batch's write to the search index failed (the service's own database, not the source's server): told apart
 * so the card does not blame the source's server for it.
 */
class IndexWriteError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A source's mapping with its columns' types, which its rows' typed fields keep (docs/decisions/130). */
type TypedMapping = DatabaseMapping & { columns: readonly { name: string; type: string }[] };

/** Identities removed per transaction. */
const DELETE_BATCH = 500;

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

const recordOnSource = (db: DatabaseHandle, sourceId: string, change: SourceChange) =>
  updateSource(db, sourceId, change, undefined, { unlessPaused: true });

export const isDatabaseKind = (kind: string): kind is DatabaseSourceKind =>
  kind === 'postgres' || kind === 'mysql' || kind === 'sqlite';

/** A saved database source's settings and what its reader opens. */
export function databaseTargetOf(
  source: Pick<SourceWithSecret, 'id' | 'kind' | 'settings' | 'secret'>,
  secrets: SecretBox,
): { mapping: DatabaseMapping; target: DatabaseTarget } {
  if (source.kind === 'sqlite') {
    const settings = SqliteSettingsSchema.parse(source.settings);
    return { mapping: settings, target: { kind: 'sqlite', fileId: settings.file_id } };
  }
  const settings = DatabaseServerSettingsSchema.parse(source.settings);
  return {
    mapping: settings,
    target: {
      kind: source.kind === 'mysql' ? 'mysql' : 'postgres',
      connection: settings,
      password: secrets.open(source.secret, passwordContext(source.id)),
    },
  };
}

export async function runDatabaseSync(
  db: DatabaseHandle,
  sourceId: string,
  options: DatabaseSyncOptions,
): Promise<SyncRunResult> {
  // The lock's connection reads; each batch is written in a transaction of the pool's, so the next batch is
  // prepared while it runs.
  const held = await withSourceLock(
    db,
    sourceId,
    (connection) => syncSource(connection, db, sourceId, options),
    options.syncsPerUser,
  );
  return held.ran ? 'done' : 'busy';
}

async function syncSource(
  db: DatabaseHandle,
  pool: DatabaseHandle,
  sourceId: string,
  options: DatabaseSyncOptions,
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const source = await sourceWithSecret(db, sourceId);
  if (source === undefined || source.state === 'paused' || !isDatabaseKind(source.kind)) return;
  const startedAt = now();
  const failures = source.consecutive_failures + 1;
  const progress: SyncProgress = { done: 0, total: null, started_at: startedAt.toISOString() };
  await recordOnSource(db, sourceId, {
    state: 'syncing',
    detail: progress,
    nextSyncAt: addMinutes(startedAt, retryDelayMinutes(failures)),
  });
  let reader: DatabaseReader | undefined;
  let target: DatabaseTarget | undefined;
  let mapping: DatabaseMapping | undefined;
  try {
    ({ target, mapping } = databaseTargetOf(source, options.secrets));
    if (target.kind !== 'sqlite') await resealSourcePassword(db, options.secrets, source);
    const from = rowSource(target.kind, mapping);
    if (from === null) throw new DatabaseError('table', 'The source names no table and no query.');
    reader = await openReader(db, target, options);
    const columns = await reader.columns(from);
    checkColumns(columns, mapping);
    const allowance = await DocumentAllowance.of(
      db,
      source.user_id,
      options.documentsPerUser ?? Number.POSITIVE_INFINITY,
    );
    await readRows(db, pool, reader, source, from, { ...mapping, columns }, progress, {
      ...options,
      allowance,
    });
    const finished = now();
    await recordOnSource(db, sourceId, {
      state: 'up_to_date',
      detail: {},
      lastSyncAt: finished,
      nextSyncAt: addMinutes(finished, options.intervalMinutes),
      consecutiveFailures: 0,
    });
  } catch (error) {
    if (error instanceof SyncStopped) return;
    const attention: AttentionDetail =
      error instanceof SourceQuotaReached
        ? quotaAttention(error)
        : error instanceof IndexWriteError
          ? {
              problem: 'server',
              reason: `Storing the rows in the search index failed: ${error.message}`,
              action:
                'It is tried again by itself, from the last rows stored; if this stays, an administrator can find the error in the search service’s log.',
            }
          : error instanceof SecretBoxError
            ? {
                problem: 'auth',
                reason: 'The saved password can no longer be read.',
                action: 'Enter the password again in the source’s settings.',
              }
            : (() => {
                const failure = classifyError(error);
                return {
                  problem: failure.problem,
                  ...databaseProblemWords(failure, target ?? { kind: 'sqlite', fileId: '' }, mapping ?? {}),
                };
              })();
    const retried =
      !(error instanceof SecretBoxError || error instanceof SourceQuotaReached) &&
      RETRIED.has(attention.problem);
    // Never the password: the clients' messages name the host, user and database at most.
    options.logger.warn(
      { sourceId, problem: attention.problem, failures, error: describeError(error) },
      'database source sync failed',
    );
    await recordOnSource(db, sourceId, {
      state: 'needs_attention',
      detail: attention,
      nextSyncAt: retried ? addMinutes(now(), retryDelayMinutes(failures)) : null,
      consecutiveFailures: failures,
    });
  } finally {
    await reader?.close();
  }
}

async function readRows(
  db: DatabaseHandle,
  pool: DatabaseHandle,
  reader: DatabaseReader,
  source: SourceWithSecret,
  from: RowSource,
  mapping: TypedMapping,
  progress: SyncProgress,
  options: DatabaseSyncOptions & { allowance: DocumentAllowance },
): Promise<void> {
  const folder = rowsLabel(mapping);
  const delta = mapping.changed_at_column !== null;
  const cursor: RowCursor = delta
    ? await rowCursor(db, source.id)
    : { changedAt: null, rowId: null, scannedAt: null };
  const seen = delta ? null : new Set<string>();
  let after: { changedAt: string | null; id: string } | null =
    delta && cursor.rowId !== null ? { changedAt: cursor.changedAt, id: cursor.rowId } : null;
  const keyset = { changedAt: mapping.changed_at_column, id: mapping.id_column };
  const columns = mappedColumns(mapping);
  /** Reads, renders and extracts the next batch; undefined when there is none. */
  const next = async (): Promise<PreparedBatch | undefined> => {
    const { rows, more } = await reader.rows(from, { keyset, after, limit: options.batchRows, columns });
    const last = rows.at(-1);
    if (last === undefined) return undefined;
    after = { changedAt: (last[KEY_CHANGED] as string | null) ?? null, id: String(last[KEY_ID] ?? '') };
    for (const row of rows) seen?.add(String(row[KEY_ID] ?? ''));
    const prepared = await prepareBatch(db, source, mapping, rows);
    return { ...prepared, checkpoint: delta ? after : null, last: !more };
  };
  let batch = await next();
  while (batch !== undefined) {
    const current = batch;
    // Counted before it is written: a batch past the user's documents is not stored at all.
    options.allowance.take(current.fresh);
    const writing = storeBatch(pool, source, folder, current, progress).catch((error: unknown) => {
      throw error instanceof SyncStopped ? error : new IndexWriteError(error);
    });
    // Handled at once: a failed write must not surface as an unhandled rejection while the next batch is read.
    writing.catch(() => undefined);
    let following: PreparedBatch | undefined;
    try {
      following = current.last ? undefined : await next();
    } catch (error) {
      await writing.catch(() => undefined);
      throw error;
    }
    const stored = await writing;
    progress.done += current.rows;
    if (stored.queued > 0) options.onStored?.();
    await options.afterBatch?.({ done: progress.done });
    batch = following;
  }
  const scanDue =
    !delta ||
    cursor.scannedAt === null ||
    cursor.scannedAt.getTime() + options.idScanMinutes * 60_000 <= (options.now?.() ?? new Date()).getTime();
  if (!scanDue) return;
  const present = seen ?? (await serverIds(reader, from, mapping.id_column, options.batchRows));
  const gone = (await allRowIds(db, source.id)).filter((identity) => !present.has(identity.rowId));
  await removeRows(
    db,
    source,
    gone.map((identity) => identity.documentId),
  );
  if (delta) await saveRowCursor(db, source.id, { scannedAt: options.now?.() ?? new Date() });
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
  source: SourceWithSecret,
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
 * One batch in one transaction: new rows become documents, changed rows replace theirs, unchanged rows are
 * left; the new documents are indexed (passages, postings, statistics) in the same transaction, and the
 * checkpoint moves with them: a crash leaves a batch wholly stored and searchable, or not at all. Answers how
 * many documents were stored, and how many of them went to the extraction job instead (too large).
 */
async function storeBatch(
  pool: DatabaseHandle,
  source: SourceWithSecret,
  folder: string,
  batch: PreparedBatch,
  progress: SyncProgress,
): Promise<{ stored: number; queued: number }> {
  return pool.transaction().execute(async (tx) => {
    await lockRunningSource(tx, source.id);
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
      await deleteDocumentsIn(tx, source.user_id, slice);
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
        userId: source.user_id,
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
        return extraction === undefined ? [] : [{ id, userId: source.user_id, ...extraction }];
      });
      await indexDocuments(tx, documents);
      indexed += documents.length;
    }
    if (batch.checkpoint !== null)
      await saveRowCursor(tx, source.id, {
        changedAt: batch.checkpoint.changedAt,
        rowId: batch.checkpoint.id,
      });
    await recordOnSource(tx, source.id, { detail: { ...progress, done: progress.done + batch.rows } });
    return { stored: named.length, queued: named.length - indexed };
  });
}

/** Takes the documents of rows gone from the server out of the index, a slice a transaction. */
async function removeRows(
  db: DatabaseHandle,
  source: SourceWithSecret,
  documentIds: string[],
): Promise<void> {
  for (let start = 0; start < documentIds.length; start += DELETE_BATCH) {
    const slice = documentIds.slice(start, start + DELETE_BATCH);
    await db.transaction().execute(async (tx) => {
      await lockRunningSource(tx, source.id);
      await deleteDocumentsIn(tx, source.user_id, slice);
    });
  }
}
