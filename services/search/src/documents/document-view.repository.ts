import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { searchDb } from '../db/tables';

// What a document's own page reads (issue 38 item 1, docs/decisions/100-document-view.md): the document with
// its source and parent, its contained documents, and its passages in order. Every statement is the user's.

export interface DocumentViewRow {
  id: string;
  name: string;
  title: string | null;
  kind: string;
  media_type: string;
  size_bytes: number;
  document_date: string | null;
  created_at: Date;
  source_name: string | null;
  source_kind: string | null;
  source_folder: string | null;
  /** The source's table ('' when it reads a query); null for a mailbox or an upload. */
  source_table: string | null;
  parent_id: string | null;
  parent_name: string | null;
  parent_title: string | null;
  parent_kind: string | null;
}

/** The user's document (any status), with its source and parent; undefined when it is not the user's. */
export async function findDocumentForView(
  db: DatabaseHandle,
  userId: string,
  documentId: string,
): Promise<DocumentViewRow | undefined> {
  const result = await sql<DocumentViewRow>`
    select d.id, d.name, d.title, d.kind, d.media_type, d.size_bytes, d.document_date, d.created_at,
           s.name as source_name, s.kind as source_kind, sm.folder as source_folder,
           case when s.kind = 'imap' then null else coalesce(s.settings->'mapping'->>'table', '') end as source_table,
           p.id as parent_id, p.name as parent_name, p.title as parent_title, p.kind as parent_kind
    from documents d
    left join sources s on s.id = d.source_id and s.user_id = d.user_id
    left join lateral (
      select m.folder from source_documents m
      where m.document_id = d.id and m.source_id = d.source_id and m.user_id = d.user_id limit 1
    ) sm on true
    left join documents p on p.id = d.parent_id and p.user_id = d.user_id
    where d.id = ${documentId}::uuid and d.user_id = ${userId}
  `.execute(db);
  return result.rows[0];
}

export interface ContainedRow {
  id: string;
  name: string;
  title: string | null;
  kind: string;
}

/** The documents that came out of this one (a message's attachments, an archive's entries), in name order. */
export async function containedDocuments(
  db: DatabaseHandle,
  userId: string,
  documentId: string,
  limit: number,
): Promise<ContainedRow[]> {
  return searchDb(db)
    .selectFrom('documents')
    .select(['id', 'name', 'title', 'kind'])
    .where('user_id', '=', userId)
    .where('parent_id', '=', documentId)
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface ViewPassageRow {
  id: string;
  ordinal: number;
  location: string;
  body: string;
}

/**
 * Up to `limit` of the document's passages in order, starting so the asked-for passage (when given and the
 * user's, in this document) sits in the first third of the window; with the document's passage count.
 */
export async function documentPassages(
  db: DatabaseHandle,
  userId: string,
  documentId: string,
  limit: number,
  passageId: string | undefined,
): Promise<{ passages: ViewPassageRow[]; total: number }> {
  const target =
    passageId === undefined
      ? sql`select null::int as ordinal`
      : sql`select ordinal from passages where id = ${passageId}::bigint and user_id = ${userId} and document_id = ${documentId}::uuid`;
  const lead = Math.floor(limit / 3);
  const result = await sql<ViewPassageRow & { total: number }>`
    with target as (${target}),
    first as (
      select coalesce((
        select ordinal from passages
        where document_id = ${documentId}::uuid and user_id = ${userId}
          and ordinal <= coalesce((select ordinal from target limit 1), -1)
        order by ordinal desc offset ${lead}::int limit 1), -1) as ordinal
    )
    select p.id::text as id, p.ordinal, p.location, p.body,
           (select count(*)::int from passages c where c.document_id = ${documentId}::uuid and c.user_id = ${userId}) as total
    from passages p, first
    where p.document_id = ${documentId}::uuid and p.user_id = ${userId} and p.ordinal >= first.ordinal
    order by p.ordinal, p.id
    limit ${limit}::int
  `.execute(db);
  return {
    passages: result.rows.map(({ total: _total, ...row }) => row),
    total: result.rows[0]?.total ?? 0,
  };
}

/** The original's bytes, media type and name, when the document is the user's. */
export async function documentOriginal(
  db: DatabaseHandle,
  userId: string,
  documentId: string,
): Promise<{ name: string; media_type: string; original: Buffer } | undefined> {
  return searchDb(db)
    .selectFrom('documents')
    .select(['name', 'media_type', 'original'])
    .where('user_id', '=', userId)
    .where('id', '=', documentId)
    .executeTakeFirst();
}
