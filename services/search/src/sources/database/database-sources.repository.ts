import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { searchDb } from '../../db/tables';

// What a database source's sync keeps (migration 2026-11-26-01-database-sources.ts): each row's identity in
// source_messages (item_key = the row's id as text, folder = the table, uid 0, the rendered row's hash), the
// keyset checkpoint in source_cursors, and an uploaded SQLite file in source_files.

export interface RowIdentity {
  rowId: string;
  documentId: string;
  sha256: string | null;
}

/** The identities among `rowIds` the source already has. */
export async function rowIdentities(
  db: DatabaseHandle,
  sourceId: string,
  rowIds: string[],
): Promise<Map<string, RowIdentity>> {
  if (rowIds.length === 0) return new Map();
  const rows = await searchDb(db)
    .selectFrom('source_messages')
    .select(['item_key', 'document_id', 'content_sha256'])
    .where('source_id', '=', sourceId)
    .where('item_key', 'in', rowIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.item_key,
      { rowId: row.item_key, documentId: row.document_id, sha256: row.content_sha256 },
    ]),
  );
}

/** Every row id the source has documents for (the deletion compare; a source holds what fits a sync's memory). */
export async function allRowIds(db: DatabaseHandle, sourceId: string): Promise<RowIdentity[]> {
  const rows = await searchDb(db)
    .selectFrom('source_messages')
    .select(['item_key', 'document_id', 'content_sha256'])
    .where('source_id', '=', sourceId)
    .execute();
  return rows.map((row) => ({
    rowId: row.item_key,
    documentId: row.document_id,
    sha256: row.content_sha256,
  }));
}

export async function insertRowIdentities(
  db: DatabaseHandle,
  identities: {
    sourceId: string;
    userId: string;
    folder: string;
    rowId: string;
    documentId: string;
    sha256: string;
  }[],
): Promise<void> {
  if (identities.length === 0) return;
  await searchDb(db)
    .insertInto('source_messages')
    .values(
      identities.map((identity) => ({
        source_id: identity.sourceId,
        user_id: identity.userId,
        item_key: identity.rowId,
        folder: identity.folder,
        uid: 0,
        document_id: identity.documentId,
        content_sha256: identity.sha256,
      })),
    )
    .execute();
}

/**
 * A batch of rows' documents and identities, and the extraction jobs of those `queued` (the rest the sync
 * indexes itself, in the same transaction: docs/decisions/061), in three statements (one per table): what
 * documents.repository's insertDocumentsWithJobs does for messages, with the rows' identities, because a table's first
 * sync stores rows by the thousand (issue 22's bench: 2,000 rows a second; one insert pair per row measured
 * ~3 ms a row on the shared bench machine). Answers the document ids in the rows' order.
 */
export async function insertRowDocuments(
  db: DatabaseHandle,
  batch: {
    sourceId: string;
    userId: string;
    folder: string;
    rows: { rowId: string; name: string; bytes: Buffer; sha256: string; queued: boolean }[];
  },
): Promise<string[]> {
  if (batch.rows.length === 0) return [];
  const search = searchDb(db);
  const inserted = await search
    .insertInto('documents')
    .values(
      batch.rows.map((row) => ({
        user_id: batch.userId,
        name: row.name,
        media_type: 'text/html',
        kind: 'html',
        size_bytes: row.bytes.byteLength,
        original: row.bytes,
        source_id: batch.sourceId,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  // Matched by name (a batch's names are distinct: one per row id), not by the order RETURNING happens to keep.
  const byName = new Map(inserted.map((row) => [row.name, row.id]));
  const ids = batch.rows.map((row) => {
    const id = byName.get(row.name);
    if (id === undefined) throw new Error(`no document was stored for ${row.name}`);
    return id;
  });
  const queued = ids.filter((_, index) => batch.rows[index]?.queued === true);
  if (queued.length > 0)
    await search
      .insertInto('search_jobs')
      .values(queued.map((id) => ({ document_id: id })))
      .execute();
  await insertRowIdentities(
    db,
    batch.rows.map((row, index) => ({
      sourceId: batch.sourceId,
      userId: batch.userId,
      folder: batch.folder,
      rowId: row.rowId,
      documentId: ids[index] ?? '',
      sha256: row.sha256,
    })),
  );
  return ids;
}

export interface RowCursor {
  changedAt: string | null;
  rowId: string | null;
  scannedAt: Date | null;
}

export async function rowCursor(db: DatabaseHandle, sourceId: string): Promise<RowCursor> {
  const row = await searchDb(db)
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
  await searchDb(db)
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
  await searchDb(db).deleteFrom('source_cursors').where('source_id', '=', sourceId).execute();
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

export async function insertSourceFile(
  db: DatabaseHandle,
  file: { userId: string; name: string; bytes: Buffer },
): Promise<SourceFileRow> {
  const row = await searchDb(db)
    .insertInto('source_files')
    .values({ user_id: file.userId, name: file.name, size_bytes: file.bytes.byteLength, bytes: file.bytes })
    .returning(['id', 'user_id', 'source_id', 'name', 'size_bytes', 'created_at'])
    .executeTakeFirstOrThrow();
  return toFile(row);
}

const toFile = (row: {
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
  const row = await searchDb(db)
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
  const rows = await searchDb(db)
    .selectFrom('source_files')
    .select(['id', 'user_id', 'source_id', 'name', 'size_bytes', 'created_at'])
    .where('source_id', 'in', sourceIds)
    .execute();
  return new Map(rows.map((row) => [row.source_id ?? '', toFile(row)]));
}

export async function sourceFileBytes(db: DatabaseHandle, fileId: string): Promise<Buffer | undefined> {
  const row = await searchDb(db)
    .selectFrom('source_files')
    .select('bytes')
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row?.bytes;
}

/** The file becomes the source's (removed with it); false when it is another source's already. */
export async function attachSourceFile(
  db: DatabaseHandle,
  fileId: string,
  userId: string,
  sourceId: string,
): Promise<boolean> {
  const result = await searchDb(db)
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
  const result = await searchDb(db)
    .deleteFrom('source_files')
    .where('source_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSourceFile(db: DatabaseHandle, fileId: string): Promise<void> {
  await searchDb(db).deleteFrom('source_files').where('id', '=', fileId).execute();
}

/** A SQLite source given a new file keeps that one only. */
export async function deleteOtherSourceFiles(
  db: DatabaseHandle,
  sourceId: string,
  keepFileId: string,
): Promise<void> {
  await searchDb(db)
    .deleteFrom('source_files')
    .where('source_id', '=', sourceId)
    .where('id', '!=', keepFileId)
    .execute();
}
