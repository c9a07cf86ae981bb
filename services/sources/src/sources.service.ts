import { randomUUID } from 'node:crypto';
import {
  type CreateSource,
  DATABASE_ERROR_CODES,
  DATABASE_MESSAGES,
  type Source,
  SOURCE_LIMIT_CODE,
  SOURCE_LIMIT_MESSAGES,
  SOURCE_MESSAGES,
  type UpdateSource,
} from '@trove/contracts';
import {
  ApiError,
  type DatabaseHandle,
  HostRefusedError,
  resolveAllowedHost,
  type SecretBox,
} from '@trove/service-core';
import {
  attachSourceFile,
  deleteOtherSourceFiles,
  findSourceFile,
  filesOfSources,
  type SourceFileRow,
} from './database/database-sources.repository';
import { requirePasswordForMovedConnection } from './credential-binding';
import { kindOf } from './kinds/registry';
import type { AnySourceKind, SourceContext } from './kinds/source-kind';
import { handOverPurge } from './intake.repository';
import { forgetCheckpoint } from './source-items.repository';
import { passwordContext } from './source-secrets';
import {
  type DatabaseSettings,
  SOURCE_LIMIT_DEFAULTS,
  type SourceLimits,
  type SourceReach,
  type SourceRemovalQueue,
  type SourceSyncQueue,
} from './source-settings';
import { sourceStatus } from './source-status';
import {
  deleteSourceRow,
  findSource,
  insertSource,
  listSources,
  lockedSourceCount,
  markSourceRemoving,
  sourceBeingRemoved,
  sourceItemCount,
  type SourceRow,
  sourceWithSecret,
  updateSource,
} from './sources.repository';

// /api/v1/sources (issue 21): what a route asks of sources, the same for every kind — what differs is the
// kind's object (kinds/registry.ts; docs/decisions/084-one-source-kind-interface.md). The password is sealed
// before it is stored and opened only to connect; no answer, log line or error carries it. Tests, previews
// and the SQLite upload are in source-checks.service.ts.

export { passwordContext };

export interface SourcesDeps {
  db: DatabaseHandle;
  secrets: SecretBox;
  reach: SourceReach;
  queue: SourceSyncQueue & SourceRemovalQueue;
  /** Database sources' bounds; the defaults unless set. */
  databases?: DatabaseSettings | undefined;
  /** File shares' and Git repositories' bounds (issue 43); each kind's defaults unless set. */
  webdav?: SourceContext['webdav'];
  git?: SourceContext['git'];
  /** Per-user bounds; the defaults unless set. */
  limits?: SourceLimits | undefined;
  /** SOURCE_SYNC_STUCK_MINUTES: no progress for this long shows a sync as stuck. */
  stuckMinutes?: number | undefined;
  now?: () => Date;
}

export const NOT_FOUND = () => new ApiError(404, SOURCE_MESSAGES.notFound, 'not_found');

export const limitsOf = (deps: SourcesDeps) => deps.limits ?? SOURCE_LIMIT_DEFAULTS;

/** A saved source's kind; a row of a kind this version does not know is as good as not there. */
export function savedKind(name: string): AnySourceKind {
  const kind = kindOf(name);
  if (kind === undefined) throw NOT_FOUND();
  return kind;
}

/** Refuses a new source past SOURCES_PER_USER; call inside the transaction that inserts it. */
async function refuseSourcePastCap(tx: DatabaseHandle, deps: SourcesDeps, userId: string): Promise<void> {
  const max = limitsOf(deps).sourcesPerUser;
  if ((await lockedSourceCount(tx, userId)) >= max)
    throw new ApiError(409, SOURCE_LIMIT_MESSAGES.tooManySources(max), SOURCE_LIMIT_CODE);
}

export function toSource(
  row: SourceRow,
  now: Date = new Date(),
  file?: SourceFileRow,
  stuckMinutes?: number,
): Source {
  const kind = savedKind(row.kind);
  const base = {
    id: row.id,
    name: row.name,
    status: sourceStatus(row, now, stuckMinutes),
    documents: row.documents,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  // Stored by this service from the same schema; parsed again so an old row missing a newer field reads well.
  return kind.describe(base, kind.settings.parse(row.settings), file);
}

async function toSources(deps: SourcesDeps, all: SourceRow[]): Promise<Source[]> {
  const now = deps.now?.() ?? new Date();
  // A row of a kind this version does not know (written by a newer one) is left out, not a failed list.
  const rows = all.filter((row) => kindOf(row.kind) !== undefined);
  const files = await filesOfSources(
    deps.db,
    rows.filter((row) => kindOf(row.kind)?.fileId(row.settings) != null).map((row) => row.id),
  );
  return rows.map((row) => toSource(row, now, files.get(row.id), deps.stuckMinutes));
}

/**
 * A host on the refused list is refused when the source is saved, with the reason: it would never sync. A
 * name that does not resolve is saved all the same (DNS may be down for a moment); its card will say so.
 */
export async function refuseBlockedHost(host: string | null, reach: SourceReach): Promise<void> {
  if (host === null) return;
  try {
    await resolveAllowedHost(host, reach.allowedHosts, reach.lookup);
  } catch (error) {
    if (error instanceof HostRefusedError && error.kind === 'refused')
      throw new ApiError(400, error.message, 'host_refused');
  }
}

/** The user's uploaded file a kind reads, or a 400 when it is not theirs or another source's. */
export async function requireSourceFile(
  deps: SourcesDeps,
  userId: string,
  fileId: string,
  sourceId?: string,
): Promise<SourceFileRow> {
  const file = await findSourceFile(deps.db, userId, fileId);
  if (file === undefined || (file.sourceId !== null && file.sourceId !== sourceId))
    throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
  return file;
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

export async function createSource(deps: SourcesDeps, userId: string, input: CreateSource): Promise<Source> {
  const kind = savedKind(input.kind);
  const id = randomUUID();
  const fileId = kind.fileId(input.settings);
  const file = fileId === null ? undefined : await requireSourceFile(deps, userId, fileId, id);
  await refuseBlockedHost(kind.host(input.settings), deps.reach);
  // A kind without a password keeps a sealed empty one in the column.
  const password = kind.password === 'none' || !('password' in input) ? '' : input.password;
  await deps.db.transaction().execute(async (tx) => {
    await refuseSourcePastCap(tx, deps, userId);
    await insertSource(tx, {
      id,
      userId,
      kind: input.kind,
      name: (input.name ?? kind.defaultName(input.settings, file)).slice(0, 100),
      settings: input.settings,
      secret: deps.secrets.seal(password, passwordContext(id)),
      nextSyncAt: new Date(),
    });
    if (fileId !== null && !(await attachSourceFile(tx, fileId, userId, id)))
      throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
  });
  // The first sync starts now; were the queue to fail, the due sweep still finds next_sync_at in the past.
  await deps.queue.syncSoon(id).catch(() => undefined);
  return sourceOf(deps, userId, id);
}

/** Saved settings with a change's given fields over them (not checked against a schema). */
export function withChange(saved: unknown, change: object | undefined): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(saved as Record<string, unknown>) };
  for (const [key, value] of Object.entries(change ?? {})) if (value !== undefined) merged[key] = value;
  return merged;
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
  const kind = savedKind(saved.kind);
  // A database password may be empty (a server that asks none); a mailbox's never.
  if (kind.password === 'required' && update.password === '')
    throw new ApiError(400, SOURCE_MESSAGES.passwordRequired, 'invalid_request');
  // Before anything is changed (a new table clears the checkpoint): a moved connection needs the password.
  requirePasswordForMovedConnection(
    kind,
    saved.settings,
    withChange(saved.settings, update.settings),
    update.password,
  );
  const settings = await changedSettings(deps, userId, kind, saved, update.settings);
  // Where it connects moved (a host, or an address's host): checked again, whichever field names it.
  if (update.settings !== undefined && kind.host(settings) !== kind.host(saved.settings))
    await refuseBlockedHost(kind.host(settings), deps.reach);
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
 * A source's settings with a change: merged, then checked whole against its kind's schema (a field of another
 * kind, or a table and a query both, is a 400). A change of one of the kind's restart fields (a new table,
 * query, id column or file) starts the source over: its checkpoint goes, so the next sync reads every item
 * (unchanged ones are still not indexed again).
 */
async function changedSettings(
  deps: SourcesDeps,
  userId: string,
  kind: AnySourceKind,
  saved: { id: string; kind: string; settings: unknown },
  change: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  if (change === undefined) return saved.settings as Record<string, unknown>;
  // The update schema took the change as any kind's; here it must be this kind's fields alone.
  const own = new Set(Object.keys(kind.settings.shape));
  const given = Object.keys(change).filter((key) => change[key] !== undefined);
  const foreign = given.filter((key) => !own.has(key));
  if (foreign.length > 0)
    throw new ApiError(
      400,
      `A ${saved.kind} source has no setting ${foreign.join(', ')}.`,
      DATABASE_ERROR_CODES.badSettings,
    );
  const parsed = kind.settings.safeParse(withChange(saved.settings, change));
  if (!parsed.success)
    throw new ApiError(
      400,
      parsed.error.issues[0]?.message ?? 'These settings do not fit this source.',
      DATABASE_ERROR_CODES.badSettings,
    );
  const fileId = typeof change.file_id === 'string' ? kind.fileId(parsed.data) : null;
  if (fileId !== null) {
    if (!(await attachSourceFile(deps.db, fileId, userId, saved.id)))
      throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
    await deleteOtherSourceFiles(deps.db, saved.id, fileId);
  }
  // Only a value that changed starts over: a form sends every field back, the address too, on each edit.
  const before = saved.settings as Record<string, unknown>;
  const after = parsed.data as Record<string, unknown>;
  const changed = given.filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
  if (kind.restartFields.some((field) => changed.includes(field))) await forgetCheckpoint(deps.db, saved.id);
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
 * The source-remove job then hands the purge to the index ({@link removeSourceContent}); the minute sweep queues
 * it again should the queueing here fail.
 */
export async function removeSource(deps: SourcesDeps, userId: string, sourceId: string): Promise<void> {
  if (!(await markSourceRemoving(deps.db, userId, sourceId))) throw NOT_FOUND();
  await deps.queue.removeSoon(sourceId).catch(() => undefined);
}

export interface RemovalOptions {
  /** Tests: before the removal's transaction (a throw fails the job, which is retried). */
  beforeRemoval?: (sourceId: string) => Promise<void> | void;
  /** What the source's kind keeps outside the database (a repository's copy), removed after its row. */
  forget?: ((kind: string, sourceId: string) => Promise<void>) | undefined;
}

/**
 * The source-remove job's work: a source marked as being removed is handed to the index as a purge (the search
 * service takes every document it brought in out of the index and the statistics, a batch a transaction), and its
 * row goes with its identities, files and folder checkpoints (cascade), in one transaction. Idempotent: a source
 * already gone is nothing to do. Answers how many items the source held.
 */
export async function removeSourceContent(
  db: DatabaseHandle,
  sourceId: string,
  options: RemovalOptions = {},
): Promise<number> {
  const source = await sourceBeingRemoved(db, sourceId);
  if (source === undefined) return 0;
  await options.beforeRemoval?.(sourceId);
  const held = await db.transaction().execute(async (tx) => {
    const count = await sourceItemCount(tx, sourceId);
    await handOverPurge(tx, { sourceId, userId: source.userId });
    await deleteSourceRow(tx, sourceId);
    return count;
  });
  await options.forget?.(source.kind, sourceId);
  return held;
}
