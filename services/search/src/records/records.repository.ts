import type { RecordField } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';

// Typed records (docs/decisions/130-typed-fields.md): written with a document's passages, in the same
// transaction, and read by the answers that compute (docs/decisions/131-questions-that-compute.md).

/** A record as indexing stores it. */
export interface NewRecord {
  collection: string;
  location: string;
  /** The ordinal of the passage that holds it. */
  passage: number;
  fields: RecordField[];
}

/** Replaces the records of these documents with the ones given (a job that runs twice leaves one set). */
export async function replaceRecords(
  tx: DatabaseHandle,
  documents: readonly { id: string; userId: string; records?: readonly NewRecord[] | undefined }[],
  /** fresh: the documents were made in this transaction, so they have no records to replace. */
  options: { fresh?: boolean } = {},
): Promise<void> {
  if (documents.length === 0) return;
  if (options.fresh !== true)
    await sql`delete from document_records where document_id = any (${documents.map((d) => d.id)}::uuid[])`.execute(
      tx,
    );
  const rows = documents.flatMap((document) =>
    (document.records ?? []).map((record, ordinal) => ({ document, record, ordinal })),
  );
  // A slice a statement: a CSV file of 100,000 rows is not one statement of 100,000 rows' parameters.
  for (let start = 0; start < rows.length; start += 5_000) {
    const slice = rows.slice(start, start + 5_000);
    await sql`
      insert into document_records (document_id, user_id, ordinal, passage_ordinal, collection, location, fields)
      select * from unnest(${slice.map((r) => r.document.id)}::uuid[], ${slice.map((r) => r.document.userId)}::uuid[],
                           ${slice.map((r) => r.ordinal)}::int[], ${slice.map((r) => r.record.passage)}::int[],
                           ${slice.map((r) => r.record.collection)}::text[], ${slice.map((r) => r.record.location)}::text[],
                           ${slice.map((r) => JSON.stringify(r.record.fields).replace(/\\u0000/g, ''))}::jsonb[])
    `.execute(tx);
  }
}

/** A collection of the user's records and how many records it holds. */
export interface CollectionCount {
  collection: string;
  records: number;
  /** The field names of one of its records, to know it by a column a question names ("amount per customer"). */
  fieldNames: string[];
  /** Moves whenever any of its records is written or removed: what a cache of its rows is checked against. */
  version: string;
}

/** The user's collections, largest first (a question's kind word is matched against their names). */
export async function recordCollections(db: DatabaseHandle, userId: string): Promise<CollectionCount[]> {
  // Kept by triggers on document_records (migration 2026-11-29-61): no count over the records themselves.
  const result = await sql<{ collection: string; records: string; field_names: string[]; version: string }>`
    select collection, records, field_names, version from record_collections where user_id = ${userId}
    order by records desc, collection limit 200
  `.execute(db);
  return result.rows.map((row) => ({
    collection: row.collection,
    records: Number(row.records),
    fieldNames: row.field_names,
    version: row.version,
  }));
}

/** A record as an answer computes over it. */
export interface RecordRow {
  documentId: string;
  ordinal: number;
  /** The passage that holds it (its ordinal in the document). */
  passageOrdinal: number;
  location: string;
  fields: RecordField[];
}

/** A record with what cites it: its document's name and title and its passage's id. */
export interface StoredRecord extends RecordRow {
  documentName: string;
  documentTitle: string | null;
  passageId: string | null;
}

/** Rows a statement reads: each read stays far inside the API's statement bound (DB_STATEMENT_TIMEOUT_MS). */
const RECORDS_PAGE = 10_000;

/**
 * The records of one collection, at most `limit`, in pages (keyset on document and ordinal). Only the records:
 * what cites a row is read for the rows an answer shows (citationsOf), not for 100,000 rows.
 */
export async function collectionRecords(
  db: DatabaseHandle,
  userId: string,
  collection: string,
  limit: number,
): Promise<RecordRow[]> {
  const rows: RecordRow[] = [];
  const cursor: { after?: { documentId: string; ordinal: number } } = {};
  while (rows.length < limit) {
    const page = Math.min(RECORDS_PAGE, limit - rows.length);
    const from = cursor.after;
    const result = await sql<{
      document_id: string;
      ordinal: number;
      passage_ordinal: number;
      location: string;
      fields: RecordField[];
    }>`
      select document_id, ordinal, passage_ordinal, location, fields from document_records
      where user_id = ${userId} and lower(collection) = lower(${collection})
        ${from === undefined ? sql`` : sql`and (document_id, ordinal) > (${from.documentId}::uuid, ${from.ordinal})`}
      order by document_id, ordinal
      limit ${page}
    `.execute(db);
    for (const row of result.rows)
      rows.push({
        documentId: row.document_id,
        ordinal: row.ordinal,
        passageOrdinal: row.passage_ordinal,
        location: row.location,
        fields: row.fields,
      });
    const last = result.rows.at(-1);
    if (last === undefined || result.rows.length < page) break;
    cursor.after = { documentId: last.document_id, ordinal: last.ordinal };
  }
  return rows;
}

/** The statement of {@link citationsOf}: its plan is checked in records.int.test.ts. */
export function citationsStatement(userId: string, rows: readonly RecordRow[]) {
  return sql<{
    document_id: string;
    ordinal: number;
    name: string;
    title: string | null;
    passage_id: string | null;
  }>`
    select v.document_id::text as document_id, v.ordinal, d.name, d.title, p.id::text as passage_id
    from unnest(${rows.map((row) => row.documentId)}::uuid[], ${rows.map((row) => row.passageOrdinal)}::int[])
      as v(document_id, ordinal)
    join lateral (
      select d.name, d.title, d.user_id from documents d where d.id = v.document_id limit 1
    ) d on d.user_id = ${userId}
    left join lateral (
      select p.id, p.user_id from passages p where p.document_id = v.document_id and p.ordinal = v.ordinal limit 1
    ) p on p.user_id = ${userId}
  `;
}

/**
 * The rows with what cites them: their documents' names and titles, their passages' ids. Each document is looked
 * up by its id and each passage by its document and ordinal alone, the user checked on the one found
 * (docs/decisions/220): with the user in the lookup, a plan whose statistics are old (tables that just grew,
 * before autovacuum's analyze) ANDed the user's whole passages index into every lookup (500 rows × 105,000
 * passages: 11–17 s at ×8 the archive) or hashed all the user's documents (48,000: 0.2 s). `limit 1` keeps each
 * lookup a lookup: a subquery without it is flattened and the user's condition is an index's again.
 */
export async function citationsOf(
  db: DatabaseHandle,
  userId: string,
  rows: readonly RecordRow[],
): Promise<StoredRecord[]> {
  if (rows.length === 0) return [];
  const result = await citationsStatement(userId, rows).execute(db);
  const cited = new Map(result.rows.map((row) => [`${row.document_id}:${row.ordinal}`, row]));
  return rows.map((row) => {
    const found = cited.get(`${row.documentId}:${row.passageOrdinal}`);
    return {
      ...row,
      documentName: found?.name ?? '',
      documentTitle: found?.title ?? null,
      passageId: found?.passage_id ?? null,
    };
  });
}

/** The typed fields of the passages that are one row each (a database row's), by passage id. */
export async function singleRecordsOf(
  db: DatabaseHandle,
  userId: string,
  passageIds: readonly string[],
): Promise<Map<string, RecordField[]>> {
  if (passageIds.length === 0) return new Map();
  const result = await sql<{ passage_id: string; fields: RecordField[] }>`
    select p.id::text as passage_id, (array_agg(r.fields))[1] as fields
    from passages p
    join document_records r on r.document_id = p.document_id and r.passage_ordinal = p.ordinal and r.user_id = p.user_id
    where p.user_id = ${userId} and p.id = any (${[...passageIds]}::bigint[])
    group by p.id having count(*) = 1
  `.execute(db);
  return new Map(result.rows.map((row) => [row.passage_id, row.fields]));
}
