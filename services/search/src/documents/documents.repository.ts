import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@trove/service-core';
import { type NewRecord, replaceRecords } from '../records/records.repository';
import { sql } from 'kysely';
import { fieldShare, SEARCH_FIELDS, type SearchField } from '../search/bm25';
import { searchDb } from '../db/tables';
import { weightByte } from '../search/posting-lists';
import { lexemeCounts } from '../search/tsvector-text';
import {
  appendPostings,
  documentFrequencies,
  type NewPostings,
  removeFromLists,
} from '../search/posting-lists.repository';

// Documents, their passages and the per-user BM25 statistics (docs/decisions/010-search-index.md).
// Statistics change in the same transaction as the passages they describe, here rather than in
// triggers: the two writers (index a document, delete one) are both in this file, and a statement-level
// pass over one document's passages is one query where a row trigger would be one update per lexeme.
//
// Lock order, so concurrent writers never deadlock: the document row first (FOR UPDATE), then the
// user's search_corpus_stats row, then the user's lists (search/posting-lists.repository.ts).

export interface DocumentRow {
  id: string;
  name: string;
  title: string | null;
  kind: string;
  media_type: string;
  size_bytes: number;
  parts: number | null;
  status: string;
  failure_reason: string | null;
  document_date: string | null;
  /** What the person should know about how it was read (docs/decisions/121). */
  notes: string[];
  created_at: Date;
}

const DOCUMENT_COLUMNS = [
  'id',
  'name',
  'title',
  'kind',
  'media_type',
  'size_bytes',
  'parts',
  'status',
  'failure_reason',
  'document_date',
  'notes',
  'created_at',
] as const;

export interface NewDocument {
  userId: string;
  name: string;
  mediaType: string;
  kind: string;
}

/**
 * The bytes of originals the user uploaded, read without a lock (an early refusal, not the decision). A
 * mailbox's messages are not uploads: they do not count against the upload quota.
 */
export async function storedBytes(db: DatabaseHandle, userId: string): Promise<number> {
  const row = await searchDb(db)
    .selectFrom('documents')
    .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('bytes'))
    .where('user_id', '=', userId)
    .where('source_id', 'is', null)
    // An archive's entries and a message's attachments are bounded by the archive settings, not the quota.
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/**
 * The bytes of originals the user keeps, with the user's upload lock held to the end of the transaction
 * (an advisory lock: no row to lock before the first upload), so quota checks of one user run one at a
 * time. Deletes take no such lock; they only ever make room.
 */
export async function lockStoredBytes(db: DatabaseHandle, userId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`.execute(db);
  return storedBytes(db, userId);
}

/** One piece of a streamed upload, in order (`seq` from 0); the caller holds the transaction. */
export async function stageUploadChunk(
  db: DatabaseHandle,
  chunk: { uploadId: string; seq: number; bytes: Buffer },
): Promise<void> {
  await searchDb(db)
    .insertInto('upload_chunks')
    .values({ upload_id: chunk.uploadId, seq: chunk.seq, bytes: chunk.bytes })
    .execute();
}

/**
 * Stores a batch of streamed uploads, status queued, each with its extraction job: PostgreSQL joins each
 * file's staged pieces into its original itself (the service never holds a whole file), then the pieces go.
 * Three statements for the batch, not three per file (a batch of 200 small files spent more of the service's
 * time on round trips than on reading them). Answers the documents in the uploads' order. The caller holds
 * the transaction, so the pieces are never seen outside it.
 */
export async function insertStagedDocumentsWithJobs(
  db: DatabaseHandle,
  uploads: (NewDocument & { uploadId: string; sizeBytes: number })[],
): Promise<DocumentRow[]> {
  if (uploads.length === 0) return [];
  const ids = uploads.map(() => randomUUID());
  const search = searchDb(db);
  const inserted = await sql<DocumentRow>`
    insert into documents (id, user_id, name, media_type, kind, size_bytes, original)
    select u.id, u.user_id, u.name, u.media_type, u.kind, u.size_bytes,
           (select string_agg(c.bytes, ''::bytea order by c.seq) from upload_chunks c where c.upload_id = u.upload_id)
    from unnest(${ids}::uuid[], ${uploads.map((u) => u.userId)}::uuid[], ${uploads.map((u) => u.uploadId)}::uuid[],
                ${uploads.map((u) => u.name)}::text[], ${uploads.map((u) => u.mediaType)}::text[],
                ${uploads.map((u) => u.kind)}::text[], ${uploads.map((u) => u.sizeBytes)}::integer[])
      as u(id, user_id, upload_id, name, media_type, kind, size_bytes)
    returning ${sql.join(DOCUMENT_COLUMNS.map((column) => sql.ref(column)))}
  `.execute(db);
  await search
    .deleteFrom('upload_chunks')
    .where(
      'upload_id',
      'in',
      uploads.map((u) => u.uploadId),
    )
    .execute();
  // Jobs in the uploads' order: a take runs a user's jobs oldest (lowest id) first.
  await search
    .insertInto('search_jobs')
    .values(ids.map((id) => ({ document_id: id })))
    .execute();
  const byId = new Map(inserted.rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (row === undefined) throw new Error('a staged upload was not stored');
    return row;
  });
}

/**
 * Stores originals already in hand, status queued, each with its extraction job: the messages a source brought in
 * (issue 21) go through the same queue and extraction as an uploaded file. Two statements for the batch, not two
 * per document: at a mailbox's first sync the per-message round trips were the sync's own largest cost
 * (docs/decisions/060).
 * The ids are made here, so each document's id is known without relying on the order RETURNING keeps. Answers
 * the ids in the documents' order. The caller holds the transaction.
 */
export async function insertDocumentsWithJobs(
  db: DatabaseHandle,
  documents: (NewDocument & { bytes: Buffer; sourceId?: string | null })[],
): Promise<string[]> {
  if (documents.length === 0) return [];
  const ids = documents.map(() => randomUUID());
  const search = searchDb(db);
  await search
    .insertInto('documents')
    .values(
      documents.map((document, index) => ({
        id: ids[index],
        user_id: document.userId,
        name: document.name,
        media_type: document.mediaType,
        kind: document.kind,
        size_bytes: document.bytes.byteLength,
        original: document.bytes,
        source_id: document.sourceId ?? null,
      })),
    )
    .execute();
  // Jobs in the documents' order: a take runs a user's jobs oldest (lowest id) first.
  await search
    .insertInto('search_jobs')
    .values(ids.map((id) => ({ document_id: id })))
    .execute();
  return ids;
}

/** A document's file name changes (a synced message filed elsewhere); its passages stay as indexed. */
export async function renameDocument(db: DatabaseHandle, documentId: string, name: string): Promise<void> {
  await searchDb(db)
    .updateTable('documents')
    .set({ name, updated_at: sql`now()` })
    .where('id', '=', documentId)
    .execute();
}

/** Where the uploads list is ordered (created_at desc, id desc): created_at to the microsecond, as stored. */
export interface DocumentKey {
  createdAt: string;
  id: string;
}

// PostgreSQL keeps microseconds and a Date only milliseconds; a key cut to milliseconds would skip the
// documents created later in the same millisecond. A batch shares created_at (one transaction's now()),
// so the id settles the order within it.
const CREATED_KEY = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the uploads list, newest first, after `after` when given: a keyset on the index
 * documents_user_uploads (user_id, created_at, id) where source_id is null, read backwards, so a page costs the same at the
 * 48,000th document as at the first and never sorts. Exported for the test that reads its plan.
 */
export function documentsPageQuery(
  db: DatabaseHandle,
  userId: string,
  page: { limit: number; after?: DocumentKey | undefined },
) {
  const query = searchDb(db)
    .selectFrom('documents')
    .select([...DOCUMENT_COLUMNS, CREATED_KEY.as('created_key')])
    .where('user_id', '=', userId)
    .where('source_id', 'is', null);
  const { after } = page;
  return (
    after === undefined
      ? query
      : query.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`)
  )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
}

/** GET /uploads: a page of the user's uploads and the key to read the next from (null on the last). */
export async function listDocuments(
  db: DatabaseHandle,
  userId: string,
  page: { limit: number; after?: DocumentKey | undefined },
): Promise<{ rows: DocumentRow[]; next: DocumentKey | null }> {
  // One row more than the page says whether another follows, so the last page is never an empty one.
  const found = await documentsPageQuery(db, userId, { ...page, limit: page.limit + 1 }).execute();
  const rows = found.slice(0, page.limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ created_key: _key, ...row }) => row),
    next:
      found.length > page.limit && last !== undefined ? { createdAt: last.created_key, id: last.id } : null,
  };
}

/** How many documents the user uploaded ("Showing 50 of 48,368"): an index-only count on documents_user_uploads. */
/** Whether the user has connected any source (one index probe on sources_user). */
export async function userHasSources(db: DatabaseHandle, userId: string): Promise<boolean> {
  const row = await searchDb(db)
    .selectFrom('sources')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countDocuments(db: DatabaseHandle, userId: string): Promise<number> {
  const row = await searchDb(db)
    .selectFrom('documents')
    .select(sql<string>`count(*)`.as('total'))
    .where('user_id', '=', userId)
    .where('source_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findDocument(
  db: DatabaseHandle,
  userId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  return searchDb(db)
    .selectFrom('documents')
    .select(DOCUMENT_COLUMNS)
    .where('id', '=', documentId)
    .where('user_id', '=', userId)
    .where('source_id', 'is', null)
    .executeTakeFirst();
}

/** The document (and its owner) locked for this transaction, or undefined once it is deleted. */
export async function lockDocument(
  db: DatabaseHandle,
  documentId: string,
): Promise<{ userId: string; status: string } | undefined> {
  const row = await searchDb(db)
    .selectFrom('documents')
    .select(['user_id', 'status'])
    .where('id', '=', documentId)
    .forUpdate()
    .executeTakeFirst();
  return row === undefined ? undefined : { userId: row.user_id, status: row.status };
}

export async function loadOriginal(
  db: DatabaseHandle,
  documentId: string,
): Promise<{ userId: string; name: string; mediaType: string; bytes: Uint8Array } | undefined> {
  const row = await searchDb(db)
    .selectFrom('documents')
    .select(['user_id', 'name', 'media_type', 'original'])
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    userId: row.user_id,
    name: row.name,
    mediaType: row.media_type,
    bytes: new Uint8Array(row.original),
  };
}

/** A document's original as extraction reads it. */
export interface Original {
  userId: string;
  name: string;
  mediaType: string;
  bytes: Uint8Array;
  /** How many containers are above it (an archive's entry: 1). */
  depth: number;
  /** The subject of the message it is attached to, when it is an attachment. */
  attachedTo: string | null;
}

/**
 * The originals of many documents (a batch of extraction jobs), in one query; a document deleted meanwhile is
 * missing from the map. Each is marked `extracting` in the same statement, as the Uploads page shows it.
 */
export async function startExtracting(
  db: DatabaseHandle,
  documentIds: string[],
): Promise<Map<string, Original>> {
  if (documentIds.length === 0) return new Map();
  const rows = await sql<{
    id: string;
    user_id: string;
    name: string;
    media_type: string;
    original: Buffer;
    depth: number;
    attached_to: string | null;
  }>`
    update documents d set status = 'extracting', failure_reason = null, updated_at = now()
    where d.id = any (${documentIds}::uuid[])
    returning d.id, d.user_id, d.name, d.media_type, d.original, d.depth,
      (select coalesce(p.title, p.name) from documents p where p.id = d.parent_id and p.kind = 'eml') as attached_to
  `.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.id,
      {
        userId: row.user_id,
        name: row.name,
        mediaType: row.media_type,
        // A Buffer is a Uint8Array: no copy of the batch's originals.
        bytes: row.original,
        depth: row.depth,
        attachedTo: row.attached_to,
      },
    ]),
  );
}

/** Puts jobs a batch took but did not read back in the queue as they were (their take not counted as a try). */
export async function releaseUnread(
  db: DatabaseHandle,
  jobs: { id: string; documentId: string }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await sql`update search_jobs set locked_at = null, locked_by = null, attempts = greatest(attempts - 1, 0)
    where id = any (${jobs.map((job) => job.id)}::bigint[])`.execute(db);
  await sql`update documents set status = 'queued', updated_at = now()
    where id = any (${jobs.map((job) => job.documentId)}::uuid[]) and status = 'extracting'`.execute(db);
}

export async function setDocumentStatus(
  db: DatabaseHandle,
  documentId: string,
  change:
    | { status: 'extracting' | 'queued' }
    | { status: 'failed'; failureReason: string }
    | {
        status: 'indexed';
        title: string;
        parts: number;
        documentDate: string | null;
        /** The instant it was sent or made, ISO 8601, when known. */
        sentAt?: string | null | undefined;
      },
): Promise<void> {
  await searchDb(db)
    .updateTable('documents')
    .set({
      status: change.status,
      failure_reason: change.status === 'failed' ? change.failureReason : null,
      ...(change.status === 'indexed'
        ? {
            title: change.title,
            parts: change.parts,
            document_date: change.documentDate,
            sent_at: change.sentAt ?? null,
          }
        : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', documentId)
    .execute();
}

export interface NewPassage {
  ordinal: number;
  location: string;
  text: string;
  facts: unknown;
  /** The words the index weighs apart (extraction's PassageFields; docs/decisions/036-search-fields.md). */
  fields: Record<SearchField, string>;
}

// PostgreSQL text cannot hold NUL, and snippets use \u0002/\u0003 as match markers (search/snippet.ts):
// control characters other than tab and line breaks are dropped from what is indexed.
const UNINDEXED = /(?![\t\n\r])\p{Cc}/gu;

const FIELD_ORDER: readonly SearchField[] = ['title', 'name', 'people', 'body', 'quoted'];
/** What a passage is called: a lexeme in these is a title word (the title bit of its posting, posting-lists.ts). */
const TITLE_FIELDS: ReadonlySet<SearchField> = new Set(['title', 'name']);

/** A file inside a document (an archive's entry, a message's attachment) that becomes a document of its own. */
export interface ContainedDocument {
  name: string;
  mediaType: string;
  kind: string;
  bytes: Uint8Array;
}

/** A document's extraction, to index: its passages and what its row says of it once indexed. */
export interface IndexedDocument {
  id: string;
  userId: string;
  passages: NewPassage[];
  title: string;
  parts: number;
  /** The day it was sent or made (YYYY-MM-DD), when known. */
  documentDate: string | null;
  /** The instant it was sent or made, ISO 8601, when known. */
  sentAt?: string | null | undefined;
  /** The kind it was read as, when its content said otherwise than its name. */
  kind?: string | undefined;
  /** What the person should know about how it was read. */
  notes?: readonly string[] | undefined;
  /** Its entries or attachments: documents of their own, each with its job, replacing any it had. */
  contained?: readonly ContainedDocument[] | undefined;
  /** Its rows as typed fields (docs/decisions/130), replacing any it had. */
  records?: readonly NewRecord[] | undefined;
}

/**
 * Indexes many documents in the caller's transaction, set-based: each statement runs once for the batch, not
 * once per document (issue 21's first sync: a transaction and six statements per message held indexing to
 * ~68 documents/s). The documents are locked in id order and their users' statistics rows in user order (the
 * lock order above); a document deleted meanwhile, or not its user's, is skipped. Passages already there (a job
 * that runs twice) are replaced, so the statistics stay exact. Each indexed document ends `indexed` with its
 * title and dates. `analysed` is {@link analysePassages} of the documents, when the caller made it beforehand (the
 * worker does, while its previous batch is written). Answers the ids indexed and how many list rows it wrote.
 */
export async function indexDocuments(
  tx: DatabaseHandle,
  documents: IndexedDocument[],
  analysed?: readonly AnalysedPassage[],
  options: IndexOptions = {},
): Promise<{ indexed: Set<string>; listRows: number }> {
  if (documents.length === 0) return { indexed: new Set(), listRows: 0 };
  if (analysed === undefined)
    return indexDocuments(tx, documents, await analysePassages(tx, documents), options);
  const analysedOf = new Map<string, AnalysedPassage[]>();
  let at = 0;
  for (const document of documents) {
    analysedOf.set(document.id, analysed.slice(at, at + document.passages.length));
    at += document.passages.length;
  }
  const locked = await searchDb(tx)
    .selectFrom('documents')
    .select(['id', 'user_id'])
    .where(
      'id',
      'in',
      documents.map((document) => document.id),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  const owner = new Map(locked.map((row) => [row.id, row.user_id]));
  const kept = documents.filter((document) => owner.get(document.id) === document.userId);
  if (kept.length === 0) return { indexed: new Set(), listRows: 0 };
  const userNumbers = await lockCorpusStats(
    tx,
    kept.map((document) => document.userId),
  );
  const ids = kept.map((document) => document.id);
  // A name that lied: the passages take the kind from their document as they are inserted (a trigger).
  const rekinded = kept.filter((document) => document.kind !== undefined);
  if (rekinded.length > 0) {
    await sql`update documents d set kind = v.kind
      from unnest(${rekinded.map((d) => d.id)}::uuid[], ${rekinded.map((d) => d.kind ?? '')}::text[]) as v(id, kind)
      where d.id = v.id and d.kind <> v.kind`.execute(tx);
  }
  if (options.fresh !== true) await removePassagesOf(tx, ids);
  const listRows = await insertPassages(
    tx,
    kept,
    kept.flatMap((document) => analysedOf.get(document.id) ?? []),
    userNumbers,
  );
  await sql`
    update documents d set
      status = 'indexed', failure_reason = null, title = v.title, parts = v.parts,
      document_date = v.document_date, sent_at = v.sent_at, updated_at = now(),
      notes = array(select jsonb_array_elements_text(v.notes))
    from unnest(${ids}::uuid[], ${kept.map((document) => document.title)}::text[],
                ${kept.map((document) => document.parts)}::int[],
                ${kept.map((document) => document.documentDate)}::date[],
                ${kept.map((document) => document.sentAt ?? null)}::timestamptz[],
                ${kept.map((document) => JSON.stringify(document.notes ?? []))}::jsonb[])
      as v(id, title, parts, document_date, sent_at, notes)
    where d.id = v.id
  `.execute(tx);
  await replaceContained(tx, kept, options);
  await replaceRecords(tx, kept, options);
  return { indexed: new Set(ids), listRows };
}

/** Every document inside these (entries of entries too), deepest last; the documents themselves not included. */
async function descendantsOf(tx: DatabaseHandle, documentIds: string[]): Promise<string[]> {
  if (documentIds.length === 0) return [];
  const rows = await sql<{ id: string }>`
    with recursive inside(id) as (
      select id from documents where parent_id = any (${documentIds}::uuid[])
      union all
      select d.id from documents d join inside i on d.parent_id = i.id
    )
    select id from inside
  `.execute(tx);
  return rows.rows.map((row) => row.id);
}

/**
 * The documents' contained files (docs/decisions/121) replace those they had (a job run twice): the old ones
 * out of the index, then the new ones stored with their jobs, one level deeper, in the same source. Only
 * documents whose reading gave contained files, or that had some, are touched.
 */
async function replaceContained(
  tx: DatabaseHandle,
  documents: readonly IndexedDocument[],
  options: IndexOptions,
): Promise<void> {
  const old =
    options.fresh === true
      ? []
      : await descendantsOf(
          tx,
          documents.map((document) => document.id),
        );
  if (old.length > 0) {
    await removePassagesOf(tx, old);
    await sql`delete from documents where id = any (${old}::uuid[])`.execute(tx);
  }
  const children = documents.flatMap((document) =>
    (document.contained ?? []).map((file) => ({ parent: document.id, ...file })),
  );
  if (children.length === 0) return;
  const ids = children.map(() => randomUUID());
  await sql`
    insert into documents (id, user_id, name, media_type, kind, size_bytes, original, source_id, parent_id, depth)
    select v.id, p.user_id, v.name, v.media_type, v.kind, octet_length(v.original), v.original, p.source_id, p.id,
           p.depth + 1
    from unnest(${ids}::uuid[], ${children.map((c) => c.parent)}::uuid[], ${children.map((c) => c.name)}::text[],
                ${children.map((c) => c.mediaType)}::text[], ${children.map((c) => c.kind)}::text[],
                ${children.map((c) => Buffer.from(c.bytes.buffer, c.bytes.byteOffset, c.bytes.byteLength))}::bytea[])
      as v(id, parent, name, media_type, kind, original)
    join documents p on p.id = v.parent
  `.execute(tx);
  // Jobs in the files' order: a take runs a user's jobs oldest (lowest id) first.
  await searchDb(tx)
    .insertInto('search_jobs')
    .values(ids.map((id) => ({ document_id: id })))
    .execute();
}

/**
 * Replaces a document's passages and moves the user's statistics with them. Call inside a transaction
 * that has locked the document ({@link lockDocument}); replacing rather than appending makes a job that
 * runs twice (a lease that ran out under a slow worker) harmless.
 */
export async function replacePassages(
  db: DatabaseHandle,
  document: { id: string; userId: string },
  passages: NewPassage[],
): Promise<void> {
  const input = [{ ...document, passages }];
  const analysed = await analysePassages(db, input);
  const userNumbers = await lockCorpusStats(db, [document.userId]);
  await removePassagesOf(db, [document.id]);
  await insertPassages(db, input, analysed, userNumbers);
}

/**
 * The users' statistics rows, locked in user order (made first for a user who has none): every writer of a
 * user's passages, postings and term statistics takes this lock before them, so two writers of one user's index
 * go one after the other and never deadlock on term rows, whatever order their statements touch them in.
 */
async function lockCorpusStats(tx: DatabaseHandle, userIds: string[]): Promise<Map<string, number>> {
  const users = [...new Set(userIds)].sort();
  await sql`
    insert into search_corpus_stats (user_id, passage_count, total_length)
    select u, 0, 0 from unnest(${users}::uuid[]) u order by u
    on conflict (user_id) do nothing
  `.execute(tx);
  const locked = await sql<{ user_id: string; user_no: number }>`
    select user_id, user_no from search_corpus_stats where user_id = any (${users}::uuid[])
    order by user_id for update
  `.execute(tx);
  return new Map(locked.rows.map((row) => [row.user_id, row.user_no]));
}

/** A passage's text analysed: |D| (own and quoted) and each lexeme's BM25F tf~ and title bit. */
export interface AnalysedPassage {
  length: number;
  postings: [lexeme: string, weight: number, titled: boolean][];
}

type PassageInput = { id: string; userId: string; passages: NewPassage[] };

const clean = (text: string) => text.replace(UNINDEXED, '');

/**
 * Each passage's lexemes with their BM25F pseudo-frequency (each field's `fieldShare`, summed), in
 * the documents' and passages' order. PostgreSQL makes the vectors — its parser and English stemmer are the
 * search's — one per distinct field text of the batch (a document's title and people are in every passage of
 * it), printed; the service reads them and weighs them (docs/decisions/075-analysis-in-the-service.md). It writes
 * nothing, so it runs before the user's lock, and the worker runs it for a batch while the previous one is
 * written.
 */
export async function analysePassages(
  db: DatabaseHandle,
  documents: readonly PassageInput[],
): Promise<AnalysedPassage[]> {
  const texts = new Map<string, number>();
  const fieldTexts = documents.flatMap((document) =>
    document.passages.map((passage) =>
      FIELD_ORDER.map((field) => {
        const text = clean(passage.fields[field]);
        if (text === '') return -1;
        let at = texts.get(text);
        if (at === undefined) {
          at = texts.size;
          texts.set(text, at);
        }
        return at;
      }),
    ),
  );
  const vectors =
    texts.size === 0
      ? []
      : (
          await sql<{ vector: string }>`
            select to_tsvector('english', t.text)::text as vector
            from jsonb_array_elements_text(${JSON.stringify([...texts.keys()])}::jsonb) with ordinality as t(text, n)
            order by t.n
          `.execute(db)
        ).rows.map((row) => lexemeCounts(row.vector));
  return fieldTexts.map((fields) => {
    const weights = new Map<string, { weight: number; titled: boolean }>();
    let length = 0;
    FIELD_ORDER.forEach((field, at) => {
      const vector = vectors[fields[at] as number];
      if (vector === undefined) return;
      const titled = TITLE_FIELDS.has(field);
      if (field === 'body' || field === 'quoted') length += vector.length;
      for (const [lexeme, tf] of vector.counts) {
        const share = fieldShare(SEARCH_FIELDS[field], tf, vector.length);
        const held = weights.get(lexeme);
        if (held === undefined) weights.set(lexeme, { weight: share, titled });
        else {
          held.weight += share;
          held.titled ||= titled;
        }
      }
    });
    return {
      length,
      postings: [...weights].map(([lexeme, { weight, titled }]) => [lexeme, weight, titled]),
    };
  });
}

/**
 * The passages, postings and statistics of documents: a passage keeps |D| of its text (own and quoted), and each
 * lexeme of a passage gets one posting whose weight is the lexeme's BM25F tf~, appended to the user's list of the
 * lexeme (docs/decisions/069-posting-lists.md). A tsvector holds each lexeme once, so a passage has one posting
 * per lexeme, and a list's count is the number of passages holding its lexeme (BM25's document frequency). Call
 * with the users' statistics rows locked ({@link lockCorpusStats}), whose numbers `userNumbers` gives, and the
 * passages analysed ({@link analysePassages}) in the same order. Answers how many list rows it wrote.
 */
async function insertPassages(
  tx: DatabaseHandle,
  documents: readonly PassageInput[],
  analysed: readonly AnalysedPassage[],
  userNumbers: ReadonlyMap<string, number>,
): Promise<number> {
  const rows = documents.flatMap((document) =>
    document.passages.map((passage) => ({
      document_id: document.id,
      user_id: document.userId,
      ordinal: passage.ordinal,
      location: clean(passage.location),
      body: clean(passage.text),
      facts: JSON.parse(JSON.stringify(passage.facts ?? {}).replace(/\\u0000/g, '')),
    })),
  );
  if (rows.length === 0) return 0;
  if (analysed.length !== rows.length) throw new Error('passages analysed are not the passages stored');
  const inserted = await sql<{ id: string; document_id: string; ordinal: number }>`
    with inserted as (
      insert into passages (document_id, user_id, ordinal, location, body, length, facts)
      select r.document_id, r.user_id, r.ordinal, r.location, r.body, r.length, coalesce(r.facts, '{}')
      from jsonb_to_recordset(${JSON.stringify(rows.map((row, idx) => ({ idx, ...row, length: analysed[idx]?.length ?? 0 })))}::jsonb)
             as r(idx integer, document_id uuid, user_id uuid, ordinal integer, location text, body text,
                  length integer, facts jsonb)
      order by r.idx
      returning id, document_id, user_id, ordinal, length
    ),
    totals as (
      update search_corpus_stats c set
        passage_count = c.passage_count + t.passages,
        total_length = c.total_length + t.length
      from (select user_id, count(*) as passages, sum(length) as length from inserted group by user_id) t
      where c.user_id = t.user_id
    )
    select i.id::text as id, i.document_id, i.ordinal from inserted i order by i.id
  `.execute(tx);
  // A document's passages are numbered apart (ordinal), so document and ordinal name the row a passage came from.
  const rowOf = new Map(rows.map((row, idx) => [`${row.document_id}:${row.ordinal}`, idx]));
  // Each user's new postings by lexeme, ids ascending: the passages are walked in id order.
  const byUser = new Map<string, Map<string, NewPostings>>();
  for (const { id, document_id, ordinal } of inserted.rows) {
    const idx = rowOf.get(`${document_id}:${ordinal}`) ?? -1;
    const row = rows[idx];
    const passage = analysed[idx];
    if (row === undefined || passage === undefined) continue;
    const lists = byUser.get(row.user_id) ?? new Map<string, NewPostings>();
    byUser.set(row.user_id, lists);
    for (const [lexeme, weight, titled] of passage.postings) {
      const list = lists.get(lexeme) ?? { lexeme, ids: [], weights: [] };
      lists.set(lexeme, list);
      list.ids.push(Number(id));
      list.weights.push(weightByte(weight, titled));
    }
  }
  let listRows = 0;
  for (const [userId, lists] of byUser) {
    const userNo = userNumbers.get(userId);
    if (userNo === undefined) throw new Error('indexing a user whose statistics row is not locked');
    listRows += await appendPostings(tx, userNo, [...lists.values()]);
  }
  return listRows;
}

/** How {@link indexDocuments} may write. */
export interface IndexOptions {
  /**
   * The documents were made in this transaction (the intake's new ones, docs/decisions/231): none of their
   * passages, records or entries can exist yet, so none are looked for. Those looks were a statement each a
   * slice, and grew with the table: ~15 % of a 100,000-row first sync.
   */
  fresh?: boolean;
}

/**
 * Takes documents' passages out of the index and the statistics, whoever's they are (same lock order as above;
 * the documents locked by the caller).
 */
async function removePassagesOf(tx: DatabaseHandle, documentIds: string[]): Promise<void> {
  const passages = await sql<{ user_id: string; ids: string[] }>`
    select user_id, array_agg(id) as ids from passages where document_id = any (${documentIds}::uuid[])
    group by user_id
  `.execute(tx);
  if (passages.rows.length === 0) return;
  const userNumbers = await lockCorpusStats(
    tx,
    passages.rows.map((row) => row.user_id),
  );
  await sql`
    update search_corpus_stats s set
      passage_count = s.passage_count - x.passages,
      total_length = s.total_length - x.length
    from (select user_id, count(*) as passages, coalesce(sum(length), 0) as length
          from passages where document_id = any (${documentIds}::uuid[]) group by user_id) x
    where s.user_id = x.user_id
  `.execute(tx);
  for (const row of passages.rows) {
    const userNo = userNumbers.get(row.user_id);
    if (userNo !== undefined) await removeFromLists(tx, userNo, row.ids.map(Number));
  }
  await sql`delete from passages where document_id = any (${documentIds}::uuid[])`.execute(tx);
}

/**
 * DELETE /uploads/:id: out of the index and the statistics at once, in one transaction. False when the
 * user has no such document (someone else's is the same as none: 404).
 */
export async function deleteDocument(
  db: DatabaseHandle,
  userId: string,
  documentId: string,
): Promise<boolean> {
  return db.transaction().execute((tx) => deleteDocumentIn(tx, userId, documentId));
}

/**
 * {@link deleteDocument} inside the caller's transaction, for a delete that must happen with other writes (a
 * message gone from a synced mailbox, with its identity and the folder's checkpoint).
 */
export async function deleteDocumentIn(
  tx: DatabaseHandle,
  userId: string,
  documentId: string,
): Promise<boolean> {
  const locked = await lockDocument(tx, documentId);
  if (locked === undefined || locked.userId !== userId) return false;
  // An archive's entries and a message's attachments go with it (docs/decisions/121).
  const inside = await descendantsOf(tx, [documentId]);
  // Locked before the statistics row, as an indexer of one of them locks it (the lock order above).
  if (inside.length > 0)
    await sql`select id from documents where id = any (${inside}::uuid[]) order by id for update`.execute(tx);
  const gone = [documentId, ...inside];
  await removePassagesOf(tx, gone);
  await sql`delete from documents where id = any (${gone}::uuid[])`.execute(tx);
  return true;
}

/**
 * {@link deleteDocumentIn} for many of a user's documents at once, set-based: the same statements once per
 * call instead of once per document (removing a source: 600 indexed messages took 18 s one by one). The
 * documents are locked in id order first (the lock order above); those not the user's, or gone, are skipped.
 * Answers how many went.
 */
export async function deleteDocumentsIn(
  tx: DatabaseHandle,
  userId: string,
  documentIds: string[],
): Promise<number> {
  if (documentIds.length === 0) return 0;
  // An archive's entries and a message's attachments go with it (docs/decisions/121).
  const all = [...new Set([...documentIds, ...(await descendantsOf(tx, documentIds))])];
  const locked = await searchDb(tx)
    .selectFrom('documents')
    .select('id')
    .where('id', 'in', all)
    .where('user_id', '=', userId)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (locked.length === 0) return 0;
  await removePassagesOf(
    tx,
    locked.map((row) => row.id),
  );
  await searchDb(tx)
    .deleteFrom('documents')
    .where(
      'id',
      'in',
      locked.map((row) => row.id),
    )
    .execute();
  const asked = new Set(documentIds);
  return locked.filter((row) => asked.has(row.id)).length;
}

/** Up to `limit` of the documents a source brought in (removing a source takes them out a few at a time). */
export async function sourceDocumentIds(
  db: DatabaseHandle,
  sourceId: string,
  limit: number,
): Promise<string[]> {
  const rows = await searchDb(db)
    .selectFrom('documents')
    .select('id')
    .where('source_id', '=', sourceId)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The user's BM25 totals and each lexeme's document frequency (tests and the bench read them). */
export async function corpusStats(
  db: DatabaseHandle,
  userId: string,
): Promise<{ passageCount: number; totalLength: number; terms: Map<string, number> }> {
  const totals = await searchDb(db)
    .selectFrom('search_corpus_stats')
    .select(['passage_count', 'total_length', 'user_no'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    passageCount: Number(totals?.passage_count ?? 0),
    totalLength: Number(totals?.total_length ?? 0),
    terms: totals === undefined ? new Map() : await documentFrequencies(db, totals.user_no),
  };
}
