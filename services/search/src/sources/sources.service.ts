import { randomUUID } from 'node:crypto';
import {
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
} from '@trove/contracts';
import {
  ApiError,
  type DatabaseHandle,
  HostRefusedError,
  resolveAllowedHost,
  type SecretBox,
} from '@trove/service-core';
import { deleteDocumentsIn, sourceDocumentIds } from '../documents/documents.repository';
import { testImapSource, type ImapReach } from './imap/imap-source';
import {
  deleteSourceRow,
  findSource,
  insertSource,
  listSources,
  markSourceRemoving,
  sourceBeingRemoved,
  type SourceRow,
  sourceWithSecret,
  updateSource,
} from './sources.repository';
import { sourceStatus } from './source-status';

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

export interface SourcesDeps {
  db: DatabaseHandle;
  secrets: SecretBox;
  reach: ImapReach;
  queue: SourceSyncQueue & SourceRemovalQueue;
  now?: () => Date;
}

/** What the secret box binds a source's password to: a ciphertext copied to another source does not open. */
export const passwordContext = (sourceId: string) => `source:${sourceId}:password`;

/** Documents removed per transaction when a source goes (out of the index with them, so the statistics stay right). */
export const REMOVE_BATCH = 200;

const NOT_FOUND = () => new ApiError(404, SOURCE_MESSAGES.notFound, 'not_found');

function settingsOf(row: { settings: unknown }): ImapSettings {
  // Stored by this service from the same schema; parsed again so an old row missing a newer field reads well.
  return ImapSettingsSchema.parse(row.settings);
}

export function toSource(row: SourceRow, now: Date = new Date()): Source {
  return {
    id: row.id,
    kind: 'imap',
    name: row.name,
    settings: settingsOf(row),
    status: sourceStatus(row, now),
    documents: row.documents,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

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
  const now = deps.now?.() ?? new Date();
  return (await listSources(deps.db, userId)).map((row) => toSource(row, now));
}

export async function sourceOf(deps: SourcesDeps, userId: string, sourceId: string): Promise<Source> {
  const row = await findSource(deps.db, userId, sourceId);
  if (row === undefined) throw NOT_FOUND();
  return toSource(row, deps.now?.() ?? new Date());
}

export async function createSource(deps: SourcesDeps, userId: string, input: CreateSource): Promise<Source> {
  if (input.kind !== 'imap') throw new ApiError(400, SOURCE_MESSAGES.badKind, 'bad_kind');
  await refuseBlockedHost(input.settings.host, deps.reach);
  const id = randomUUID();
  await insertSource(deps.db, {
    id,
    userId,
    kind: input.kind,
    name: input.name ?? input.settings.email,
    settings: input.settings,
    secret: deps.secrets.seal(input.password, passwordContext(id)),
    nextSyncAt: new Date(),
  });
  // The first sync starts now; were the queue to fail, the due sweep still finds next_sync_at in the past.
  await deps.queue.syncSoon(id).catch(() => undefined);
  return sourceOf(deps, userId, id);
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
  const settings = changedSettings(settingsOf(saved), update.settings);
  if (update.settings?.host !== undefined) await refuseBlockedHost(settings.host, deps.reach);
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

/** "Test" before saving: nothing is stored. */
export async function testNewSource(deps: SourcesDeps, input: TestSource): Promise<SourceTestResult> {
  return testImapSource(input.settings, input.password, deps.reach);
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
  const settings = changedSettings(settingsOf(saved), input.settings);
  const password = input.password ?? deps.secrets.open(saved.secret, passwordContext(sourceId));
  return testImapSource(settings, password, deps.reach);
}
