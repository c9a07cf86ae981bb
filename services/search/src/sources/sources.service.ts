import { randomUUID } from 'node:crypto';
import {
  DATABASE_ERROR_CODES,
  DATABASE_MESSAGES,
  type DatabasePreviewResult,
  DatabaseServerSettingsSchema,
  type DatabaseSettingsChange,
  databaseSyncMode,
  type PreviewSavedSource,
  type PreviewSource,
  type SourceFileResponse,
  SqliteSettingsSchema,
  type CreateSource,
  type ImapSettings,
  ImapSettingsSchema,
  type ImapSettingsChange,
  type Source,
  SOURCE_MESSAGES,
  type SourceTestResult,
  type TestSavedSource,
  type TestSource,
  type UpdateSource,
  SOURCE_LIMIT_CODE,
  SOURCE_LIMIT_MESSAGES,
} from '@trove/contracts';
import {
  ApiError,
  type DatabaseHandle,
  HostRefusedError,
  resolveAllowedHost,
  type SecretBox,
  tooManyRequests,
} from '@trove/service-core';
import { deleteDocumentsIn, sourceDocumentIds } from '../documents/documents.repository';
import { PAGE_DEFAULTS } from './database/database-reader';
import { openReader, previewDatabase } from './database/database-source';
import { RUNNER_DEFAULTS, type RunnerSettings } from './database/reader-sandbox';
import {
  attachSourceFile,
  deleteOtherSourceFiles,
  deleteSourceFile,
  findSourceFile,
  filesOfSources,
  insertSourceFile,
  type SourceFileRow,
} from './database/database-sources.repository';
import { databaseTargetOf, isDatabaseKind } from './database/database-sync';
import { clearRowCursor } from './database/database-sources.repository';
import { testImapSource, type ImapReach } from './imap/imap-source';
import {
  deleteSourceRow,
  findSource,
  insertSource,
  listSources,
  markSourceRemoving,
  sourceBeingRemoved,
  type SourceRow,
  lockedSourceCount,
  sourceWithSecret,
  updateSource,
} from './sources.repository';
import { sourceStatus } from './source-status';
import { requirePasswordForMovedConnection } from './credential-binding';

// /api/v1/sources (issue 21): what a route asks of sources. The password is sealed before it is stored and
// opened only to connect; no answer, log line or error carries it.

/** Queues a source's sync (docs/decisions/045-job-library.md); the job library behind it in the service. */
export interface SourceSyncQueue {
  syncSoon(sourceId: string): Promise<void>;
}

/** Queues a source's removal (the source-remove job, docs/decisions/045-job-library.md). */
export interface SourceRemovalQueue {
  removeSoon(sourceId: string): Promise<void>;
}

/** Database sources' bounds (the SOURCE_DB_* settings, env.ts). */
export interface DatabaseSettings {
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  batchRows: number;
  idScanMinutes: number;
  sqliteMaxBytes: number;
  /** SOURCE_DB_ROW_MAX_BYTES: a row's cells together, cut as they are read (bounded-rows.ts). */
  rowMaxBytes: number;
  /** SOURCE_DB_BATCH_MAX_BYTES: one read's rows together, measured by the source's server. */
  batchMaxBytes: number;
  /** SOURCE_RUN_TIMEOUT_S and SOURCE_RUN_MEMORY_MB: the bounds of the child process every read runs in. */
  runner: RunnerSettings;
}

export const DATABASE_DEFAULTS: DatabaseSettings = {
  statementTimeoutMs: 30_000,
  connectTimeoutMs: 15_000,
  batchRows: 1_000,
  idScanMinutes: 60,
  sqliteMaxBytes: 200 * 1024 * 1024,
  ...PAGE_DEFAULTS,
  runner: RUNNER_DEFAULTS,
};

/** Per-user bounds (issue 34 item 6): SOURCES_PER_USER and SOURCE_CHECKS_PER_USER. */
export interface SourceLimits {
  /** Sources one user may have. */
  sourcesPerUser: number;
  /** Tests, previews and SQLite checks one user may have running at once (each may hold a reader child). */
  checksPerUser: number;
  /** A user's sources syncing at once, across instances; the others wait their turn. */
  syncsPerUser: number;
  /** Documents a user's sources may hold together (rows and messages). */
  documentsPerUser: number;
}

export const SOURCE_LIMIT_DEFAULTS: SourceLimits = {
  sourcesPerUser: 20,
  checksPerUser: 2,
  syncsPerUser: 1,
  documentsPerUser: 250_000,
};

export interface SourcesDeps {
  db: DatabaseHandle;
  secrets: SecretBox;
  reach: ImapReach;
  queue: SourceSyncQueue & SourceRemovalQueue;
  /** Database sources' bounds; the defaults unless set. */
  databases?: DatabaseSettings | undefined;
  /** Per-user bounds; the defaults unless set. */
  limits?: SourceLimits | undefined;
  now?: () => Date;
}

import { openSourcePassword, passwordContext, resealSourcePassword } from './source-secrets';

export { passwordContext };

/** Documents removed per transaction when a source goes (out of the index with them, so the statistics stay right). */
export const REMOVE_BATCH = 200;

const NOT_FOUND = () => new ApiError(404, SOURCE_MESSAGES.notFound, 'not_found');

const limitsOf = (deps: SourcesDeps) => deps.limits ?? SOURCE_LIMIT_DEFAULTS;

/** Refuses a new source past SOURCES_PER_USER; call inside the transaction that inserts it. */
async function refuseSourcePastCap(tx: DatabaseHandle, deps: SourcesDeps, userId: string): Promise<void> {
  const max = limitsOf(deps).sourcesPerUser;
  if ((await lockedSourceCount(tx, userId)) >= max)
    throw new ApiError(409, SOURCE_LIMIT_MESSAGES.tooManySources(max), SOURCE_LIMIT_CODE);
}

/** Checks running now, by user, in this process: a test, a preview or a SQLite file's check each holds one. */
const checksRunning = new Map<string, number>();

/**
 * Runs a check (test, preview, upload check) as one of the user's SOURCE_CHECKS_PER_USER: past it, a 429 that
 * says to wait. Each may hold a reader child for up to SOURCE_RUN_TIMEOUT_S; unbounded, one user's clicks could
 * hold every child the service can afford.
 */
async function asCheck<T>(deps: SourcesDeps, userId: string, work: () => Promise<T>): Promise<T> {
  const max = limitsOf(deps).checksPerUser;
  const running = checksRunning.get(userId) ?? 0;
  if (running >= max) throw tooManyRequests(SOURCE_LIMIT_MESSAGES.busy(max), 5);
  checksRunning.set(userId, running + 1);
  try {
    return await work();
  } finally {
    const left = (checksRunning.get(userId) ?? 1) - 1;
    if (left <= 0) checksRunning.delete(userId);
    else checksRunning.set(userId, left);
  }
}

function settingsOf(row: { settings: unknown }): ImapSettings {
  // Stored by this service from the same schema; parsed again so an old row missing a newer field reads well.
  return ImapSettingsSchema.parse(row.settings);
}

export function toSource(row: SourceRow, now: Date = new Date(), file?: SourceFileRow): Source {
  const base = {
    id: row.id,
    name: row.name,
    status: sourceStatus(row, now),
    documents: row.documents,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  if (row.kind === 'postgres' || row.kind === 'mysql') {
    const settings = DatabaseServerSettingsSchema.parse(row.settings);
    return { ...base, kind: row.kind, settings, sync: databaseSyncMode(settings) };
  }
  if (row.kind === 'sqlite') {
    const settings = SqliteSettingsSchema.parse(row.settings);
    return {
      ...base,
      kind: 'sqlite',
      settings,
      sync: databaseSyncMode(settings),
      file: {
        id: settings.file_id,
        name: file?.name ?? 'SQLite file',
        size_bytes: file?.sizeBytes ?? 0,
        uploaded_at: (file?.createdAt ?? row.created_at).toISOString(),
      },
    };
  }
  return { ...base, kind: 'imap', settings: settingsOf(row) };
}

async function toSources(deps: SourcesDeps, rows: SourceRow[]): Promise<Source[]> {
  const now = deps.now?.() ?? new Date();
  const files = await filesOfSources(
    deps.db,
    rows.filter((row) => row.kind === 'sqlite').map((row) => row.id),
  );
  return rows.map((row) => toSource(row, now, files.get(row.id)));
}

const databaseOptions = (deps: SourcesDeps) => {
  const limits = deps.databases ?? DATABASE_DEFAULTS;
  return { reach: deps.reach, limits, runner: limits.runner };
};

/**
 * A host on the refused list is refused when the source is saved, with the reason: it would never sync. A
 * name that does not resolve is saved all the same (DNS may be down for a moment); its card will say so.
 */
async function refuseBlockedHost(host: string, reach: ImapReach): Promise<void> {
  try {
    await resolveAllowedHost(host, reach.allowedHosts, reach.lookup);
  } catch (error) {
    if (error instanceof HostRefusedError && error.kind === 'refused')
      throw new ApiError(400, error.message, 'host_refused');
  }
}

export async function sourcesOf(deps: SourcesDeps, userId: string): Promise<Source[]> {
  return toSources(deps, await listSources(deps.db, userId));
}

export async function sourceOf(deps: SourcesDeps, userId: string, sourceId: string): Promise<Source> {
  const row = await findSource(deps.db, userId, sourceId);
  if (row === undefined) throw NOT_FOUND();
  const [source] = await toSources(deps, [row]);
  if (source === undefined) throw NOT_FOUND();
  return source;
}

/** A database source's default name: its table, or "<database> query", or the SQLite file's name. */
function databaseSourceName(input: Exclude<CreateSource, { kind: 'imap' }>, file?: SourceFileRow): string {
  if (input.settings.table !== null) return input.settings.table;
  if (input.kind === 'sqlite') return file?.name ?? 'SQLite query';
  return `${input.settings.database} query`;
}

async function createDatabaseSource(
  deps: SourcesDeps,
  userId: string,
  input: Exclude<CreateSource, { kind: 'imap' }>,
): Promise<Source> {
  const id = randomUUID();
  let file: SourceFileRow | undefined;
  if (input.kind === 'sqlite') {
    file = await findSourceFile(deps.db, userId, input.settings.file_id);
    if (file === undefined || (file.sourceId !== null && file.sourceId !== id))
      throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
  } else {
    await refuseBlockedHost(input.settings.host, deps.reach);
  }
  const name = (input.name ?? databaseSourceName(input, file)).slice(0, 100);
  await deps.db.transaction().execute(async (tx) => {
    await refuseSourcePastCap(tx, deps, userId);
    await insertSource(tx, {
      id,
      userId,
      kind: input.kind,
      name,
      settings: input.settings,
      // A file has no password; the column holds a sealed empty one.
      secret: deps.secrets.seal(input.kind === 'sqlite' ? '' : input.password, passwordContext(id)),
      nextSyncAt: new Date(),
    });
    if (input.kind === 'sqlite' && !(await attachSourceFile(tx, input.settings.file_id, userId, id)))
      throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
  });
  await deps.queue.syncSoon(id).catch(() => undefined);
  return sourceOf(deps, userId, id);
}

export async function createSource(deps: SourcesDeps, userId: string, input: CreateSource): Promise<Source> {
  if (input.kind !== 'imap') return createDatabaseSource(deps, userId, input);
  await refuseBlockedHost(input.settings.host, deps.reach);
  const id = randomUUID();
  await deps.db.transaction().execute(async (tx) => {
    await refuseSourcePastCap(tx, deps, userId);
    await insertSource(tx, {
      id,
      userId,
      kind: input.kind,
      name: input.name ?? input.settings.email,
      settings: input.settings,
      secret: deps.secrets.seal(input.password, passwordContext(id)),
      nextSyncAt: new Date(),
    });
  });
  // The first sync starts now; were the queue to fail, the due sweep still finds next_sync_at in the past.
  await deps.queue.syncSoon(id).catch(() => undefined);
  return sourceOf(deps, userId, id);
}

/** Saved settings with a change's given fields over them (not checked against a schema). */
function withChange(saved: unknown, change: object | undefined): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(saved as Record<string, unknown>) };
  for (const [key, value] of Object.entries(change ?? {})) if (value !== undefined) merged[key] = value;
  return merged;
}

function changedSettings(saved: ImapSettings, change: ImapSettingsChange | undefined): ImapSettings {
  if (change === undefined) return saved;
  const merged = { ...saved };
  for (const [key, value] of Object.entries(change)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return ImapSettingsSchema.parse(merged);
}

/**
 * PATCH: a new name, settings, password or pause. New settings or a new password clear a needs-attention
 * state and sync at once (the user has just fixed what it said); pausing stops syncing, resuming syncs now.
 */
export async function changeSource(
  deps: SourcesDeps,
  userId: string,
  sourceId: string,
  update: UpdateSource,
): Promise<Source> {
  const saved = await sourceWithSecret(deps.db, sourceId, { userId });
  if (saved === undefined) throw NOT_FOUND();
  // A database password may be empty (a server that asks none); a mailbox's never.
  if (!isDatabaseKind(saved.kind) && update.password === '')
    throw new ApiError(400, SOURCE_MESSAGES.passwordRequired, 'invalid_request');
  // Before anything is changed (a new table clears the checkpoint): a moved connection needs the password.
  requirePasswordForMovedConnection(
    saved.kind,
    saved.settings,
    withChange(saved.settings, update.settings),
    update.password,
  );
  const settings = isDatabaseKind(saved.kind)
    ? await changedDatabaseSettings(
        deps,
        userId,
        saved,
        update.settings as DatabaseSettingsChange | undefined,
      )
    : changedSettings(settingsOf(saved), update.settings as ImapSettingsChange | undefined);
  if (update.settings?.host !== undefined && typeof settings.host === 'string')
    await refuseBlockedHost(settings.host, deps.reach);
  const reconnect = update.settings !== undefined || update.password !== undefined;
  const pausedNow = update.paused ?? saved.state === 'paused';
  const resumed = saved.state === 'paused' && update.paused === false;
  await updateSource(
    deps.db,
    sourceId,
    {
      ...(update.name === undefined ? {} : { name: update.name }),
      ...(update.settings === undefined ? {} : { settings }),
      ...(update.password === undefined
        ? {}
        : { secret: deps.secrets.seal(update.password, passwordContext(sourceId)) }),
      ...(pausedNow
        ? { state: 'paused', detail: {}, nextSyncAt: null }
        : resumed || (reconnect && saved.state === 'needs_attention')
          ? {
              state: saved.last_sync_at === null ? 'connected' : 'up_to_date',
              detail: {},
              nextSyncAt: 'now' as const,
              consecutiveFailures: 0,
            }
          : reconnect
            ? { nextSyncAt: 'now' as const, consecutiveFailures: 0 }
            : {}),
    },
    userId,
  );
  if (!pausedNow && (resumed || reconnect)) await deps.queue.syncSoon(sourceId).catch(() => undefined);
  return sourceOf(deps, userId, sourceId);
}

/**
 * A database source's settings with a change: merged, then checked whole against its kind's schema (a field
 * of another kind, or a table and a query both, is a 400). A new table, query or id column starts the source
 * over: its checkpoint goes, so the next sync reads every row (unchanged rows are still not indexed again).
 */
async function changedDatabaseSettings(
  deps: SourcesDeps,
  userId: string,
  saved: { id: string; kind: string; settings: unknown },
  change: DatabaseSettingsChange | undefined,
) {
  if (change === undefined) return saved.settings as Record<string, unknown>;
  // The update schema took the change as either kind's; here it must be this kind's fields alone.
  const own = new Set(
    Object.keys(saved.kind === 'sqlite' ? SqliteSettingsSchema.shape : DatabaseServerSettingsSchema.shape),
  );
  const foreign = Object.keys(change).filter((key) => !own.has(key));
  if (foreign.length > 0)
    throw new ApiError(
      400,
      `A ${saved.kind} source has no setting ${foreign.join(', ')}.`,
      DATABASE_ERROR_CODES.badSettings,
    );
  const merged: Record<string, unknown> = { ...(saved.settings as Record<string, unknown>) };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) merged[key] = value;
  const parsed =
    saved.kind === 'sqlite'
      ? SqliteSettingsSchema.safeParse(merged)
      : DatabaseServerSettingsSchema.safeParse(merged);
  if (!parsed.success)
    throw new ApiError(
      400,
      parsed.error.issues[0]?.message ?? 'These settings do not fit this source.',
      DATABASE_ERROR_CODES.badSettings,
    );
  if (saved.kind === 'sqlite' && change.file_id !== undefined) {
    if (!(await attachSourceFile(deps.db, change.file_id, userId, saved.id)))
      throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
    await deleteOtherSourceFiles(deps.db, saved.id, change.file_id);
  }
  if (
    change.table !== undefined ||
    change.query !== undefined ||
    change.id_column !== undefined ||
    change.changed_at_column !== undefined ||
    change.file_id !== undefined
  )
    await clearRowCursor(deps.db, saved.id);
  return parsed.data as Record<string, unknown>;
}

/** "Sync now": queued at once, whatever the next sync time; a paused source stays paused. */
export async function syncSourceNow(deps: SourcesDeps, userId: string, sourceId: string): Promise<Source> {
  const saved = await findSource(deps.db, userId, sourceId);
  if (saved === undefined) throw NOT_FOUND();
  if (saved.state === 'paused')
    throw new ApiError(409, 'This source is paused. Resume it to sync.', 'source_paused');
  await updateSource(deps.db, sourceId, { nextSyncAt: 'now' }, userId);
  await deps.queue.syncSoon(sourceId);
  return sourceOf(deps, userId, sourceId);
}

/**
 * "Remove" (after the page's confirmation): answered at once. The source is marked as being removed — paused
 * with detail { removing: true }, in its own statement, so a sync running now stores nothing more (each sync
 * batch checks the state under the source's row lock) — and from then on no route sees it (404, not listed).
 * The source-remove job then takes its documents out ({@link removeSourceContent}); the minute sweep queues it
 * again should the queueing here fail.
 */
export async function removeSource(deps: SourcesDeps, userId: string, sourceId: string): Promise<void> {
  if (!(await markSourceRemoving(deps.db, userId, sourceId))) throw NOT_FOUND();
  await deps.queue.removeSoon(sourceId).catch(() => undefined);
}

export interface RemovalOptions {
  batchSize?: number;
  /** Tests: after each batch's transaction has committed. */
  afterBatch?: (progress: { sourceId: string; removed: number }) => Promise<void> | void;
}

/**
 * The source-remove job's work: everything a source marked as being removed brought in leaves the index —
 * a batch a transaction through the documents repository's set-based delete, so the search statistics stay
 * right — then the source row with its identities and folder checkpoints (cascade). Idempotent: a run cut
 * short (a crash, a failed batch) is resumed by the next from what is left. Answers how many documents went.
 */
export async function removeSourceContent(
  db: DatabaseHandle,
  sourceId: string,
  options: RemovalOptions = {},
): Promise<number> {
  const source = await sourceBeingRemoved(db, sourceId);
  if (source === undefined) return 0;
  let removed = 0;
  for (;;) {
    const ids = await sourceDocumentIds(db, sourceId, options.batchSize ?? REMOVE_BATCH);
    if (ids.length === 0) break;
    const deleted = await db.transaction().execute((tx) => deleteDocumentsIn(tx, source.userId, ids));
    // Never loop on documents that cannot go (not the source's user's): the job fails, and says so.
    if (deleted === 0) throw new Error(`source ${sourceId}: ${ids.length} documents could not be removed`);
    removed += deleted;
    await options.afterBatch?.({ sourceId, removed });
  }
  await deleteSourceRow(db, sourceId);
  return removed;
}

/** A database source's preview before saving (issue 22): nothing is stored. */
export function previewNewSource(
  deps: SourcesDeps,
  userId: string,
  input: PreviewSource,
): Promise<DatabasePreviewResult> {
  return asCheck(deps, userId, () => previewNew(deps, userId, input));
}

async function previewNew(
  deps: SourcesDeps,
  userId: string,
  input: PreviewSource,
): Promise<DatabasePreviewResult> {
  if (input.kind === 'sqlite') {
    const file = await findSourceFile(deps.db, userId, input.settings.file_id);
    if (file === undefined)
      throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
    return previewDatabase(
      deps.db,
      { kind: 'sqlite', fileId: file.id },
      input.settings,
      databaseOptions(deps),
    );
  }
  return previewDatabase(
    deps.db,
    { kind: input.kind, connection: { ...input.settings }, password: input.password },
    input.settings,
    databaseOptions(deps),
  );
}

/** A saved database source's preview, with the changes being edited unsaved (also its "Test"). */
export function previewSavedSource(
  deps: SourcesDeps,
  userId: string,
  sourceId: string,
  input: PreviewSavedSource,
): Promise<DatabasePreviewResult> {
  return asCheck(deps, userId, () => previewSaved(deps, userId, sourceId, input));
}

async function previewSaved(
  deps: SourcesDeps,
  userId: string,
  sourceId: string,
  input: PreviewSavedSource,
): Promise<DatabasePreviewResult> {
  const saved = await sourceWithSecret(deps.db, sourceId, { userId });
  if (saved === undefined) throw NOT_FOUND();
  if (!isDatabaseKind(saved.kind))
    throw new ApiError(
      400,
      'A mailbox is checked with its test (POST /api/v1/sources/:id/test).',
      DATABASE_ERROR_CODES.useTest,
    );
  const merged = withChange(saved.settings, input.settings);
  requirePasswordForMovedConnection(saved.kind, saved.settings, merged, input.password);
  const { target } = databaseTargetOf({ ...saved, settings: merged }, deps.secrets);
  if (target.kind !== 'sqlite' && input.password === undefined)
    await resealSourcePassword(deps.db, deps.secrets, saved);
  if (target.kind !== 'sqlite' && input.password !== undefined) target.password = input.password;
  if (target.kind === 'sqlite' && (await findSourceFile(deps.db, userId, target.fileId)) === undefined)
    throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
  return previewDatabase(deps.db, target, merged, databaseOptions(deps));
}

/** SQLite's header: the 16 bytes every database file starts with. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1');

/**
 * An uploaded SQLite file (issue 22, "Add file"), checked by its header and opened read-only once before it
 * is kept; answered with its tables for the picker. Kept for a source made from it within a day.
 */
export async function uploadSourceFile(
  deps: SourcesDeps,
  userId: string,
  file: { name: string; bytes: Buffer },
): Promise<SourceFileResponse> {
  if (file.bytes.byteLength < 100 || !file.bytes.subarray(0, 16).equals(SQLITE_MAGIC))
    throw new ApiError(400, DATABASE_MESSAGES.notSqlite, DATABASE_ERROR_CODES.notSqlite);
  const name = file.name.replace(/[\p{Cc}]/gu, '').slice(0, 200) || 'database.sqlite';
  const row = await insertSourceFile(deps.db, { userId, name, bytes: file.bytes });
  let tables: SourceFileResponse['tables'];
  try {
    tables = await asCheck(deps, userId, async () => {
      const reader = await openReader(deps.db, { kind: 'sqlite', fileId: row.id }, databaseOptions(deps));
      try {
        return await reader.listTables();
      } finally {
        await reader.close();
      }
    });
  } catch (error) {
    await deleteSourceFile(deps.db, row.id);
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      400,
      `${DATABASE_MESSAGES.notSqlite} It could not be opened as one.`,
      DATABASE_ERROR_CODES.notSqlite,
    );
  }
  return {
    file: { id: row.id, name: row.name, size_bytes: row.sizeBytes, uploaded_at: row.createdAt.toISOString() },
    tables,
  };
}

/** "Test" before saving: nothing is stored. */
export function testNewSource(
  deps: SourcesDeps,
  userId: string,
  input: TestSource,
): Promise<SourceTestResult> {
  return asCheck(deps, userId, () => testImapSource(input.settings, input.password, deps.reach));
}

/** "Test" of a saved source, with the changes being edited (a new password, a fingerprint to pin) unsaved. */
export async function testSavedSource(
  deps: SourcesDeps,
  userId: string,
  sourceId: string,
  input: TestSavedSource,
): Promise<SourceTestResult> {
  const saved = await sourceWithSecret(deps.db, sourceId, { userId });
  if (saved === undefined) throw NOT_FOUND();
  if (isDatabaseKind(saved.kind))
    throw new ApiError(400, DATABASE_MESSAGES.usePreview, DATABASE_ERROR_CODES.usePreview);
  const settings = changedSettings(settingsOf(saved), input.settings);
  requirePasswordForMovedConnection(saved.kind, saved.settings, settings, input.password);
  const password = input.password ?? (await openSourcePassword(deps.db, deps.secrets, saved));
  return asCheck(deps, userId, () => testImapSource(settings, password, deps.reach));
}
