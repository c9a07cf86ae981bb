import type { DatabaseHandle, SourceIntakeTable } from '@trove/service-core';
import type { Insertable } from 'kysely';
import { sourcesDb } from './db/tables';

// The sources service's side of the hand-over to the index (issue 34 item 1;
// docs/decisions/170-sources-service.md): what a sync step read goes into source_intake in the step's own
// transaction, beside its checkpoint, so a batch is handed over wholly or not at all and never twice. The
// search service takes the rows in id order and indexes them.

/** A raw item for the index: its bytes under its key (a key handed over again replaces what it was). */
export interface IntakeItem {
  key: string;
  folder: string;
  name: string;
  mediaType: string;
  /** The document kind the search service stores it as ('eml', 'html', …). */
  format: string;
  bytes: Buffer;
  /** A small database row the search service indexes in the transaction that takes it (no extraction job). */
  inline?: boolean;
}

interface Owner {
  sourceId: string;
  userId: string;
}

/** Rows a statement inserts at most (a batch of 1,000 rows is a few statements). */
const INSERT_ROWS = 500;

async function insertRows(db: DatabaseHandle, rows: Insertable<SourceIntakeTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_ROWS)
    await sourcesDb(db)
      .insertInto('source_intake')
      .values(rows.slice(start, start + INSERT_ROWS))
      .execute();
}

export async function handOverItems(
  db: DatabaseHandle,
  owner: Owner,
  items: readonly IntakeItem[],
): Promise<void> {
  await insertRows(
    db,
    items.map((item) => ({
      source_id: owner.sourceId,
      user_id: owner.userId,
      op: 'put' as const,
      item_key: item.key,
      folder: item.folder,
      name: item.name,
      media_type: item.mediaType,
      format: item.format,
      body: item.bytes,
      inline: item.inline ?? false,
    })),
  );
}

/** The items under these keys are gone from the source. */
export async function handOverDeletions(
  db: DatabaseHandle,
  owner: Owner,
  keys: readonly string[],
): Promise<void> {
  await insertRows(
    db,
    keys.map((key) => ({
      source_id: owner.sourceId,
      user_id: owner.userId,
      op: 'delete' as const,
      item_key: key,
    })),
  );
}

/** The item under `key` is now `name`, in `folder` (a message moved or renumbered). */
export async function handOverRename(
  db: DatabaseHandle,
  owner: Owner,
  rename: { key: string; name: string; folder: string },
): Promise<void> {
  await insertRows(db, [
    {
      source_id: owner.sourceId,
      user_id: owner.userId,
      op: 'rename' as const,
      item_key: rename.key,
      name: rename.name,
      folder: rename.folder,
    },
  ]);
}

/** Everything the source brought in leaves the index (the source was removed). */
export async function handOverPurge(db: DatabaseHandle, owner: Owner): Promise<void> {
  await insertRows(db, [{ source_id: owner.sourceId, user_id: owner.userId, op: 'purge' as const }]);
}
