import { createHash } from 'node:crypto';
import { type ImapSettings, ImapSettingsSchema } from '@trove/contracts';
import {
  type DatabaseHandle,
  describeError,
  type Logger,
  type SecretBox,
  SecretBoxError,
} from '@trove/service-core';
import {
  deleteDocumentsIn,
  insertDocumentsWithJobs,
  renameDocument,
} from '../../documents/documents.repository';
import type { SyncRunResult } from '../source-jobs';
import type { AttentionDetail, SyncProgress } from '../source-status';
import { RETRIED_PROBLEMS, retryDelayMinutes } from '../source-status';
import {
  deleteFolderCheckpoints,
  type FolderCheckpointRow,
  folderCheckpoints,
  identitiesAt,
  identitiesByKey,
  identitiesOutside,
  insertIdentities,
  type MessageIdentity,
  moveIdentity,
  saveFolderCheckpoint,
  type SourceChange,
  sourceWithSecret,
  type SourceWithSecret,
  uidsInFolder,
  updateSource,
  voidFolderUids,
  withSourceLock,
} from '../sources.repository';
import { DocumentAllowance, quotaAttention, SourceQuotaReached } from '../source-quota';
import { lockRunningSource, SyncStopped } from '../sync-stop';
import { openSourcePassword } from '../source-secrets';
import { ImapError, type ImapFolder, type ImapMessage, type ImapSession, uidsGone } from './imap-client';
import { connectImapSource, describeFailure, type ImapReach } from './imap-source';

// The IMAP sync (issue 21, "IMAP"): one run per source at a time (the source's lock), folder by folder.
//
// 1. Each selected folder's STATUS against its checkpoint: a new UIDVALIDITY voids the UIDs kept for it (they
//    become 0) and the folder is read again from the start.
// 2. New mail: UIDs above the checkpoint, in batches. Each batch is one transaction with the folder's new
//    checkpoint and the progress: a crash resumes after the last batch stored, and a batch is never stored
//    twice. A message is known by its identity, Message-ID + size (or its bytes' hash without a Message-ID):
//    a known one seen at a new place is a move or a renumbering, so only its place changes; a new one is
//    stored as a document exactly as an uploaded .eml is (its original bytes, an extraction job).
// 3. Deletions, once every folder's new mail is in (so a message moved from A to B has already been found in
//    B): QRESYNC's VANISHED since the checkpoint's MODSEQ where the server has it, else a compare of every UID
//    every `uidCompareMinutes`; and the identities still at UID 0 after a UIDVALIDITY change, and those in
//    folders no longer read. Each goes through the documents repository's delete (index and statistics).
// 4. The card: syncing n of N while it runs; up to date with the next sync; or needs attention with the
//    reason, what to do, and when it is tried again (never after a wrong password).

export interface ImapSyncOptions {
  secrets: SecretBox;
  reach: ImapReach;
  logger: Logger;
  /** SOURCE_SYNC_INTERVAL_MINUTES: the next sync after one that succeeded. */
  intervalMinutes: number;
  /** SOURCE_SYNCS_PER_USER: a user's sources syncing at once (sources.repository.ts, withSourceLock). */
  syncsPerUser?: number;
  /** SOURCE_DOCUMENTS_PER_USER: documents a user's sources may hold together (source-quota.ts). */
  documentsPerUser?: number;
  /** This run's count of them (set by the run). */
  allowance?: DocumentAllowance;
  /** Messages a batch starts with (each batch is one transaction); fewer when messages are large. */
  batchSize?: number;
  /** Without QRESYNC, how often a folder's UIDs are compared with the server's to find deletions. */
  uidCompareMinutes?: number;
  /** Use QRESYNC where the server has it (default); false finds deletions by the UID compare alone. */
  qresync?: boolean;
  now?: () => Date;
  /** Called after a committed batch stored new documents: their extraction jobs are queued (the worker wakes). */
  onStored?: () => void;
  /** Called after each batch is committed (the fault tests stop the server there). */
  afterBatch?: (progress: { folder: string; lastUid: number; done: number }) => Promise<void> | void;
}

const DEFAULT_BATCH = 50;
/** Bytes of messages one batch should hold at most; the batch size adapts to the last batch's messages. */
const BATCH_BYTES = 16 * 1024 * 1024;
const DEFAULT_UID_COMPARE_MINUTES = 60;
/** Identities removed per transaction. */
const DELETE_BATCH = 200;

/** What makes a message one message wherever it is filed: Message-ID + size, or its bytes without an ID. */
export function messageIdentity(message: Pick<ImapMessage, 'messageId' | 'size' | 'source'>): string {
  const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
  const messageId = message.messageId?.trim();
  return messageId !== undefined && messageId !== ''
    ? `mid:${hash(messageId)}:${message.size}`
    : `sha:${hash(message.source)}`;
}

/** A message's file name: where it is filed, so a result says which folder it is in. */
export const messageName = (folder: string, uid: number) => `${folder}/${uid}.eml`;

/** The folders a source reads: its list, or every folder but Trash, Junk, Drafts, All Mail and Starred (by special-use flag). */
export function selectedFolders(folders: ImapFolder[], chosen: string[] | null): ImapFolder[] {
  if (chosen === null) return folders.filter((folder) => folder.selectedByDefault);
  const wanted = new Set(chosen);
  return folders.filter((folder) => wanted.has(folder.path));
}

/** A sync's own writes to its source: never over a pause or a removal made while it ran. */
const recordOnSource = (db: DatabaseHandle, sourceId: string, change: SourceChange) =>
  updateSource(db, sourceId, change, undefined, { unlessPaused: true });

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/**
 * One run of a source's sync, if no other run holds it ('busy' then). Never throws for what the card can
 * say (the server, the password, the network): that is recorded on the source. It throws only when even
 * that cannot be written (the database away), for the job library to retry.
 */
export async function runImapSync(
  db: DatabaseHandle,
  sourceId: string,
  options: ImapSyncOptions,
): Promise<SyncRunResult> {
  const held = await withSourceLock(
    db,
    sourceId,
    (connection) => syncSource(connection, sourceId, options),
    options.syncsPerUser,
  );
  return held.ran ? 'done' : 'busy';
}

async function syncSource(db: DatabaseHandle, sourceId: string, options: ImapSyncOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const source = await sourceWithSecret(db, sourceId);
  if (source === undefined || source.state === 'paused') return;
  const settings = ImapSettingsSchema.parse(source.settings);
  const startedAt = now();
  // Until it ends well, the next try is that of one more failure: a run cut short by a crash is picked up
  // again by the due sweep, from its checkpoints.
  const failures = source.consecutive_failures + 1;
  const progress: SyncProgress = { done: 0, total: null, started_at: startedAt.toISOString() };
  await recordOnSource(db, sourceId, {
    state: 'syncing',
    detail: progress,
    nextSyncAt: addMinutes(startedAt, retryDelayMinutes(failures)),
  });
  let session: ImapSession | undefined;
  try {
    const password = await openSourcePassword(db, options.secrets, source);
    session = await connectImapSource(settings, password, options.reach);
    const allowance = await DocumentAllowance.of(
      db,
      source.user_id,
      options.documentsPerUser ?? Number.POSITIVE_INFINITY,
    );
    await readMailbox(db, session, source, settings, progress, { ...options, allowance });
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
    await recordFailure(db, source, settings, error, failures, now(), options.logger);
  } finally {
    await session?.close();
  }
}

async function recordFailure(
  db: DatabaseHandle,
  source: SourceWithSecret,
  settings: ImapSettings,
  error: unknown,
  failures: number,
  at: Date,
  logger: Logger,
): Promise<void> {
  const attention: AttentionDetail =
    error instanceof SourceQuotaReached
      ? quotaAttention(error)
      : error instanceof SecretBoxError
        ? {
            // The key that sealed it is gone (SECRETS_KEY changed without the old one kept).
            problem: 'auth',
            reason: 'The saved password can no longer be read.',
            action: 'Enter the password again in the source’s settings.',
          }
        : describeFailure(error, settings);
  const retried =
    !(error instanceof SecretBoxError || error instanceof SourceQuotaReached) &&
    RETRIED_PROBLEMS.has(attention.problem);
  // The password is never part of what is logged: ImapError and HostRefusedError messages name the host only.
  logger.warn(
    { sourceId: source.id, problem: attention.problem, failures, error: describeError(error) },
    'source sync failed',
  );
  await recordOnSource(db, source.id, {
    state: 'needs_attention',
    detail: attention,
    nextSyncAt: retried ? addMinutes(at, retryDelayMinutes(failures)) : null,
    consecutiveFailures: failures,
  });
}

interface FolderPlan {
  folder: ImapFolder;
  checkpoint: FolderCheckpointRow;
}

async function readMailbox(
  db: DatabaseHandle,
  session: ImapSession,
  source: SourceWithSecret,
  settings: ImapSettings,
  progress: SyncProgress,
  options: ImapSyncOptions,
): Promise<void> {
  const folders = selectedFolders(await session.listFolders(), settings.folders);
  if (folders.length === 0) {
    throw new ImapError('no-folders', `${settings.host} has none of the folders chosen for this source.`);
  }
  const kept = await folderCheckpoints(db, source.id);
  const plans: FolderPlan[] = [];
  let total = 0;
  for (const folder of folders) {
    const status = await session.folderStatus(folder.path);
    let checkpoint = kept.get(folder.path);
    if (checkpoint === undefined || checkpoint.uidValidity !== status.uidValidity) {
      // A new folder, or one whose UIDs the server renumbered: read it from the start. The MODSEQ is taken
      // now, before any message is read, so what is expunged from here on is reported to the next sync.
      checkpoint = {
        path: folder.path,
        uidValidity: status.uidValidity,
        lastUid: 0,
        highestModseq: status.highestModseq ?? null,
        comparedAt: null,
      };
      const fresh = checkpoint;
      await db.transaction().execute(async (tx) => {
        await voidFolderUids(tx, source.id, folder.path);
        await saveFolderCheckpoint(tx, source.id, { ...fresh, comparedAt: null });
      });
    }
    total += Math.max(0, Math.min(status.messages, status.uidNext - 1 - checkpoint.lastUid));
    plans.push({ folder, checkpoint });
  }
  progress.total = total;
  await recordOnSource(db, source.id, { detail: progress });

  for (const plan of plans) await readNewMail(db, session, source, plan, progress, options);
  for (const plan of plans) await removeDeleted(db, session, source, plan, options);
  await forgetOtherFolders(
    db,
    source,
    plans.map((plan) => plan.folder.path),
    [...kept.keys()].filter((path) => !plans.some((plan) => plan.folder.path === path)),
  );
}

async function readNewMail(
  db: DatabaseHandle,
  session: ImapSession,
  source: SourceWithSecret,
  plan: FolderPlan,
  progress: SyncProgress,
  options: ImapSyncOptions,
): Promise<void> {
  let batchSize = options.batchSize ?? DEFAULT_BATCH;
  for (;;) {
    const batch: ImapMessage[] = [];
    for await (const message of session.fetchSince(
      plan.folder.path,
      plan.checkpoint.lastUid,
      batchSize,
      BATCH_BYTES,
    )) {
      batch.push(message);
    }
    const last = batch.at(-1);
    if (last === undefined) return;
    const bytes = batch.reduce((sum, message) => sum + message.source.byteLength, 0);
    // Counted before it is stored (at most one document a message: one filed twice is counted twice here).
    options.allowance?.take(batch.length);
    await storeBatch(db, source, plan, batch, progress);
    plan.checkpoint.lastUid = last.uid;
    progress.done += batch.length;
    options.onStored?.();
    await options.afterBatch?.({ folder: plan.folder.path, lastUid: last.uid, done: progress.done });
    // Large messages make smaller batches: a batch's messages are all in memory until it is stored.
    const average = Math.max(1, bytes / batch.length);
    batchSize = Math.max(1, Math.min(options.batchSize ?? DEFAULT_BATCH, Math.floor(BATCH_BYTES / average)));
  }
}

async function storeBatch(
  db: DatabaseHandle,
  source: SourceWithSecret,
  plan: FolderPlan,
  batch: ImapMessage[],
  progress: SyncProgress,
): Promise<void> {
  const path = plan.folder.path;
  await db.transaction().execute(async (tx) => {
    await lockRunningSource(tx, source.id);
    const keyed = batch.map((message) => ({ message, key: messageIdentity(message) }));
    const known = await identitiesByKey(
      tx,
      source.id,
      keyed.map((entry) => entry.key),
    );
    // New messages are stored together after the loop (two statements for the documents and their jobs, one for
    // the identities, instead of three per message). One seen twice in the batch is one document, at its last place.
    const fresh = new Map<string, ImapMessage>();
    for (const { message, key } of keyed) {
      const identity = known.get(key);
      if (identity === undefined) {
        fresh.set(key, message);
        continue;
      }
      // Seen before: moved here, or renumbered by a UIDVALIDITY change. One document, at its new place.
      if (identity.folder !== path || identity.uid !== message.uid) {
        await moveIdentity(tx, source.id, key, { folder: path, uid: message.uid });
        await renameDocument(tx, identity.documentId, messageName(path, message.uid));
        known.set(key, { ...identity, folder: path, uid: message.uid });
      }
    }
    const stored = [...fresh];
    const documentIds = await insertDocumentsWithJobs(
      tx,
      stored.map(([, message]) => ({
        userId: source.user_id,
        name: messageName(path, message.uid),
        mediaType: 'message/rfc822',
        kind: 'eml',
        bytes: message.source,
        sourceId: source.id,
      })),
    );
    await insertIdentities(
      tx,
      { sourceId: source.id, userId: source.user_id },
      stored.map(([key, message], index) => ({
        itemKey: key,
        folder: path,
        uid: message.uid,
        documentId: documentIds[index] ?? '',
      })),
    );
    const last = batch.at(-1);
    await saveFolderCheckpoint(tx, source.id, {
      path,
      uidValidity: plan.checkpoint.uidValidity,
      lastUid: last?.uid ?? plan.checkpoint.lastUid,
    });
    await recordOnSource(tx, source.id, {
      detail: { ...progress, done: progress.done + batch.length },
    });
  });
}

/**
 * Takes the documents of these identities out of the index (and the identities with them, by cascade), a
 * slice a transaction; `then` runs in the last one (a checkpoint that says the deletions are done).
 */
async function removeIdentities(
  db: DatabaseHandle,
  source: SourceWithSecret,
  identities: MessageIdentity[],
  then?: (tx: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const slices: MessageIdentity[][] = [];
  for (let start = 0; start < identities.length; start += DELETE_BATCH)
    slices.push(identities.slice(start, start + DELETE_BATCH));
  if (slices.length === 0) {
    if (then === undefined) return;
    slices.push([]);
  }
  for (const [index, slice] of slices.entries()) {
    await db.transaction().execute(async (tx) => {
      await lockRunningSource(tx, source.id);
      // Set-based, the documents locked in id order first (the documents repository's lock order): one by one,
      // each delete took the user's statistics row before the next document's lock, the reverse of indexing.
      await deleteDocumentsIn(
        tx,
        source.user_id,
        slice.map((identity) => identity.documentId),
      );
      if (index === slices.length - 1) await then?.(tx);
    });
  }
}

async function removeDeleted(
  db: DatabaseHandle,
  session: ImapSession,
  source: SourceWithSecret,
  plan: FolderPlan,
  options: ImapSyncOptions,
): Promise<void> {
  const path = plan.folder.path;
  const { checkpoint } = plan;
  // Renumbered by a UIDVALIDITY change and not found again when the folder was read: gone.
  const voided = await identitiesAt(db, source.id, path, [0]);
  await removeIdentities(db, source, voided);

  if (options.qresync !== false && session.capabilities.qresync && checkpoint.highestModseq !== null) {
    const delta = await session.vanishedSince(path, {
      uidValidity: checkpoint.uidValidity,
      highestModseq: checkpoint.highestModseq,
    });
    // Renumbered since this run began: the next run reads the folder again.
    if (delta.uidValidityChanged) return;
    const gone = await identitiesAt(db, source.id, path, delta.items);
    await removeIdentities(db, source, gone, (tx) =>
      saveFolderCheckpoint(tx, source.id, {
        path,
        uidValidity: checkpoint.uidValidity,
        highestModseq: delta.highestModseq,
      }),
    );
    checkpoint.highestModseq = delta.highestModseq;
    return;
  }

  const now = options.now?.() ?? new Date();
  const every = options.uidCompareMinutes ?? DEFAULT_UID_COMPARE_MINUTES;
  if (checkpoint.comparedAt !== null && now.getTime() - checkpoint.comparedAt.getTime() < every * 60_000)
    return;
  const listed = await session.listUids(path);
  if (listed.uidValidity !== checkpoint.uidValidity) return;
  const gone = uidsGone(await uidsInFolder(db, source.id, path), listed.uids);
  const identities = await identitiesAt(db, source.id, path, gone);
  await removeIdentities(db, source, identities, (tx) =>
    saveFolderCheckpoint(tx, source.id, { path, uidValidity: checkpoint.uidValidity, comparedAt: now }),
  );
  checkpoint.comparedAt = now;
}

/** Messages in folders the source no longer reads (unselected, or gone from the server) leave the index. */
async function forgetOtherFolders(
  db: DatabaseHandle,
  source: SourceWithSecret,
  read: string[],
  dropped: string[],
): Promise<void> {
  for (;;) {
    const outside = await identitiesOutside(db, source.id, read, DELETE_BATCH);
    if (outside.length === 0) break;
    await removeIdentities(db, source, outside);
  }
  if (dropped.length > 0) await deleteFolderCheckpoints(db, source.id, dropped);
}
