import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DATABASE_KIND_LABELS,
  DATABASE_TLS_LABELS,
  DATABASE_PREVIEW_ROWS,
  type DatabaseConnection,
  type DatabaseMapping,
  type DatabasePreviewResult,
  type DatabaseProblem,
  type DatabaseSourceKind,
  type DatabaseTableInfo,
  databaseFieldLabel,
  databaseSyncMode,
} from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import {
  type ColumnInfo,
  classifyError,
  DatabaseError,
  type DatabaseLimits,
  type DatabaseReach,
  type DatabaseReader,
  type RowSource,
} from './database-reader';
import { writeSourceFileTo } from './source-file-pieces.repository';
import { openSandboxedReader, type RunnerSettings } from './reader-sandbox';
import { renderRow } from '@trove/service-core/records';
import { checkSelect, QueryRefusedError } from './select-check';

// Between a database source's settings and its reader: where it connects (or which file it opens), what it
// reads (a table, or the checked SELECT), and what a failure means to the person who set it up.

export interface DatabaseSourceOptions {
  reach: DatabaseReach;
  limits: DatabaseLimits;
  /** Every reader runs in a child process with these bounds (reader-sandbox.ts). */
  runner: RunnerSettings;
}

/** What a reader is opened on: a server with its password, or a SQLite file by id. */
export type DatabaseTarget =
  | { kind: 'postgres' | 'mysql'; connection: DatabaseConnection; password: string }
  | { kind: 'sqlite'; fileId: string };

/** The mapping's parts a preview may lack. */
export interface PartialMapping {
  table?: string | null | undefined;
  query?: string | null | undefined;
  id_column?: string | null | undefined;
  title_column?: string | null | undefined;
  body_columns?: string[] | null | undefined;
  changed_at_column?: string | null | undefined;
}

/**
 * Opens a reader, in a child process of its own (reader-sandbox.ts). A SQLite file is copied from the database
 * to a temporary file first (better-sqlite3 opens files), which closing removes.
 */
export async function openReader(
  db: DatabaseHandle,
  target: DatabaseTarget,
  options: DatabaseSourceOptions,
): Promise<DatabaseReader> {
  if (target.kind !== 'sqlite')
    return openSandboxedReader(
      { kind: target.kind, connection: target.connection, password: target.password },
      { ...options, what: `The database at ${target.connection.host}:${target.connection.port}` },
    );
  const dir = await mkdtemp(join(tmpdir(), 'trove-sqlite-'));
  const path = join(dir, 'source.sqlite');
  try {
    // Written a few pieces at a time (docs/decisions/200): the service never holds the whole file.
    if (!(await writeSourceFileTo(db, target.fileId, path)))
      throw new DatabaseError('file', 'The SQLite file of this source is gone.');
    const reader = await openSandboxedReader(
      { kind: 'sqlite', path },
      { ...options, what: 'The SQLite file' },
    );
    return {
      ...reader,
      async close() {
        await reader.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The tables of a SQLite file on disk (an upload's check, before it is stored), read in a child like any read. */
export async function sqliteFileTables(
  path: string,
  options: DatabaseSourceOptions,
): Promise<DatabaseTableInfo[]> {
  const reader = await openSandboxedReader({ kind: 'sqlite', path }, { ...options, what: 'The SQLite file' });
  try {
    return await reader.listTables();
  } finally {
    await reader.close();
  }
}

/** The table, or the user's query checked as one SELECT (throws DatabaseError 'query' otherwise). */
export function rowSource(kind: DatabaseSourceKind, mapping: PartialMapping): RowSource | null {
  if (mapping.table !== null && mapping.table !== undefined) return { table: mapping.table };
  if (mapping.query === null || mapping.query === undefined) return null;
  try {
    return { query: checkSelect(mapping.query, kind) };
  } catch (error) {
    if (error instanceof QueryRefusedError) throw new DatabaseError('query', error.message);
    throw error;
  }
}

const TITLE_NAMES = ['title', 'name', 'subject', 'summary', 'headline', 'label', 'number', 'reference'];
const CHANGED_NAMES =
  /^(updated|modified|changed|last_?modified|last_?updated|updated_?at|modified_?at|changed_?at|mtime|last_?change)/i;

/** The mapping the preview uses: what was given, the rest suggested from the columns' names and kinds. */
export function suggestMapping(
  columns: ColumnInfo[],
  given: PartialMapping,
): Omit<DatabaseMapping, 'table' | 'query'> | null {
  const byName = new Map(columns.map((column) => [column.name.toLowerCase(), column]));
  const id =
    given.id_column ??
    (byName.get('id') ?? columns.find((column) => /(^|_)id$/i.test(column.name)) ?? columns[0])?.name;
  if (id === undefined) return null;
  const title =
    given.title_column !== undefined
      ? given.title_column
      : (TITLE_NAMES.map((name) => byName.get(name)).find((column) => column?.kind === 'text')?.name ??
        columns.find((column) => column.kind === 'text' && column.name !== id)?.name ??
        null);
  const changed =
    given.changed_at_column !== undefined
      ? given.changed_at_column
      : (columns.find((column) => column.kind === 'date' && CHANGED_NAMES.test(column.name))?.name ?? null);
  const body =
    given.body_columns ??
    columns
      .filter(
        (column) =>
          column.name !== id &&
          column.name !== title &&
          column.name !== changed &&
          column.kind !== 'binary' &&
          column.kind !== 'other',
      )
      .slice(0, 50)
      .map((column) => column.name);
  if (body.length === 0) return null;
  return { id_column: id, title_column: title, body_columns: body, changed_at_column: changed };
}

/** The columns a mapping reads: its id, title, changed-at and body columns. */
export function mappedColumns(mapping: Omit<DatabaseMapping, 'table' | 'query'>): string[] {
  return [
    ...new Set(
      [mapping.id_column, mapping.title_column, mapping.changed_at_column, ...mapping.body_columns].filter(
        (name): name is string => name !== null,
      ),
    ),
  ];
}

/** Every column the mapping names is in the result (a missing one is the 'column' problem, by name). */
export function checkColumns(columns: ColumnInfo[], mapping: Omit<DatabaseMapping, 'table' | 'query'>): void {
  const names = new Set(columns.map((column) => column.name));
  const wanted = [
    mapping.id_column,
    mapping.title_column,
    mapping.changed_at_column,
    ...mapping.body_columns,
  ].filter((name): name is string => name !== null);
  const missing = wanted.filter((name) => !names.has(name));
  if (missing.length > 0)
    throw new DatabaseError(
      'column',
      `No column ${missing.map((name) => `“${name}”`).join(', ')} in the result (it has ${[...names].slice(0, 20).join(', ')}).`,
    );
}

/**
 * A preview (issue 22): the tables; with a table or query, its columns, the mapping and the first rows as they
 * will be indexed. A failure is an answer with the problem in plain words.
 */
export async function previewDatabase(
  db: DatabaseHandle,
  target: DatabaseTarget,
  given: PartialMapping,
  options: DatabaseSourceOptions,
): Promise<DatabasePreviewResult> {
  let reader: DatabaseReader | undefined;
  try {
    const from = rowSource(target.kind, given);
    reader = await openReader(db, target, options);
    const tables = await reader.listTables();
    if (from === null) return { ok: true, tables, columns: [], mapping: null, rows: [], notes: [] };
    const columns = await reader.columns(from);
    const suggested = suggestMapping(columns, given);
    const answerColumns = columns.map((column) => ({ ...column, label: databaseFieldLabel(column.name) }));
    if (suggested === null)
      return {
        ok: true,
        tables,
        columns: answerColumns,
        mapping: null,
        rows: [],
        notes: ['Choose the id column and at least one body column.'],
      };
    checkColumns(columns, suggested);
    const mapping: DatabaseMapping = { table: from.table ?? null, query: from.query ?? null, ...suggested };
    const { rows } = await reader.rows(from, {
      keyset: { changedAt: null, id: mapping.id_column },
      after: null,
      limit: DATABASE_PREVIEW_ROWS,
      columns: mappedColumns(mapping),
    });
    return {
      ok: true,
      tables,
      columns: answerColumns,
      mapping,
      rows: rows.map((row) => {
        const { name: _name, html: _html, sha256: _sha, ...shown } = renderRow(row, mapping);
        return shown;
      }),
      notes: previewNotes(columns, mapping),
    };
  } catch (error) {
    const failure = classifyError(error);
    return { ok: false, problem: failure.problem, ...databaseProblemWords(failure, target, given) };
  } finally {
    await reader?.close();
  }
}

function previewNotes(columns: ColumnInfo[], mapping: DatabaseMapping): string[] {
  const notes: string[] = [];
  if (mapping.changed_at_column === null) notes.push(databaseSyncMode(mapping).note);
  const kinds = new Map(columns.map((column) => [column.name, column.kind]));
  const binary = mapping.body_columns.filter((column) => kinds.get(column) === 'binary');
  if (binary.length > 0)
    notes.push(
      `${binary.join(', ')} ${binary.length === 1 ? 'holds' : 'hold'} binary data: it is described by its size, not indexed.`,
    );
  return notes;
}

/** The reason in plain words and what to do, for each problem (the preview and the card). */
export function databaseProblemWords(
  error: DatabaseError,
  target: DatabaseTarget,
  mapping: PartialMapping,
): { reason: string; action: string } {
  const server =
    target.kind === 'sqlite' ? 'the SQLite file' : `${target.connection.host}:${target.connection.port}`;
  const label = DATABASE_KIND_LABELS[target.kind];
  const what = mapping.table ? `the table “${mapping.table}”` : 'the query';
  const words: Record<DatabaseProblem, { reason: string; action: string }> = {
    dns: { reason: error.message, action: 'Check the host name.' },
    refused: {
      reason: error.message,
      action:
        'Use the server’s public address. If it is your own server on a private network, an administrator can allow it with SOURCE_ALLOWED_HOSTS.',
    },
    tcp: {
      reason: `${server} did not answer, or closed the connection.`,
      action: `Check the host and port (${label} usually listens on ${target.kind === 'mysql' ? 3306 : 5432}) and that the server accepts connections from Trove; it is tried again by itself.`,
    },
    tls: {
      reason: `A secure connection to ${server} could not be made: ${error.message}`,
      action: `Check the Encryption setting: “${DATABASE_TLS_LABELS.verify}” needs a certificate from a public authority for this host name; “${DATABASE_TLS_LABELS.require}” encrypts without checking it; “${DATABASE_TLS_LABELS.disable}” only on a network you trust.`,
    },
    auth: {
      reason: `${server} refused the user or password.`,
      action: `Enter the password again, and check the user name. A role that may only read is best.${
        target.kind !== 'sqlite' && target.connection.tls === 'disable'
          ? ` A server that accepts only encrypted connections may refuse it the same way: then choose Encryption “${DATABASE_TLS_LABELS.require}”.`
          : ''
      }`,
    },
    database: {
      reason: `${server} has no database “${target.kind === 'sqlite' ? '' : target.connection.database}” this user may open.`,
      action: 'Check the database name, and that the user may connect to it.',
    },
    table: {
      reason: `${what} does not exist${target.kind === 'sqlite' ? ' in the file' : ''}: ${error.message}`,
      action: 'Choose a table from the list, or check the name (with its schema, such as billing.invoices).',
    },
    column: {
      reason: error.message,
      action: 'Choose the columns again from the preview’s list.',
    },
    permission: {
      reason: `The user may not read ${what}: ${error.message}`,
      action: 'Grant it SELECT on the table (GRANT SELECT ON … TO …), or choose another table.',
    },
    query: {
      reason: error.message,
      action: 'Write one SELECT that only reads (no INSERT, UPDATE, DELETE, INTO or FOR UPDATE).',
    },
    timeout: {
      reason: `${what} took longer than the statement timeout: ${error.message}`,
      action:
        'Index the changed-at and id columns, or read a smaller view; an administrator can raise SOURCE_DB_STATEMENT_TIMEOUT_MS.',
    },
    limit: {
      reason: error.message,
      action: `Read a smaller table or view, or fewer columns; a query can narrow the rows. An administrator can raise SOURCE_RUN_TIMEOUT_S and SOURCE_RUN_MEMORY_MB.`,
    },
    file: {
      reason: `The SQLite file cannot be read: ${error.message}`,
      action: 'Upload the file again (a .sqlite or .db file made by SQLite 3).',
    },
    server: {
      reason: `${server} answered something unexpected: ${error.message}`,
      action: 'It is tried again by itself; if this stays, check the server.',
    },
  };
  return words[error.problem];
}
