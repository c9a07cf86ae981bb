import type { DatabaseHandle, SourceIntakeTable, SourcesTable } from '@trove/service-core';
import type { ColumnType, Generated, Kysely } from 'kysely';

// The search tables as kysely sees them (services/core/src/db/migrations/2026-11-23-01-search.ts). They
// live here rather than in core's schema because only this service reads them; `searchDb` widens the
// shared handle (or a transaction) to include them.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type DocumentsTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  media_type: string;
  kind: string;
  size_bytes: number;
  original: Buffer;
  status: ColumnType<string, string | undefined, string>;
  failure_reason: Optional<string>;
  title: Optional<string>;
  parts: Optional<number>;
  document_date: Optional<string>;
  /** When it was sent or made (an email's Date), for after:/before: in the user's time zone. */
  sent_at: NullableTimestamp;
  /** The source that brought it in (issue 21); null for an upload. */
  source_id: Optional<string>;
  /** The archive or message it came out of (docs/decisions/121); null for what was uploaded or synced. */
  parent_id: Optional<string>;
  /** How many containers are above it: 0 for an upload or a synced message. */
  depth: ColumnType<number, number | undefined, number>;
  /** What the person should know about how it was read; empty when nothing. */
  notes: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PassagesTable = {
  id: Generated<string>;
  document_id: string;
  user_id: string;
  ordinal: number;
  location: string;
  body: string;
  length: number;
  /** The document's kind and source, copied by a trigger when the passage is inserted. */
  kind: ColumnType<string, never, never>;
  source_id: ColumnType<string | null, never, never>;
  facts: ColumnType<unknown, string | undefined, string>;
};

export type SearchCorpusStatsTable = {
  user_id: string;
  /** The user's number in search_lists. */
  user_no: Generated<number>;
  /** bigint, read as text by pg. */
  passage_count: ColumnType<string, number | string, number | string>;
  total_length: ColumnType<string, number | string, number | string>;
};

/**
 * One block of a lexeme's postings (search/posting-lists.ts): up to BLOCK_POSTINGS passages from first_id
 * (bigint, read as text by pg) to first_id + span (span −1: further than 2^31), `count` of them, encoded in
 * `postings`.
 */
export type SearchListsTable = {
  user_no: number;
  lexeme: string;
  first_id: ColumnType<string, number | string, number | string>;
  span: number;
  count: number;
  postings: Buffer;
};

/** Short lists of many lexemes in one row (search/posting-lists.ts, `encodePage`). */
export type SearchPagesTable = {
  user_no: number;
  from_lexeme: string;
  entries: Buffer;
};

export type SearchJobsTable = {
  id: Generated<string>;
  document_id: string;
  attempts: Generated<number>;
  run_at: Timestamp;
  locked_at: NullableTimestamp;
  locked_by: Optional<string>;
  last_error: Optional<string>;
  /** What the earlier slices of a cut reading read (jobs.repository's ReadingResume), JSON. */
  resume: Optional<string>;
  created_at: Timestamp;
};

/** Pieces of an upload on its way into documents.original (issue 18 item 7); never outlive a transaction. */
export type UploadChunksTable = {
  upload_id: string;
  seq: number;
  bytes: Buffer;
};

/**
 * The search service's map from a source's item key to the document it became, and the folder a result shows
 * (migration 2026-11-29-90; docs/decisions/170-sources-service.md).
 */
export type SourceDocumentsTable = {
  source_id: string;
  item_key: string;
  user_id: string;
  folder: string;
  document_id: string;
};

/** The one column of a profile the search reads (grant: select (user_id, timezone)). */
export type ProfileTimezoneTable = {
  user_id: string;
  timezone: string | null;
};

export type SearchTables = {
  profiles: ProfileTimezoneTable;
  documents: DocumentsTable;
  passages: PassagesTable;
  search_corpus_stats: SearchCorpusStatsTable;
  search_lists: SearchListsTable;
  search_pages: SearchPagesTable;
  search_jobs: SearchJobsTable;
  upload_chunks: UploadChunksTable;
  sources: SourcesTable;
  source_documents: SourceDocumentsTable;
  source_intake: SourceIntakeTable;
};

export type SearchDatabase = Kysely<import('@trove/service-core').Database & SearchTables>;

/** The shared handle (or a transaction on it), seen with the search tables too. */
export function searchDb(db: DatabaseHandle): SearchDatabase {
  return db.withTables<SearchTables>() as SearchDatabase;
}
