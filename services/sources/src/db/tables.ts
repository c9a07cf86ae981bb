import type { DatabaseHandle, SourceIntakeTable, SourcesTable } from '@trove/service-core';
import type { ColumnType, Generated, Kysely } from 'kysely';

// The sources service's tables as kysely sees them (migrations 2026-11-25-07, 2026-11-26-01, 2026-11-29-70 and
// 2026-11-29-90). Its role (trove_sources) may use these and write the intake; `sourcesDb` widens the shared
// handle (or a transaction) to include them.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A folder's checkpoint. bigint columns are read as text by pg. */
export type SourceFoldersTable = {
  source_id: string;
  path: string;
  uidvalidity: ColumnType<string, number | string, number | string>;
  last_uid: ColumnType<string, number | string | undefined, number | string>;
  highest_modseq: ColumnType<string | null, string | null | undefined, string | null>;
  compared_at: NullableTimestamp;
  updated_at: Timestamp;
};

/**
 * One item identity of a source (a message's Message-ID + size, a row's id): where it is now and its content's
 * hash. The document it became is the search service's to know (source_documents).
 */
export type SourceMessagesTable = {
  source_id: string;
  user_id: string;
  item_key: string;
  folder: string;
  /** bigint, read as text by pg; compared with numbers. */
  uid: ColumnType<string | number, number | string, number | string>;
  /** A database row's rendered text's SHA-256 (unchanged rows are not indexed again); null for a message. */
  content_sha256: ColumnType<string | null, string | null | undefined, string | null>;
};

/** A database source's checkpoint: the keyset of the last row stored, and its last id comparison. */
export type SourceCursorsTable = {
  source_id: string;
  changed_at: string | null;
  row_id: string | null;
  scanned_at: NullableTimestamp;
  updated_at: Timestamp;
};

/** An uploaded SQLite file, its source's once one is made from it. bigint read as text. */
export type SourceFilesTable = {
  id: Generated<string>;
  user_id: string;
  source_id: string | null;
  name: string;
  size_bytes: ColumnType<string, number, number>;
  /** A file uploaded before its pieces were kept (source_file_chunks); null for every newer one. */
  bytes: Buffer | null;
  created_at: Timestamp;
};

/** An uploaded file's pieces, in order (docs/decisions/200): no whole file is held in memory. */
export type SourceFileChunksTable = {
  file_id: string;
  seq: number;
  bytes: Buffer;
};

export type SourcesTables = {
  sources: SourcesTable;
  source_folders: SourceFoldersTable;
  source_messages: SourceMessagesTable;
  source_cursors: SourceCursorsTable;
  source_files: SourceFilesTable;
  source_file_chunks: SourceFileChunksTable;
  source_intake: SourceIntakeTable;
};

export type SourcesDatabase = Kysely<import('@trove/service-core').Database & SourcesTables>;

/** The shared handle (or a transaction on it), seen with the sources' tables too. */
export function sourcesDb(db: DatabaseHandle): SourcesDatabase {
  return db.withTables<SourcesTables>() as SourcesDatabase;
}
