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
): Promise<void> {
  if (documents.length === 0) return;
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

/** A record as an answer reads it: its fields and where to cite it. */
export interface StoredRecord {
  documentId: string;
  documentName: string;
  documentTitle: string | null;
  passageId: string | null;
  location: string;
  fields: RecordField[];
}

/**
 * The records of one collection, at most `limit` (the caller asks for one more than it will use, to know there
 * were more). Each with its passage for the citation.
 */
export async function collectionRecords(
  db: DatabaseHandle,
  userId: string,
  collection: string,
  limit: number,
): Promise<StoredRecord[]> {
  const result = await sql<{
    document_id: string;
    name: string;
    title: string | null;
    passage_id: string | null;
    location: string;
    fields: RecordField[];
  }>`
    select r.document_id, d.name, d.title, p.id::text as passage_id, r.location, r.fields
    from document_records r
    join documents d on d.id = r.document_id and d.user_id = r.user_id
    left join passages p on p.document_id = r.document_id and p.ordinal = r.passage_ordinal and p.user_id = r.user_id
    where r.user_id = ${userId} and lower(r.collection) = lower(${collection})
    order by r.document_id, r.ordinal
    limit ${limit}
  `.execute(db);
  return result.rows.map((row) => ({
    documentId: row.document_id,
    documentName: row.name,
    documentTitle: row.title,
    passageId: row.passage_id,
    location: row.location,
    fields: row.fields,
  }));
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
