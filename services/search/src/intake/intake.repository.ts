import { randomUUID } from 'node:crypto';
import type { DatabaseHandle, IntakeOp, SourceIntakeTable } from '@trove/service-core';
import { type Selectable, sql } from 'kysely';
import { searchDb } from '../db/tables';

// The search service's side of the sources' intake (docs/decisions/170-sources-service.md): the rows the sources
// service handed over, taken in id order, and the map from a source's key to the document it became
// (source_documents, this service's own table).

export interface IntakeRow {
  id: string;
  sourceId: string;
  userId: string;
  op: IntakeOp;
  key: string | null;
  folder: string | null;
  name: string | null;
  mediaType: string | null;
  format: string | null;
  /**
   * An inline row's body, when asked for (the read-ahead extracts it here; the drain's own read leaves it out,
   * docs/decisions/251). A raw item's (a message) is never read into this process. Every document's original is
   * copied from its intake row inside PostgreSQL (insertSourceDocuments).
   */
  body: Buffer | null;
  /** The body's bytes, read or not. */
  size: number;
  inline: boolean;
}

/**
 * The one drain at a time across instances: a transaction-scoped advisory lock, so the intake is applied in the
 * order it was written (a put, then the deletion of the same key). False when another instance drains now.
 */
export async function takeIntakeTurn(tx: DatabaseHandle): Promise<boolean> {
  const row = await sql<{ taken: boolean }>`
    select pg_try_advisory_xact_lock(hashtextextended('source-intake', 0)) as taken`.execute(tx);
  return row.rows[0]?.taken === true;
}

/**
 * The oldest intake rows (after `afterId`, when given), up to `limit` or about `maxBytes` of bodies (one row
 * always comes). With `bodies: false` no body is read, an inline row's neither: the drain's own read, whose
 * inline rows were mostly extracted ahead (docs/decisions/251).
 */
export async function oldestIntake(
  tx: DatabaseHandle,
  limit: number,
  maxBytes: number,
  options: { afterId?: string; bodies?: boolean } = {},
): Promise<IntakeRow[]> {
  const bodies = options.bodies ?? true;
  // The table's own row type (service-core's schema of the intake), less the time it was written.
  const rows = await sql<Omit<Selectable<SourceIntakeTable>, 'created_at'> & { size: number | null }>`
    select id::text, source_id, user_id, op, item_key, folder, name, media_type, format,
           case when inline and ${bodies}::boolean then body end as body, octet_length(body) as size, inline
    from (
      select i.*, sum(coalesce(octet_length(i.body), 0)) over (order by i.id) as running
      from (
        select * from source_intake where id > ${options.afterId ?? '0'}::bigint order by id limit ${limit}
      ) i
    ) taken
    where running - coalesce(octet_length(body), 0) < ${maxBytes}
    order by taken.id`.execute(tx);
  // By the bigint: the output's `id` is text, and '10' sorts before '9' (a put and the delete after it swapped).
  return rows.rows.map((row) => ({
    id: row.id,
    sourceId: row.source_id,
    userId: row.user_id,
    op: row.op,
    key: row.item_key,
    folder: row.folder,
    name: row.name,
    mediaType: row.media_type,
    format: row.format,
    body: row.body,
    size: row.size ?? 0,
    inline: row.inline,
  }));
}

/** The bodies of these intake rows, by id (inline rows the read-ahead did not extract). */
export async function intakeBodies(tx: DatabaseHandle, ids: readonly string[]): Promise<Map<string, Buffer>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; body: Buffer | null }>`
    select id::text, body from source_intake where id = any(${[...ids]}::bigint[])`.execute(tx);
  return new Map(rows.rows.flatMap((row) => (row.body === null ? [] : [[row.id, row.body] as const])));
}

export async function deleteIntake(tx: DatabaseHandle, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from source_intake where id = any(${[...ids]}::bigint[])`.execute(tx);
}

/** Whether any intake row waits (the sweep's cheap question). */
export async function intakeWaiting(db: DatabaseHandle): Promise<boolean> {
  const row = await searchDb(db).selectFrom('source_intake').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The documents these keys of a source became. */
export async function documentsOfKeys(
  tx: DatabaseHandle,
  sourceId: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await searchDb(tx)
    .selectFrom('source_documents')
    .select(['item_key', 'document_id'])
    .where('source_id', '=', sourceId)
    .where('item_key', 'in', [...keys])
    .execute();
  return new Map(rows.map((row) => [row.item_key, row.document_id]));
}

/** Up to `limit` of a source's documents (a purge takes them out a slice at a time). */
export async function documentsOfSource(
  tx: DatabaseHandle,
  sourceId: string,
  limit: number,
): Promise<string[]> {
  const rows = await searchDb(tx)
    .selectFrom('documents')
    .select('id')
    .where('source_id', '=', sourceId)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export interface SourceDocument {
  userId: string;
  sourceId: string;
  key: string;
  folder: string;
  name: string;
  mediaType: string;
  kind: string;
  /** The intake row whose body is its original, copied inside PostgreSQL. */
  intakeId: string;
  /** An extraction job reads it (else the caller indexes it in the same transaction). */
  queued: boolean;
}

/**
 * Documents whose originals are intake rows' bodies, copied by the statement: a message's or a row's bytes never
 * travel to this process and back (twice as hex on the wire), and PostgreSQL keeps the compressed value it has.
 */
async function insertFromIntake(
  tx: DatabaseHandle,
  rows: readonly { document: SourceDocument; intakeId: string; id: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(of: (row: (typeof rows)[number]) => T) => rows.map(of);
  await sql`
    insert into documents (id, user_id, name, media_type, kind, size_bytes, original, source_id)
    select v.id, v.user_id, v.name, v.media_type, v.kind, coalesce(octet_length(i.body), 0),
           coalesce(i.body, ''::bytea), v.source_id
    from unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.document.userId)}::uuid[],
                ${column((r) => r.document.name)}::text[], ${column((r) => r.document.mediaType)}::text[],
                ${column((r) => r.document.kind)}::text[], ${column((r) => r.document.sourceId)}::uuid[],
                ${column((r) => r.intakeId)}::bigint[])
           as v(id, user_id, name, media_type, kind, source_id, intake_id)
    join source_intake i on i.id = v.intake_id`.execute(tx);
}

/**
 * New documents of sources with their keys, and the extraction jobs of those `queued`, a statement per table.
 * Answers their ids in the given order (made here, so no statement's RETURNING order matters).
 */
export async function insertSourceDocuments(
  tx: DatabaseHandle,
  documents: readonly SourceDocument[],
): Promise<string[]> {
  if (documents.length === 0) return [];
  const ids = documents.map(() => randomUUID());
  const search = searchDb(tx);
  await insertFromIntake(
    tx,
    documents.map((document, index) => ({ document, intakeId: document.intakeId, id: ids[index] ?? '' })),
  );
  const queued = ids.filter((_, index) => documents[index]?.queued === true);
  // Jobs in the documents' order: a take runs a user's jobs oldest (lowest id) first.
  if (queued.length > 0)
    await search
      .insertInto('search_jobs')
      .values(queued.map((id) => ({ document_id: id })))
      .execute();
  await search
    .insertInto('source_documents')
    .values(
      documents.map((document, index) => ({
        source_id: document.sourceId,
        item_key: document.key,
        user_id: document.userId,
        folder: document.folder,
        document_id: ids[index] ?? '',
      })),
    )
    .execute();
  return ids;
}

/** A source's item moved: its document's name and folder (its passages stay as indexed). */
export async function renameSourceDocument(
  tx: DatabaseHandle,
  sourceId: string,
  key: string,
  place: { name: string; folder: string },
): Promise<void> {
  const row = await searchDb(tx)
    .updateTable('source_documents')
    .set({ folder: place.folder })
    .where('source_id', '=', sourceId)
    .where('item_key', '=', key)
    .returning('document_id')
    .executeTakeFirst();
  if (row === undefined) return;
  await searchDb(tx)
    .updateTable('documents')
    .set({ name: place.name, updated_at: sql`now()` })
    .where('id', '=', row.document_id)
    .execute();
}
