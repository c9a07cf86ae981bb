import type { DatabaseHandle } from '@trove/service-core';
import { sourcesDb } from './db/tables';

// What the sync life cycle keeps for any kind (docs/decisions/084-one-source-kind-interface.md): the kind's
// checkpoint when it has no table of its own (sources.checkpoint, migration 2026-11-29-70), and each item's
// identity — its key and its content's hash — in source_messages, the table a mailbox's messages and a
// database's rows already use. The document an item became is the search service's to know.

export interface ItemIdentity {
  key: string;
  sha256: string | null;
}

/** The checkpoint the last stored batch saved; null before the first. */
export async function sourceCheckpoint(db: DatabaseHandle, sourceId: string): Promise<unknown> {
  const row = await sourcesDb(db)
    .selectFrom('sources')
    .select('checkpoint')
    .where('id', '=', sourceId)
    .executeTakeFirst();
  return row?.checkpoint ?? null;
}

/** Saved in the batch's transaction, so a crash resumes after the last batch stored. null starts over. */
export async function saveSourceCheckpoint(
  db: DatabaseHandle,
  sourceId: string,
  value: unknown,
): Promise<void> {
  await sourcesDb(db)
    .updateTable('sources')
    .set({ checkpoint: value === null ? null : JSON.stringify(value) })
    .where('id', '=', sourceId)
    .execute();
}

/** The identities among `keys` the source already has. */
export async function itemIdentities(
  db: DatabaseHandle,
  sourceId: string,
  keys: readonly string[],
): Promise<Map<string, ItemIdentity>> {
  if (keys.length === 0) return new Map();
  const rows = await sourcesDb(db)
    .selectFrom('source_messages')
    .select(['item_key', 'content_sha256'])
    .where('source_id', '=', sourceId)
    .where('item_key', 'in', [...keys])
    .execute();
  return new Map(rows.map((row) => [row.item_key, { key: row.item_key, sha256: row.content_sha256 }]));
}

/** Every identity of the source (the deletion compare of {@link SourceKind.listIds}). */
export async function allItemIdentities(db: DatabaseHandle, sourceId: string): Promise<ItemIdentity[]> {
  const rows = await sourcesDb(db)
    .selectFrom('source_messages')
    .select(['item_key', 'content_sha256'])
    .where('source_id', '=', sourceId)
    .execute();
  return rows.map((row) => ({ key: row.item_key, sha256: row.content_sha256 }));
}

/** New identities, or changed ones' place and hash. */
export async function saveItemIdentities(
  db: DatabaseHandle,
  owner: { sourceId: string; userId: string },
  identities: readonly { key: string; folder: string; sha256: string }[],
): Promise<void> {
  if (identities.length === 0) return;
  await sourcesDb(db)
    .insertInto('source_messages')
    .values(
      identities.map((identity) => ({
        source_id: owner.sourceId,
        user_id: owner.userId,
        item_key: identity.key,
        folder: identity.folder,
        uid: 0,
        content_sha256: identity.sha256,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['source_id', 'item_key']).doUpdateSet((eb) => ({
        folder: eb.ref('excluded.folder'),
        content_sha256: eb.ref('excluded.content_sha256'),
      })),
    )
    .execute();
}

/** Identities of items gone from the source. */
export async function deleteItemIdentities(
  db: DatabaseHandle,
  sourceId: string,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await sourcesDb(db)
    .deleteFrom('source_messages')
    .where('source_id', '=', sourceId)
    .where('item_key', 'in', [...keys])
    .execute();
}

/** A source starts over (a new table or file): its checkpoint goes, in the kind's own table or the column. */
export async function forgetCheckpoint(db: DatabaseHandle, sourceId: string): Promise<void> {
  await saveSourceCheckpoint(db, sourceId, null);
  await sourcesDb(db).deleteFrom('source_cursors').where('source_id', '=', sourceId).execute();
}
