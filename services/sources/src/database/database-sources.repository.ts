import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { sourcesDb } from '../db/tables';

// What a database source's sync keeps (migration 2026-11-26-01-database-sources.ts): each row's identity in
// source_messages (item_key = the row's id as text, folder = the table, uid 0, the rendered row's hash: the life
// cycle's source-items.repository.ts), the keyset checkpoint in source_cursors, and an uploaded SQLite file in
// source_files.

export interface RowCursor {
  changedAt: string | null;
  rowId: string | null;
  scannedAt: Date | null;
}

export async function rowCursor(db: DatabaseHandle, sourceId: string): Promise<RowCursor> {
  const row = await sourcesDb(db)
    .selectFrom('source_cursors')
    .select(['changed_at', 'row_id', 'scanned_at'])
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return {
    changedAt: row?.changed_at ?? null,
    rowId: row?.row_id ?? null,
    scannedAt: row?.scanned_at ?? null,
  };
}

/** Writes the checkpoint (only the fields given change on an existing one). */
export async function saveRowCursor(
  db: DatabaseHandle,
  sourceId: string,
  cursor: Partial<RowCursor>,
): Promise<void> {
  const values = {
    source_id: sourceId,
    changed_at: cursor.changedAt ?? null,
    row_id: cursor.rowId ?? null,
    scanned_at: cursor.scannedAt ?? null,
  };
  await sourcesDb(db)
    .insertInto('source_cursors')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('source_id').doUpdateSet({
        ...(cursor.changedAt === undefined ? {} : { changed_at: values.changed_at }),
        ...(cursor.rowId === undefined ? {} : { row_id: values.row_id }),
        ...(cursor.scannedAt === undefined ? {} : { scanned_at: values.scanned_at }),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** A changed mapping (another table, other columns) starts the source over: its checkpoint goes. */
export async function clearRowCursor(db: DatabaseHandle, sourceId: string): Promise<void> {
  await sourcesDb(db).deleteFrom('source_cursors').where('source_id', '=', sourceId).execute();
}

// ---- SQLite files ----

export interface SourceFileRow {
  id: string;
  userId: string;
  sourceId: string | null;
  name: string;
  sizeBytes: number;
  createdAt: Date;
}

export const toFile = (row: {
  id: string;
  user_id: string;
  source_id: string | null;
  name: string;
  size_bytes: string;
  created_at: Date;
}): SourceFileRow => ({
  id: row.id,
  userId: row.user_id,
  sourceId: row.source_id,
  name: row.name,
  sizeBytes: Number(row.size_bytes),
  createdAt: row.created_at,
});

/** The user's file (another user's is the same as none). */
export async function findSourceFile(
  db: DatabaseHandle,
  userId: string,
  fileId: string,
): Promise<SourceFileRow | undefined> {
  const row = await sourcesDb(db)
    .selectFrom('source_files')
    .select(['id', 'user_id', 'source_id', 'name', 'size_bytes', 'created_at'])
    .where('id', '=', fileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : toFile(row);
}

/** The files of these sources (a SQLite source's card names its file). */
export async function filesOfSources(
  db: DatabaseHandle,
  sourceIds: string[],
): Promise<Map<string, SourceFileRow>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await sourcesDb(db)
    .selectFrom('source_files')
    .select(['id', 'user_id', 'source_id', 'name', 'size_bytes', 'created_at'])
    .where('source_id', 'in', sourceIds)
    .execute();
  return new Map(rows.map((row) => [row.source_id ?? '', toFile(row)]));
}

/** The file becomes the source's (removed with it); false when it is another source's already. */
export async function attachSourceFile(
  db: DatabaseHandle,
  fileId: string,
  userId: string,
  sourceId: string,
): Promise<boolean> {
  const result = await sourcesDb(db)
    .updateTable('source_files')
    .set({ source_id: sourceId })
    .where('id', '=', fileId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('source_id', 'is', null), eb('source_id', '=', sourceId)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Files uploaded more than `hours` ago that no source took (the minute sweep). */
export async function deleteUnusedSourceFiles(db: DatabaseHandle, hours: number): Promise<number> {
  const result = await sourcesDb(db)
    .deleteFrom('source_files')
    .where('source_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSourceFile(db: DatabaseHandle, fileId: string): Promise<void> {
  await sourcesDb(db).deleteFrom('source_files').where('id', '=', fileId).execute();
}

/** A SQLite source given a new file keeps that one only. */
export async function deleteOtherSourceFiles(
  db: DatabaseHandle,
  sourceId: string,
  keepFileId: string,
): Promise<void> {
  await sourcesDb(db)
    .deleteFrom('source_files')
    .where('source_id', '=', sourceId)
    .where('id', '!=', keepFileId)
    .execute();
}
