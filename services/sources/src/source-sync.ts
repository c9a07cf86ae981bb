import { createHash } from 'node:crypto';
import {
  type DatabaseHandle,
  describeError,
  type Logger,
  type SecretBox,
  SecretBoxError,
} from '@trove/service-core';
import { handOverDeletions, handOverItems } from './intake.repository';
import type { AnySourceKind, SourceContext, SyncRun, SyncStep } from './kinds/source-kind';
import type { SyncRunResult } from './source-jobs';
import { DocumentAllowance, quotaAttention, SourceQuotaReached } from './source-quota';
import {
  allItemIdentities,
  deleteItemIdentities,
  itemIdentities,
  saveItemIdentities,
  saveSourceCheckpoint,
  sourceCheckpoint,
} from './source-items.repository';
import { openSourcePassword } from './source-secrets';
import { type AttentionDetail, retryDelayMinutes, type SyncProgress } from './source-status';
import {
  type SourceChange,
  type SourceWithSecret,
  sourceWithSecret,
  updateSource,
  withSourceLock,
} from './sources.repository';
import { lockRunningSource, SyncStopped } from './sync-stop';

// The sync life cycle, written once for every kind (issue 34 item 2; docs/decisions/084-one-source-kind-interface.md):
// 1. One run per source at a time (the source's advisory lock) and at most SOURCE_SYNCS_PER_USER per user;
//    otherwise 'busy', and the queue sends it again.
// 2. The card says "syncing n of N" while it runs; the next try is set to that of one more failure first, so a
//    run cut short by a crash is picked up again by the due sweep, from its checkpoint.
// 3. Each step the kind yields is one transaction on the pool: the source's row locked (a pause or a removal
//    made meanwhile stops the run there), the user's documents bound checked before, the step's items and
//    deletions handed to the index (the intake, docs/decisions/170-sources-service.md) and the kind's own writes,
//    the checkpoint after it and the progress — a crash leaves a batch wholly handed over or not at all, and
//    never hands one over twice.
// 4. Deletions: the kind's `gone`, and the keys `listIds` no longer lists.
// 5. Up to date with the next sync, or needs attention with the kind's words, retried with back-off when the
//    kind says the problem passes by itself (never a wrong password).

export interface SourceSyncOptions {
  secrets: SecretBox;
  logger: Logger;
  context: Omit<SourceContext, 'db' | 'now'>;
  /** SOURCE_SYNC_INTERVAL_MINUTES: the next sync after one that succeeded. */
  intervalMinutes: number;
  /** SOURCE_SYNCS_PER_USER: a user's sources syncing at once (sources.repository.ts, withSourceLock). */
  syncsPerUser?: number | undefined;
  /** SOURCE_DOCUMENTS_PER_USER: documents a user's sources may hold together (source-quota.ts). */
  documentsPerUser?: number | undefined;
  now?: (() => Date) | undefined;
  /** Called after a committed step wrote intake rows (the search service is told they wait). */
  onStored?: (() => void) | undefined;
  /** Tests: after each step that handled items is committed. */
  afterBatch?: ((progress: { done: number }) => Promise<void> | void) | undefined;
}

/** Keys removed per transaction by the listIds compare. */
const DELETE_BATCH = 500;

/**
 * A step's write to the intake failed (Trove's own database, not the source's system): told apart so the card
 * does not blame the source for it.
 */
class IndexWriteError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/** A sync's own writes to its source: never over a pause or a removal made while it ran. */
const recordOnSource = (db: DatabaseHandle, sourceId: string, change: SourceChange) =>
  updateSource(db, sourceId, change, undefined, { unlessPaused: true });

/**
 * One run of a source's sync with the kind its row names, if no other run holds it ('busy' then). Never throws
 * for what the card can say; only when even that cannot be written (the database away), for the job library.
 */
export async function runSourceSync(
  db: DatabaseHandle,
  sourceId: string,
  kinds: Readonly<Record<string, AnySourceKind | undefined>>,
  options: SourceSyncOptions,
): Promise<SyncRunResult> {
  // The lock's connection reads; each step is written in a transaction of the pool's, so with a kind that reads
  // ahead the next step is prepared while one is written.
  const held = await withSourceLock(
    db,
    sourceId,
    (connection) => syncSource(connection, db, sourceId, kinds, options),
    options.syncsPerUser,
  );
  return held.ran ? 'done' : 'busy';
}

async function syncSource(
  db: DatabaseHandle,
  pool: DatabaseHandle,
  sourceId: string,
  kinds: Readonly<Record<string, AnySourceKind | undefined>>,
  options: SourceSyncOptions,
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const source = await sourceWithSecret(db, sourceId);
  const kind = source === undefined ? undefined : kinds[source.kind];
  if (source === undefined || source.state === 'paused' || kind === undefined) return;
  const startedAt = now();
  const failures = source.consecutive_failures + 1;
  const progress: SyncProgress = {
    done: 0,
    total: null,
    started_at: startedAt.toISOString(),
    progress_at: startedAt.toISOString(),
  };
  await recordOnSource(db, sourceId, {
    state: 'syncing',
    detail: progress,
    nextSyncAt: addMinutes(startedAt, retryDelayMinutes(failures)),
  });
  // Stored by this service from the same schema; parsed again so an old row missing a newer field reads well.
  const settings: unknown = kind.settings.parse(source.settings);
  const closers: (() => Promise<void>)[] = [];
  try {
    const password = kind.password === 'none' ? '' : await openSourcePassword(db, options.secrets, source);
    const run: SyncRun<unknown, unknown> = {
      source: { id: source.id, userId: source.user_id, settings, password },
      checkpoint: await sourceCheckpoint(db, sourceId),
      context: { ...options.context, db, now },
      db,
      closeAfter: (close) => void closers.push(close),
    };
    const allowance = await DocumentAllowance.of(
      db,
      source.user_id,
      options.documentsPerUser ?? Number.POSITIVE_INFINITY,
    );
    await runSteps(pool, kind, run, source, progress, allowance, options);
    if ((await removeUnlisted(db, pool, kind, run, source)) > 0) options.onStored?.();
    const finished = now();
    await recordOnSource(db, sourceId, {
      state: 'up_to_date',
      detail: {},
      lastSyncAt: finished,
      nextSyncAt: addMinutes(finished, kind.intervalMinutes?.(settings) ?? options.intervalMinutes),
      consecutiveFailures: 0,
    });
  } catch (error) {
    if (error instanceof SyncStopped) return;
    await recordFailure(db, kind, source, settings, error, failures, now(), options.logger);
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

/** The kind's steps, each stored in its transaction; with `readAhead`, the next is read while one is written. */
async function runSteps(
  pool: DatabaseHandle,
  kind: AnySourceKind,
  run: SyncRun<unknown, unknown>,
  source: SourceWithSecret,
  progress: SyncProgress,
  allowance: DocumentAllowance,
  options: SourceSyncOptions,
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const steps = kind.sync(run)[Symbol.asyncIterator]();
  let following: Promise<IteratorResult<SyncStep<unknown>>> | undefined;
  try {
    let next = await steps.next();
    while (next.done !== true) {
      const step = next.value;
      // Counted before it is written: a batch past the user's documents is not stored at all.
      allowance.take(step.fresh ?? step.items?.length ?? 0);
      if (step.total !== undefined) progress.total = step.total;
      const writing = storeStep(pool, source, step, progress, now()).catch((error: unknown) => {
        throw error instanceof SyncStopped || error instanceof SourceQuotaReached
          ? error
          : new IndexWriteError(error);
      });
      if (kind.readAhead === true) {
        // Handled at once: a failed write must not surface as an unhandled rejection while the next is read.
        writing.catch(() => undefined);
        following = steps.next();
        following.catch(() => undefined);
      }
      const queued = await writing;
      progress.done += step.count ?? 0;
      if (step.count !== undefined || step.total !== undefined) progress.progress_at = now().toISOString();
      if (queued > 0) options.onStored?.();
      if ((step.count ?? 0) > 0) await options.afterBatch?.({ done: progress.done });
      next = await (following ?? steps.next());
      following = undefined;
    }
  } finally {
    // A run that stops midway closes what the kind opened (its generator's finally): after a read in flight.
    await following?.catch(() => undefined);
    await steps.return?.(undefined).catch(() => undefined);
  }
}

/** One step in one transaction; answers how many intake rows it wrote. */
async function storeStep(
  pool: DatabaseHandle,
  source: SourceWithSecret,
  step: SyncStep<unknown>,
  progress: SyncProgress,
  at: Date,
): Promise<number> {
  return pool.transaction().execute(async (tx) => {
    await lockRunningSource(tx, source.id);
    const owner = { sourceId: source.id, userId: source.user_id };
    let handed = 0;
    if (step.gone !== undefined && step.gone.length > 0) {
      await deleteItemIdentities(tx, source.id, step.gone);
      await handOverDeletions(tx, owner, step.gone);
      handed += step.gone.length;
    }
    handed += step.items === undefined ? 0 : await storeItems(tx, source, step.items);
    handed += (await step.write?.(tx))?.queued ?? 0;
    if (step.checkpoint !== undefined) await saveSourceCheckpoint(tx, source.id, step.checkpoint);
    if (step.count !== undefined || step.total !== undefined)
      await recordOnSource(tx, source.id, {
        detail: { ...progress, done: progress.done + (step.count ?? 0), progress_at: at.toISOString() },
      });
    return handed;
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Raw items: new and changed ones go to the index (a changed one replaces its document), unchanged stay. */
async function storeItems(
  tx: DatabaseHandle,
  source: SourceWithSecret,
  items: SyncStep<unknown>['items'] & object,
): Promise<number> {
  // One per key: the last of a batch stands for it.
  const byKey = new Map(items.map((item) => [item.key, { item, sha256: sha256(item.bytes) }]));
  const known = await itemIdentities(tx, source.id, [...byKey.keys()]);
  const fresh = [...byKey.values()].filter(({ item, sha256: hash }) => known.get(item.key)?.sha256 !== hash);
  const owner = { sourceId: source.id, userId: source.user_id };
  await saveItemIdentities(
    tx,
    owner,
    fresh.map(({ item, sha256: hash }) => ({ key: item.key, folder: item.folder ?? '', sha256: hash })),
  );
  await handOverItems(
    tx,
    owner,
    fresh.map(({ item }) => ({
      key: item.key,
      folder: item.folder ?? '',
      name: item.name,
      mediaType: item.mediaType,
      format: item.format,
      bytes: item.bytes,
    })),
  );
  return fresh.length;
}

/** The keys stored and no longer listed by the kind leave the index, a slice a transaction. */
async function removeUnlisted(
  db: DatabaseHandle,
  pool: DatabaseHandle,
  kind: AnySourceKind,
  run: SyncRun<unknown, unknown>,
  source: SourceWithSecret,
): Promise<number> {
  const listed = await kind.listIds?.(run);
  if (listed === undefined || listed === null) return 0;
  const gone = (await allItemIdentities(db, source.id))
    .filter((identity) => !listed.present.has(identity.key))
    .map((identity) => identity.key);
  const slices: string[][] = [];
  for (let start = 0; start < gone.length; start += DELETE_BATCH)
    slices.push(gone.slice(start, start + DELETE_BATCH));
  if (slices.length === 0) slices.push([]);
  for (const [index, slice] of slices.entries()) {
    if (slice.length === 0 && listed.write === undefined) continue;
    await pool.transaction().execute(async (tx) => {
      await lockRunningSource(tx, source.id);
      if (slice.length > 0) {
        await deleteItemIdentities(tx, source.id, slice);
        await handOverDeletions(tx, { sourceId: source.id, userId: source.user_id }, slice);
      }
      if (index === slices.length - 1) await listed.write?.(tx);
    });
  }
  return gone.length;
}

async function recordFailure(
  db: DatabaseHandle,
  kind: AnySourceKind,
  source: SourceWithSecret,
  settings: unknown,
  error: unknown,
  failures: number,
  at: Date,
  logger: Logger,
): Promise<void> {
  const attention: AttentionDetail =
    error instanceof SourceQuotaReached
      ? quotaAttention(error)
      : error instanceof IndexWriteError
        ? {
            problem: 'server',
            reason: `Storing the ${kind.itemNoun.many} in the search index failed: ${error.message}`,
            action:
              'It is tried again by itself, from the last batch stored; if this stays, an administrator can find the error in the sources service’s log.',
          }
        : error instanceof SecretBoxError
          ? {
              // The key that sealed it is gone (SECRETS_KEY changed without the old one kept).
              problem: 'auth',
              reason: 'The saved password can no longer be read.',
              action: 'Enter the password again in the source’s settings.',
            }
          : kind.describeFailure(error, settings);
  const retried =
    !(error instanceof SecretBoxError || error instanceof SourceQuotaReached) &&
    (error instanceof IndexWriteError || kind.retried.has(attention.problem));
  // Never the password: the kinds' errors name the host, user and database at most.
  logger.warn(
    {
      sourceId: source.id,
      kind: source.kind,
      problem: attention.problem,
      failures,
      error: describeError(error),
    },
    'source sync failed',
  );
  await recordOnSource(db, source.id, {
    state: 'needs_attention',
    detail: attention,
    nextSyncAt: retried ? addMinutes(at, retryDelayMinutes(failures)) : null,
    consecutiveFailures: failures,
  });
}
