import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { sourcesDb } from './db/tables';

// A user's sources and their sync state (services/core/src/db/migrations/2026-11-25-07-sources.ts). Every
// read a route makes names the user; the sync job reads a source by id alone (the job carries the id of a
// source the user made), and the due sweep is the scheduler's one question across users, by an index.

export interface SourceRow {
  id: string;
  user_id: string;
  kind: string;
  name: string;
  settings: unknown;
  state: string;
  detail: unknown;
  last_sync_at: Date | null;
  next_sync_at: Date | null;
  consecutive_failures: number;
  created_at: Date;
  updated_at: Date;
  /** Items it handed to the index (messages, rows): one document each. */
  documents: number;
}

/** With the sealed password: for the sync and the test of a saved source, never for an answer. */
export interface SourceWithSecret extends Omit<SourceRow, 'documents'> {
  secret: string;
}

const COLUMNS = [
  'sources.id',
  'sources.user_id',
  'sources.kind',
  'sources.name',
  'sources.settings',
  'sources.state',
  'sources.detail',
  'sources.last_sync_at',
  'sources.next_sync_at',
  'sources.consecutive_failures',
  'sources.created_at',
  'sources.updated_at',
] as const;

function withDocuments(db: DatabaseHandle) {
  return sourcesDb(db)
    .selectFrom('sources')
    .select([
      ...COLUMNS,
      (eb) =>
        eb
          .selectFrom('source_messages')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('source_messages.source_id', '=', 'sources.id')
          .as('documents'),
    ]);
}

/**
 * A source being removed (docs/decisions/045, "Removing a source"): paused, with detail { removing: true },
 * until the source-remove job has taken its documents out and deleted the row. No route sees it.
 */
export const REMOVING_DETAIL = { removing: true } as const;
const notRemoving = sql<boolean>`not (sources.detail @> '{"removing": true}'::jsonb)`;
const isRemoving = sql<boolean>`sources.state = 'paused' and sources.detail @> '{"removing": true}'::jsonb`;

const toRow = <T extends { documents: string | number | null }>(row: T) => ({
  ...row,
  documents: Number(row.documents ?? 0),
});

export async function insertSource(
  db: DatabaseHandle,
  source: {
    id: string;
    userId: string;
    kind: string;
    name: string;
    settings: unknown;
    secret: string;
    nextSyncAt: Date;
  },
): Promise<void> {
  await sourcesDb(db)
    .insertInto('sources')
    .values({
      id: source.id,
      user_id: source.userId,
      kind: source.kind,
      name: source.name,
      settings: JSON.stringify(source.settings),
      secret: source.secret,
      next_sync_at: source.nextSyncAt,
    })
    .execute();
}

/**
 * How many sources the user has (those being removed left out), under a lock on the user's sources held to the
 * end of the transaction: two creates at once cannot both pass the cap (SOURCES_PER_USER).
 */
export async function lockedSourceCount(tx: DatabaseHandle, userId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`sources-of:${userId}`}, 0))`.execute(tx);
  const row = await sourcesDb(tx)
    .selectFrom('sources')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where(notRemoving)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Documents the user's sources hold: their items (a message, a row: one document each), every source's, the ones
 * being removed too until their removal has handed over the purge.
 */
export async function sourceDocumentCount(db: DatabaseHandle, userId: string): Promise<number> {
  const row = await sourcesDb(db)
    .selectFrom('source_messages')
    .innerJoin('sources', 'sources.id', 'source_messages.source_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sources.user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Items one source holds (what its removal takes out of the index). */
export async function sourceItemCount(db: DatabaseHandle, sourceId: string): Promise<number> {
  const row = await sourcesDb(db)
    .selectFrom('source_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user's sources, oldest first. */
export async function listSources(db: DatabaseHandle, userId: string): Promise<SourceRow[]> {
  const rows = await withDocuments(db)
    .where('sources.user_id', '=', userId)
    .where(notRemoving)
    .orderBy('sources.created_at')
    .orderBy('sources.id')
    .execute();
  return rows.map(toRow);
}

/** The user's source; undefined for none (another user's is the same as none). */
export async function findSource(
  db: DatabaseHandle,
  userId: string,
  sourceId: string,
): Promise<SourceRow | undefined> {
  const row = await withDocuments(db)
    .where('sources.id', '=', sourceId)
    .where('sources.user_id', '=', userId)
    .where(notRemoving)
    .executeTakeFirst();
  return row === undefined ? undefined : toRow(row);
}

/**
 * The source with its sealed password, by id alone (the sync job) or the user's (a test of a saved source;
 * never one being removed). `lock` takes its row for the transaction: a sync batch and a removal's mark never
 * interleave.
 */
export async function sourceWithSecret(
  db: DatabaseHandle,
  sourceId: string,
  options: { userId?: string; lock?: boolean } = {},
): Promise<SourceWithSecret | undefined> {
  let query = sourcesDb(db)
    .selectFrom('sources')
    .select([...COLUMNS, 'sources.secret'])
    .where('sources.id', '=', sourceId);
  if (options.userId !== undefined)
    query = query.where('sources.user_id', '=', options.userId).where(notRemoving);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export interface SourceChange {
  name?: string;
  settings?: unknown;
  secret?: string;
  state?: string;
  detail?: unknown;
  lastSyncAt?: Date | null;
  /** 'now': the database's clock, so the due sweep, which reads it, sees the source at once. */
  nextSyncAt?: Date | null | 'now';
  consecutiveFailures?: number;
}

/**
 * Changes a source (the user's, when `userId` is given, and never one being removed); false when there is
 * none. `unlessPaused`: a sync's writes, which must not undo a pause (or a removal, which pauses) made while
 * it ran.
 */
export async function updateSource(
  db: DatabaseHandle,
  sourceId: string,
  change: SourceChange,
  userId?: string,
  options: { unlessPaused?: boolean } = {},
): Promise<boolean> {
  let query = sourcesDb(db)
    .updateTable('sources')
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.settings === undefined ? {} : { settings: JSON.stringify(change.settings) }),
      ...(change.secret === undefined ? {} : { secret: change.secret }),
      ...(change.state === undefined ? {} : { state: change.state }),
      ...(change.detail === undefined ? {} : { detail: JSON.stringify(change.detail) }),
      ...(change.lastSyncAt === undefined ? {} : { last_sync_at: change.lastSyncAt }),
      ...(change.nextSyncAt === undefined
        ? {}
        : { next_sync_at: change.nextSyncAt === 'now' ? sql<Date>`now()` : change.nextSyncAt }),
      ...(change.consecutiveFailures === undefined
        ? {}
        : { consecutive_failures: change.consecutiveFailures }),
      updated_at: sql`now()`,
    })
    .where('id', '=', sourceId);
  if (userId !== undefined) query = query.where('user_id', '=', userId).where(notRemoving);
  if (options.unlessPaused) query = query.where('state', '!=', 'paused');
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * DELETE: the user's source is marked as being removed (paused, so a running sync stops at its next batch,
 * which checks the state under the row's lock, and is never due again); false when there is none, or it is
 * being removed already.
 */
export async function markSourceRemoving(
  db: DatabaseHandle,
  userId: string,
  sourceId: string,
): Promise<boolean> {
  return updateSource(db, sourceId, { state: 'paused', detail: REMOVING_DETAIL, nextSyncAt: null }, userId);
}

/** The owner of a source being removed; undefined when it is gone (or not being removed). */
export async function sourceBeingRemoved(
  db: DatabaseHandle,
  sourceId: string,
): Promise<{ userId: string } | undefined> {
  const row = await sourcesDb(db)
    .selectFrom('sources')
    .select('user_id')
    .where('id', '=', sourceId)
    .where(isRemoving)
    .executeTakeFirst();
  return row === undefined ? undefined : { userId: row.user_id };
}

/** Sources marked as being removed (the minute sweep queues their removal again: a lost job is not lost). */
export async function sourcesBeingRemoved(db: DatabaseHandle, limit: number): Promise<string[]> {
  const rows = await sourcesDb(db)
    .selectFrom('sources')
    .select('id')
    .where(isRemoving)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The source row goes with its checkpoints, identities and files (cascade); its documents follow through the
 * intake's purge, handed over in the same transaction. Only a source being removed.
 */
export async function deleteSourceRow(db: DatabaseHandle, sourceId: string): Promise<void> {
  await sourcesDb(db).deleteFrom('sources').where('id', '=', sourceId).where(isRemoving).execute();
}

/**
 * Sealed passwords whose key is not `currentKeyId` (rotation, docs/decisions/048): a maintenance read across
 * users by design, once at start; it reads only the rows to re-seal.
 */
export async function secretsSealedByOtherKeys(
  db: DatabaseHandle,
  currentKeyId: string,
): Promise<{ id: string; secret: string }[]> {
  return sourcesDb(db)
    .selectFrom('sources')
    .select(['id', 'secret'])
    .where(sql<boolean>`split_part(secret, '.', 2) <> ${currentKeyId}`)
    .execute();
}

/** Replaces a sealed password only if it is still the one read: a user's new password is never overwritten. */
export async function replaceSecret(
  db: DatabaseHandle,
  sourceId: string,
  from: string,
  to: string,
): Promise<void> {
  await sourcesDb(db)
    .updateTable('sources')
    .set({ secret: to })
    .where('id', '=', sourceId)
    .where('secret', '=', from)
    .execute();
}

/**
 * Sources whose next sync has come, oldest due first (the per-minute sweep, docs/decisions/045): the
 * scheduler's one question across users, answered by the partial index sources_due.
 */
export async function dueSources(db: DatabaseHandle, limit: number): Promise<string[]> {
  const rows = await sourcesDb(db)
    .selectFrom('sources')
    .select('id')
    .where('next_sync_at', 'is not', null)
    .where('next_sync_at', '<=', sql<Date>`now()`)
    .orderBy('next_sync_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Holds the source's sync lock for as long as `work` runs, on one connection (a session advisory lock), or
 * answers `undefined` at once when another run holds it. A run that dies drops its connection and the lock.
 * With `syncsPerUser`, one of the user's sync slots too ({@link takeUserSyncSlot}), else not run.
 */
export async function withSourceLock<T>(
  db: DatabaseHandle,
  sourceId: string,
  work: (connection: DatabaseHandle) => Promise<T>,
  syncsPerUser?: number,
): Promise<{ ran: true; value: T } | { ran: false }> {
  return db.connection().execute(async (connection) => {
    const key = sql`hashtextextended(${`source-sync:${sourceId}`}, 0)`;
    const taken = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${key}) as taken`.execute(
      connection,
    );
    if (taken.rows[0]?.taken !== true) return { ran: false as const };
    let slot: ReturnType<typeof sql> | null | undefined;
    try {
      slot =
        syncsPerUser === undefined ? undefined : await takeUserSyncSlot(connection, sourceId, syncsPerUser);
      if (slot === null) return { ran: false as const };
      return { ran: true as const, value: await work(connection) };
    } finally {
      if (slot) await sql`select pg_advisory_unlock(${slot})`.execute(connection).catch(() => undefined);
      await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => undefined);
    }
  });
}

/**
 * One of the source's user's SOURCE_SYNCS_PER_USER sync slots (advisory locks "source-user-sync:<user>:<n>", on
 * the lock's connection), or null when every slot is held: the sync is then 'busy' and queued again a little
 * later, so one user's many sources take turns and leave the queue's slots to others (issue 34 item 6).
 * Undefined for a source that is gone (its run ends by itself).
 */
async function takeUserSyncSlot(
  connection: DatabaseHandle,
  sourceId: string,
  slots: number,
): Promise<ReturnType<typeof sql> | null | undefined> {
  const owner = await sourcesDb(connection)
    .selectFrom('sources')
    .select('user_id')
    .where('id', '=', sourceId)
    .executeTakeFirst();
  if (owner === undefined) return undefined;
  for (let slot = 0; slot < slots; slot += 1) {
    const key = sql`hashtextextended(${`source-user-sync:${owner.user_id}:${slot}`}, 0)`;
    const taken = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${key}) as taken`.execute(
      connection,
    );
    if (taken.rows[0]?.taken === true) return key;
  }
  return null;
}

// ---- Folder checkpoints ----

export interface FolderCheckpointRow {
  path: string;
  uidValidity: number;
  lastUid: number;
  highestModseq: bigint | null;
  comparedAt: Date | null;
}

export async function folderCheckpoints(
  db: DatabaseHandle,
  sourceId: string,
): Promise<Map<string, FolderCheckpointRow>> {
  const rows = await sourcesDb(db)
    .selectFrom('source_folders')
    .select(['path', 'uidvalidity', 'last_uid', 'highest_modseq', 'compared_at'])
    .where('source_id', '=', sourceId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.path,
      {
        path: row.path,
        uidValidity: Number(row.uidvalidity),
        lastUid: Number(row.last_uid),
        highestModseq: row.highest_modseq === null ? null : BigInt(row.highest_modseq),
        comparedAt: row.compared_at,
      },
    ]),
  );
}

/** Writes a folder's checkpoint (only the fields given change on an existing one). */
export async function saveFolderCheckpoint(
  db: DatabaseHandle,
  sourceId: string,
  checkpoint: {
    path: string;
    uidValidity: number;
    lastUid?: number;
    highestModseq?: bigint | null;
    comparedAt?: Date | null;
  },
): Promise<void> {
  const values = {
    source_id: sourceId,
    path: checkpoint.path,
    uidvalidity: checkpoint.uidValidity,
    last_uid: checkpoint.lastUid ?? 0,
    highest_modseq:
      checkpoint.highestModseq === undefined || checkpoint.highestModseq === null
        ? null
        : String(checkpoint.highestModseq),
    compared_at: checkpoint.comparedAt ?? null,
  };
  await sourcesDb(db)
    .insertInto('source_folders')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['source_id', 'path']).doUpdateSet({
        uidvalidity: values.uidvalidity,
        ...(checkpoint.lastUid === undefined ? {} : { last_uid: values.last_uid }),
        ...(checkpoint.highestModseq === undefined ? {} : { highest_modseq: values.highest_modseq }),
        ...(checkpoint.comparedAt === undefined ? {} : { compared_at: values.compared_at }),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function deleteFolderCheckpoints(
  db: DatabaseHandle,
  sourceId: string,
  paths: string[],
): Promise<void> {
  if (paths.length === 0) return;
  await sourcesDb(db)
    .deleteFrom('source_folders')
    .where('source_id', '=', sourceId)
    .where('path', 'in', paths)
    .execute();
}

// ---- Message identities ----

export interface MessageIdentity {
  itemKey: string;
  folder: string;
  uid: number;
}

const toIdentity = (row: { item_key: string; folder: string; uid: string | number }): MessageIdentity => ({
  itemKey: row.item_key,
  folder: row.folder,
  uid: Number(row.uid),
});

/** The identities among `keys` the source already has. */
export async function identitiesByKey(
  db: DatabaseHandle,
  sourceId: string,
  keys: string[],
): Promise<Map<string, MessageIdentity>> {
  if (keys.length === 0) return new Map();
  const rows = await sourcesDb(db)
    .selectFrom('source_messages')
    .select(['item_key', 'folder', 'uid'])
    .where('source_id', '=', sourceId)
    .where('item_key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.item_key, toIdentity(row)]));
}

/** Where a batch of a source's new messages are filed, in one statement (docs/decisions/060). */
export async function insertIdentities(
  db: DatabaseHandle,
  source: { sourceId: string; userId: string },
  identities: MessageIdentity[],
): Promise<void> {
  if (identities.length === 0) return;
  await sourcesDb(db)
    .insertInto('source_messages')
    .values(
      identities.map((identity) => ({
        source_id: source.sourceId,
        user_id: source.userId,
        item_key: identity.itemKey,
        folder: identity.folder,
        uid: identity.uid,
      })),
    )
    .execute();
}

/** Where a known message is now (moved to another folder, or renumbered by a UIDVALIDITY change). */
export async function moveIdentity(
  db: DatabaseHandle,
  sourceId: string,
  itemKey: string,
  location: { folder: string; uid: number },
): Promise<void> {
  await sourcesDb(db)
    .updateTable('source_messages')
    .set({ folder: location.folder, uid: location.uid })
    .where('source_id', '=', sourceId)
    .where('item_key', '=', itemKey)
    .execute();
}

/** The identities the source places in `folder` at these UIDs (what an expunge report names). */
export async function identitiesAt(
  db: DatabaseHandle,
  sourceId: string,
  folder: string,
  uids: number[],
): Promise<MessageIdentity[]> {
  if (uids.length === 0) return [];
  const rows = await sourcesDb(db)
    .selectFrom('source_messages')
    .select(['item_key', 'folder', 'uid'])
    .where('source_id', '=', sourceId)
    .where('folder', '=', folder)
    .where('uid', 'in', uids)
    .execute();
  return rows.map(toIdentity);
}

/** Every UID the source places in `folder` (the compare for servers without QRESYNC). */
export async function uidsInFolder(db: DatabaseHandle, sourceId: string, folder: string): Promise<number[]> {
  const rows = await sourcesDb(db)
    .selectFrom('source_messages')
    .select('uid')
    .where('source_id', '=', sourceId)
    .where('folder', '=', folder)
    .execute();
  return rows.map((row) => Number(row.uid));
}

/** The identities the source places outside `folders` (folders no longer read). */
export async function identitiesOutside(
  db: DatabaseHandle,
  sourceId: string,
  folders: string[],
  limit: number,
): Promise<MessageIdentity[]> {
  let query = sourcesDb(db)
    .selectFrom('source_messages')
    .select(['item_key', 'folder', 'uid'])
    .where('source_id', '=', sourceId);
  if (folders.length > 0) query = query.where('folder', 'not in', folders);
  return (await query.limit(limit).execute()).map(toIdentity);
}

/**
 * A folder's UIDVALIDITY changed: every UID the source holds for it is void. They become 0 (no IMAP UID is 0)
 * until the folder is read again and each message found gets its new UID; those still 0 then are gone.
 */
export async function voidFolderUids(db: DatabaseHandle, sourceId: string, folder: string): Promise<void> {
  await sourcesDb(db)
    .updateTable('source_messages')
    .set({ uid: 0 })
    .where('source_id', '=', sourceId)
    .where('folder', '=', folder)
    .execute();
}
