import { createHash } from 'node:crypto';
import type { ImapSettings } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { handOverItems, handOverRename } from '../../intake.repository';
import { BATCH_BYTES, FIRST_BATCH, nextBatchSize } from './batch-size';
import { ImapError, type ImapFolder, type ImapMessage, uidsGone } from './imap-client';
import type { MailboxSession } from './imap-sandbox';
import { connectImapSource } from './imap-source';
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
  uidsInFolder,
  voidFolderUids,
} from '../../sources.repository';
import type { SavedSource, SyncRun, SyncStep } from '../source-kind';

// The IMAP sync (issue 21, "IMAP"), folder by folder, as steps of the sync life cycle (source-sync.ts: the
// lock, the card, each step's transaction, pause and back-off).
//
// 1. Each selected folder's STATUS against its checkpoint: a new UIDVALIDITY voids the UIDs kept for it (they
//    become 0) and the folder is read again from the start.
// 2. New mail: UIDs above the checkpoint, in batches. Each batch is one step (one transaction) with the folder's
//    new checkpoint and the progress: a crash resumes after the last batch stored, and a batch is never stored
//    twice. A message is known by its identity, Message-ID + size (or its bytes' hash without a Message-ID):
//    a known one seen at a new place is a move or a renumbering, so only its place changes; a new one is
//    handed to the index exactly as an uploaded .eml is stored (its original bytes, an extraction job: the search
//    service's, through the intake; docs/decisions/170-sources-service.md).
// 3. Deletions, once every folder's new mail is in (so a message moved from A to B has already been found in
//    B): QRESYNC's VANISHED since the checkpoint's MODSEQ where the server has it, else a compare of every UID
//    every `uidCompareMinutes`; and the identities still at UID 0 after a UIDVALIDITY change, and those in
//    folders no longer read. Each identity goes, and the index is told through the intake.
// 4. The card: syncing n of N while it runs; up to date with the next sync; or needs attention with the
//    reason, what to do, and when it is tried again (never after a wrong password).

type ImapRun = SyncRun<ImapSettings, never>;
type ImapStep = SyncStep<never>;

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

/**
 * The mailbox's steps for the sync life cycle (source-sync.ts): the folders' plans, each folder's new mail a
 * batch at a time, then the deletions. Each step is stored before the next is read (no read-ahead: a folder's
 * deletions read the identities its new mail just moved).
 */
export async function* imapSteps(run: ImapRun): AsyncGenerator<ImapStep> {
  const { source, db } = run;
  const session = await connectImapSource(source.settings, source.password, run.context);
  try {
    const folders = selectedFolders(await session.listFolders(), source.settings.folders);
    if (folders.length === 0) {
      throw new ImapError(
        'no-folders',
        `${source.settings.host} has none of the folders chosen for this source.`,
      );
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
        const fresh: FolderCheckpointRow = {
          path: folder.path,
          uidValidity: status.uidValidity,
          lastUid: 0,
          highestModseq: status.highestModseq ?? null,
          comparedAt: null,
        };
        checkpoint = fresh;
        yield {
          write: async (tx) => {
            await voidFolderUids(tx, source.id, folder.path);
            await saveFolderCheckpoint(tx, source.id, { ...fresh, comparedAt: null });
            return undefined;
          },
        };
      }
      total += Math.max(0, Math.min(status.messages, status.uidNext - 1 - checkpoint.lastUid));
      plans.push({ folder, checkpoint });
    }
    yield { total };
    for (const plan of plans) yield* newMail(session, source, plan, run);
    for (const plan of plans) yield* deletedMail(session, source, plan, run);
    yield* otherFolders(
      db,
      source,
      plans.map((plan) => plan.folder.path),
      [...kept.keys()].filter((path) => !plans.some((plan) => plan.folder.path === path)),
    );
  } finally {
    await session.close();
  }
}

interface FolderPlan {
  folder: ImapFolder;
  checkpoint: FolderCheckpointRow;
}

async function* newMail(
  session: MailboxSession,
  source: SavedSource<ImapSettings>,
  plan: FolderPlan,
  run: ImapRun,
): AsyncGenerator<ImapStep> {
  const fixed = run.context.imap.batchSize;
  let batchSize = fixed ?? FIRST_BATCH;
  for (;;) {
    const started = performance.now();
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
    // Counted as fresh before it is stored (at most one document a message: one filed twice counts twice here).
    yield {
      count: batch.length,
      fresh: batch.length,
      write: (tx) => storeMessages(tx, source, plan, batch),
    };
    plan.checkpoint.lastUid = last.uid;
    // Large messages make smaller batches; a fast server larger ones, a slow one smaller.
    batchSize = nextBatchSize(
      { messages: batch.length, bytes, elapsedMs: performance.now() - started },
      fixed,
    );
  }
}

/** A batch's messages: known ones moved to their new place, new ones stored; the folder's checkpoint after it. */
async function storeMessages(
  tx: DatabaseHandle,
  source: SavedSource<ImapSettings>,
  plan: FolderPlan,
  batch: ImapMessage[],
): Promise<{ queued: number }> {
  const path = plan.folder.path;
  const keyed = batch.map((message) => ({ message, key: messageIdentity(message) }));
  const known = await identitiesByKey(
    tx,
    source.id,
    keyed.map((entry) => entry.key),
  );
  // New messages are handed over together after the loop (one statement for the intake, one for the identities,
  // instead of two per message). One seen twice in the batch is one document, at its last place.
  const owner = { sourceId: source.id, userId: source.userId };
  let renamed = 0;
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
      await handOverRename(tx, owner, { key, name: messageName(path, message.uid), folder: path });
      renamed += 1;
      known.set(key, { ...identity, folder: path, uid: message.uid });
    }
  }
  const stored = [...fresh];
  await handOverItems(
    tx,
    owner,
    stored.map(([key, message]) => ({
      key,
      folder: path,
      name: messageName(path, message.uid),
      mediaType: 'message/rfc822',
      format: 'eml',
      bytes: message.source,
    })),
  );
  await insertIdentities(
    tx,
    owner,
    stored.map(([key, message]) => ({ itemKey: key, folder: path, uid: message.uid })),
  );
  await saveFolderCheckpoint(tx, source.id, {
    path,
    uidValidity: plan.checkpoint.uidValidity,
    lastUid: batch.at(-1)?.uid ?? plan.checkpoint.lastUid,
  });
  return { queued: stored.length + renamed };
}

/**
 * These identities go and their documents leave the index (the life cycle, by the step's `gone`), a slice a step;
 * `then` runs in the last one (a checkpoint that says the deletions are done).
 */
function* removal(
  identities: MessageIdentity[],
  then?: (tx: DatabaseHandle) => Promise<void>,
): Generator<ImapStep> {
  const slices: MessageIdentity[][] = [];
  for (let start = 0; start < identities.length; start += DELETE_BATCH)
    slices.push(identities.slice(start, start + DELETE_BATCH));
  if (slices.length === 0) {
    if (then === undefined) return;
    slices.push([]);
  }
  for (const [index, slice] of slices.entries()) {
    const last = index === slices.length - 1 && then !== undefined;
    yield {
      gone: slice.map((identity) => identity.itemKey),
      ...(last
        ? {
            write: async (tx: DatabaseHandle) => {
              await then(tx);
              return undefined;
            },
          }
        : {}),
    };
  }
}

async function* deletedMail(
  session: MailboxSession,
  source: SavedSource<ImapSettings>,
  plan: FolderPlan,
  run: ImapRun,
): AsyncGenerator<ImapStep> {
  const { db } = run;
  const path = plan.folder.path;
  const { checkpoint } = plan;
  // Renumbered by a UIDVALIDITY change and not found again when the folder was read: gone.
  yield* removal(await identitiesAt(db, source.id, path, [0]));

  const tuning = run.context.imap;
  if (tuning.qresync !== false && session.capabilities.qresync && checkpoint.highestModseq !== null) {
    const delta = await session.vanishedSince(path, {
      uidValidity: checkpoint.uidValidity,
      highestModseq: checkpoint.highestModseq,
    });
    // Renumbered since this run began: the next run reads the folder again.
    if (delta.uidValidityChanged) return;
    const gone = await identitiesAt(db, source.id, path, delta.items);
    yield* removal(gone, (tx) =>
      saveFolderCheckpoint(tx, source.id, {
        path,
        uidValidity: checkpoint.uidValidity,
        highestModseq: delta.highestModseq,
      }),
    );
    checkpoint.highestModseq = delta.highestModseq;
    return;
  }

  const now = run.context.now();
  const every = tuning.uidCompareMinutes ?? DEFAULT_UID_COMPARE_MINUTES;
  if (checkpoint.comparedAt !== null && now.getTime() - checkpoint.comparedAt.getTime() < every * 60_000)
    return;
  const listed = await session.listUids(path);
  if (listed.uidValidity !== checkpoint.uidValidity) return;
  const gone = uidsGone(await uidsInFolder(db, source.id, path), listed.uids);
  const identities = await identitiesAt(db, source.id, path, gone);
  yield* removal(identities, (tx) =>
    saveFolderCheckpoint(tx, source.id, { path, uidValidity: checkpoint.uidValidity, comparedAt: now }),
  );
  checkpoint.comparedAt = now;
}

/** Messages in folders the source no longer reads (unselected, or gone from the server) leave the index. */
async function* otherFolders(
  db: DatabaseHandle,
  source: SavedSource<ImapSettings>,
  read: string[],
  dropped: string[],
): AsyncGenerator<ImapStep> {
  for (;;) {
    const outside = await identitiesOutside(db, source.id, read, DELETE_BATCH);
    if (outside.length === 0) break;
    yield* removal(outside);
  }
  if (dropped.length > 0)
    yield {
      write: async (tx) => {
        await deleteFolderCheckpoints(tx, source.id, dropped);
        return undefined;
      },
    };
}
