import { z } from 'zod';
import { API_PATHS } from './api';
import { hasControls, isHostName } from './host-name';
import { requestBody } from './request-body';

// Issue 22: read-only database sources (services/search, under /api/v1/sources like the mailbox). A database
// source reads one table or view, or one read-only SELECT, from PostgreSQL, MySQL/MariaDB or an uploaded
// SQLite file; each row is a document of its user. Its settings are two parts: where to connect (server
// kinds only; the password travels in requests only, as for IMAP) and what to index (the mapping).
//
// The flow the Connections form follows:
// 1. "Add server" (postgres, mysql): connection + password → POST /sources/preview without a table lists the
//    tables and views (that is the connection test). "Add file" (sqlite): POST /sources/files uploads the
//    file (multipart, field `file`) and answers its id and tables.
// 2. A table (or a query) → preview answers its columns and a suggested mapping, and the first 5 rows as
//    they will be indexed; choosing the id, title, body and changed-at columns previews again.
// 3. POST /sources with the kind, settings (connection + mapping, or file_id + mapping) and the password.

export const DATABASE_SOURCE_KINDS = ['postgres', 'mysql', 'sqlite'] as const;
export type DatabaseSourceKind = (typeof DATABASE_SOURCE_KINDS)[number];

/** The kinds that connect to a server ("Add server"); sqlite is a file ("Add file"). */
export const DATABASE_SERVER_KINDS = ['postgres', 'mysql'] as const;
export type DatabaseServerKind = (typeof DATABASE_SERVER_KINDS)[number];

export const DATABASE_KIND_LABELS: Readonly<Record<DatabaseSourceKind, string>> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL or MariaDB',
  sqlite: 'SQLite',
};

/**
 * How the connection is encrypted:
 * - disable: plain TCP (a server on a network you trust; the password crosses it readable);
 * - require: TLS, the server's certificate not checked (libpq's sslmode=require);
 * - verify: TLS, the certificate checked against the public authorities and the host name (verify-full).
 */
export const DATABASE_TLS_MODES = ['disable', 'require', 'verify'] as const;
export type DatabaseTlsMode = (typeof DATABASE_TLS_MODES)[number];
export const DATABASE_TLS_LABELS: Readonly<Record<DatabaseTlsMode, string>> = {
  disable: 'Off',
  require: 'Encrypted',
  verify: 'Encrypted, certificate checked',
};

export const DATABASE_DEFAULT_PORTS: Readonly<Record<DatabaseServerKind, number>> = {
  postgres: 5432,
  mysql: 3306,
};

/** Rows a preview shows. */
export const DATABASE_PREVIEW_ROWS = 5;
export const DATABASE_BODY_COLUMNS_MAX = 50;
export const DATABASE_IDENTIFIER_MAX_LENGTH = 128;
export const DATABASE_QUERY_MAX_LENGTH = 20_000;
/** Tables and views a preview lists at most. */
export const DATABASE_TABLES_MAX = 1000;
/**
 * A cell's text is cut past this many characters, with a note in the document ("… (cut: 10,485,760
 * characters in all)"): a 10 MB cell never makes a 10 MB document.
 */
export const DATABASE_CELL_MAX_CHARS = 100_000;
/** The largest SQLite file an upload takes by default (the service's SOURCE_SQLITE_MAX_BYTES). */
export const SQLITE_FILE_MAX_BYTES = 200 * 1024 * 1024;
/**
 * The largest request body of a SQLite file's upload: the file and its multipart framing. The one limit the
 * sources route and nginx's location for it both apply (issue 34 item 6; docs/decisions/170-sources-service.md).
 */
export const sqliteUploadBodyBytes = (fileMaxBytes: number = SQLITE_FILE_MAX_BYTES) =>
  fileMaxBytes + 64 * 1024;
/** What the file picker offers. The service checks the file's header, whatever its name. */
export const SQLITE_FILE_ACCEPT = '.sqlite,.sqlite3,.db,.db3,application/vnd.sqlite3,application/x-sqlite3';

/** Where the database sources' own routes are (besides /sources and /sources/:id, shared with IMAP). */
export const DATABASE_SOURCE_PATHS = {
  /** POST: preview unsaved settings (PreviewSourceSchema → DatabasePreviewResultSchema). */
  preview: `${API_PATHS.sources}/preview`,
  /** POST: preview a saved source with changes not yet saved (PreviewSavedSourceSchema). */
  savedPreview: (sourceId: string) => `${API_PATHS.sources}/${sourceId}/preview`,
  /** POST multipart (field `file`): a SQLite file for a new source (SourceFileResponseSchema, 201). */
  files: `${API_PATHS.sources}/files`,
} as const;

export const DATABASE_MESSAGES = {
  hostRequired: 'Enter the database server’s host name, such as db.example.com.',
  badHost: 'Enter a host name (db.example.com) or an IP address, without a scheme or a port.',
  badPort: 'The port is a whole number from 1 to 65535 (usually 5432 for PostgreSQL, 3306 for MySQL).',
  databaseRequired: 'Enter the name of the database to read.',
  userRequired: 'Enter the database user (a read-only role is best).',
  badTls: 'Encryption is "disable", "require" or "verify".',
  passwordTooLong: 'A password can be at most 1024 characters.',
  badIdentifier: `A table or column name is 1 to ${DATABASE_IDENTIFIER_MAX_LENGTH} characters, without control characters.`,
  badTable: 'A table is a name ("invoices") or a schema and a name ("billing.invoices").',
  tableOrQuery: 'Choose a table or view, or write one SELECT — not both.',
  queryTooLong: `A query can be at most ${DATABASE_QUERY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  idRequired: 'Choose the column that identifies each row (usually its primary key).',
  bodyRequired: 'Choose at least one column to index as the text of each row.',
  tooManyBodyColumns: `Choose at most ${DATABASE_BODY_COLUMNS_MAX} body columns.`,
  badFileId: 'Upload the SQLite file first, then choose its table.',
  notSqlite: 'This file is not a SQLite database (it does not start with “SQLite format 3”).',
  fileRequired: 'Choose a SQLite file (.sqlite or .db) to upload.',
  fileTooLarge: (maxBytes: number) =>
    `A SQLite file can be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  usePreview: 'A database source is checked with its preview (POST /api/v1/sources/:id/preview).',
} as const;

/** The error envelope's codes the database sources' routes answer besides the generic ones. */
export const DATABASE_ERROR_CODES = {
  /** 400: the file_id is not an uploaded SQLite file of this user (or another source's). */
  badFile: 'bad_file',
  /** 400: the upload is not a SQLite database (its header, or it does not open). */
  notSqlite: 'not_sqlite',
  /** 400: the upload has no `file` part. */
  fileRequired: 'file_required',
  /** 400: a settings change leaves the source's settings incomplete or of another kind. */
  badSettings: 'bad_settings',
  /** 400: POST /sources/:id/test on a database source (it has /preview). */
  usePreview: 'use_preview',
  /** 400: POST /sources/:id/preview on a mailbox (it has /test). */
  useTest: 'use_test',
} as const;

const identifier = z
  .string({ error: DATABASE_MESSAGES.badIdentifier })
  .trim()
  .min(1, DATABASE_MESSAGES.badIdentifier)
  .max(DATABASE_IDENTIFIER_MAX_LENGTH, DATABASE_MESSAGES.badIdentifier)
  .refine((name) => !hasControls(name), DATABASE_MESSAGES.badIdentifier);

/**
 * A table or view: "invoices", or "billing.invoices" with its schema (PostgreSQL) or database (MySQL). A
 * name that itself holds a dot is read with a query instead.
 */
export const DatabaseTableSchema = z
  .string({ error: DATABASE_MESSAGES.badTable })
  .trim()
  .min(1, DATABASE_MESSAGES.badTable)
  .max(DATABASE_IDENTIFIER_MAX_LENGTH * 2 + 1, DATABASE_MESSAGES.badTable)
  .refine((name) => !hasControls(name), DATABASE_MESSAGES.badTable)
  .refine((name) => {
    const parts = name.split('.');
    return parts.length <= 2 && parts.every((part) => part.trim() !== '');
  }, DATABASE_MESSAGES.badTable);

/** One SELECT as the user wrote it (a trailing semicolon allowed); the service parses it before it runs. */
export const DatabaseQuerySchema = z
  .string({ error: DATABASE_MESSAGES.tableOrQuery })
  .trim()
  .min(1, DATABASE_MESSAGES.tableOrQuery)
  .max(DATABASE_QUERY_MAX_LENGTH, DATABASE_MESSAGES.queryTooLong)
  .refine((query) => !query.includes('\u0000'), DATABASE_MESSAGES.tableOrQuery);

const bodyColumns = z
  .array(identifier, { error: DATABASE_MESSAGES.bodyRequired })
  .min(1, DATABASE_MESSAGES.bodyRequired)
  .max(DATABASE_BODY_COLUMNS_MAX, DATABASE_MESSAGES.tooManyBodyColumns)
  .transform((columns) => [...new Set(columns)]);

/** Where a database server is and who Trove connects as. The password is not part of it. */
export const DatabaseConnectionSchema = z.object({
  host: z
    .string({ error: DATABASE_MESSAGES.hostRequired })
    .trim()
    .toLowerCase()
    .min(1, DATABASE_MESSAGES.hostRequired)
    .refine(isHostName, DATABASE_MESSAGES.badHost),
  port: z
    .number({ error: DATABASE_MESSAGES.badPort })
    .int(DATABASE_MESSAGES.badPort)
    .min(1, DATABASE_MESSAGES.badPort)
    .max(65535, DATABASE_MESSAGES.badPort),
  database: z
    .string({ error: DATABASE_MESSAGES.databaseRequired })
    .trim()
    .min(1, DATABASE_MESSAGES.databaseRequired)
    .max(DATABASE_IDENTIFIER_MAX_LENGTH, DATABASE_MESSAGES.databaseRequired)
    .refine((name) => !hasControls(name), DATABASE_MESSAGES.databaseRequired),
  user: z
    .string({ error: DATABASE_MESSAGES.userRequired })
    .trim()
    .min(1, DATABASE_MESSAGES.userRequired)
    .max(DATABASE_IDENTIFIER_MAX_LENGTH, DATABASE_MESSAGES.userRequired)
    .refine((name) => !hasControls(name), DATABASE_MESSAGES.userRequired),
  tls: z.enum(DATABASE_TLS_MODES, { error: DATABASE_MESSAGES.badTls }).default('verify'),
});
export type DatabaseConnection = z.output<typeof DatabaseConnectionSchema>;

/**
 * What to index. Exactly one of `table` and `query`. Each row is one document:
 * - id_column: identifies the row (a re-sync never makes a second document for it);
 * - title_column: the document's title; null, or a NULL in a row, titles it "<table> #<id>";
 * - body_columns: the document's text, one labelled line each ("Customer: ACME");
 * - changed_at_column: when the row last changed (a timestamp or an increasing number): each sync reads
 *   only what changed since the last; null, each sync reads every row (full scan).
 */
export const DatabaseMappingSchema = z.object({
  table: DatabaseTableSchema.nullable().default(null),
  query: DatabaseQuerySchema.nullable().default(null),
  id_column: z
    .string({ error: DATABASE_MESSAGES.idRequired })
    .trim()
    .min(1, DATABASE_MESSAGES.idRequired)
    .pipe(identifier),
  title_column: identifier.nullable().default(null),
  body_columns: bodyColumns,
  changed_at_column: identifier.nullable().default(null),
});
export type DatabaseMapping = z.output<typeof DatabaseMappingSchema>;

const oneOfTableAndQuery = (mapping: { table?: string | null; query?: string | null }) =>
  (mapping.table ?? null) === null ? (mapping.query ?? null) !== null : (mapping.query ?? null) === null;
const tableOrQueryIssue = { message: DATABASE_MESSAGES.tableOrQuery, path: ['table'] };

/** A PostgreSQL or MySQL source's settings, as saved and answered. */
export const DatabaseServerSettingsSchema = z
  .object({ ...DatabaseConnectionSchema.shape, ...DatabaseMappingSchema.shape })
  .refine(oneOfTableAndQuery, tableOrQueryIssue);
export type DatabaseServerSettings = z.output<typeof DatabaseServerSettingsSchema>;
export type DatabaseServerSettingsInput = z.input<typeof DatabaseServerSettingsSchema>;

/** A SQLite source's settings: the uploaded file (POST /sources/files answers its id) and the mapping. */
export const SqliteSettingsSchema = z
  .object({ file_id: z.uuid({ error: DATABASE_MESSAGES.badFileId }), ...DatabaseMappingSchema.shape })
  .refine(oneOfTableAndQuery, tableOrQueryIssue);
export type SqliteSettings = z.output<typeof SqliteSettingsSchema>;
export type SqliteSettingsInput = z.input<typeof SqliteSettingsSchema>;

export const databaseServerSettingsRequest = requestBody({
  ...DatabaseConnectionSchema.shape,
  ...DatabaseMappingSchema.shape,
}).refine(oneOfTableAndQuery, tableOrQueryIssue);
export const sqliteSettingsRequest = requestBody({
  file_id: SqliteSettingsSchema.shape.file_id,
  ...DatabaseMappingSchema.shape,
}).refine(oneOfTableAndQuery, tableOrQueryIssue);

/** A database password: may be empty (a server that asks none); never answered. */
export const DatabasePasswordSchema = z
  .string({ error: 'Enter the password ("" for none).' })
  .max(1024, DATABASE_MESSAGES.passwordTooLong);

/**
 * A change to a database source's settings (PATCH /sources/:id): only what changes. The merged settings must
 * still be whole (one of table and query: send the other as null to switch).
 */
export const DatabaseSettingsChangeSchema = requestBody({
  host: DatabaseConnectionSchema.shape.host.optional(),
  port: DatabaseConnectionSchema.shape.port.optional(),
  database: DatabaseConnectionSchema.shape.database.optional(),
  user: DatabaseConnectionSchema.shape.user.optional(),
  tls: z.enum(DATABASE_TLS_MODES, { error: DATABASE_MESSAGES.badTls }).optional(),
  file_id: SqliteSettingsSchema.shape.file_id.optional(),
  table: DatabaseTableSchema.nullable().optional(),
  query: DatabaseQuerySchema.nullable().optional(),
  id_column: identifier.optional(),
  title_column: identifier.nullable().optional(),
  body_columns: bodyColumns.optional(),
  changed_at_column: identifier.nullable().optional(),
});
export type DatabaseSettingsChange = z.output<typeof DatabaseSettingsChangeSchema>;

// ---- Preview ----

/**
 * What a preview reads: the mapping's parts are all optional. Without a table or query it lists the tables
 * and views (the connection test); with one, its columns and a suggested mapping for what is not given; with
 * the id and body columns (given or suggested), the first rows as documents.
 */
const previewMappingShape = {
  table: DatabaseTableSchema.nullable().optional(),
  query: DatabaseQuerySchema.nullable().optional(),
  id_column: identifier.nullable().optional(),
  title_column: identifier.nullable().optional(),
  body_columns: bodyColumns.nullable().optional(),
  changed_at_column: identifier.nullable().optional(),
};
const notBothTableAndQuery = (mapping: { table?: string | null; query?: string | null }) =>
  (mapping.table ?? null) === null || (mapping.query ?? null) === null;

export const databaseServerPreviewRequest = requestBody({
  ...DatabaseConnectionSchema.shape,
  ...previewMappingShape,
}).refine(notBothTableAndQuery, tableOrQueryIssue);
export const sqlitePreviewRequest = requestBody({
  file_id: SqliteSettingsSchema.shape.file_id,
  ...previewMappingShape,
}).refine(notBothTableAndQuery, tableOrQueryIssue);

/** `POST /api/v1/sources/preview`: unsaved settings (and the password for a server); nothing is stored. */
export const PreviewSourceSchema = z.discriminatedUnion(
  'kind',
  [
    requestBody({
      kind: z.literal('postgres'),
      settings: databaseServerPreviewRequest,
      password: DatabasePasswordSchema,
    }),
    requestBody({
      kind: z.literal('mysql'),
      settings: databaseServerPreviewRequest,
      password: DatabasePasswordSchema,
    }),
    requestBody({ kind: z.literal('sqlite'), settings: sqlitePreviewRequest }),
  ],
  { error: `A database source is one of: ${DATABASE_SOURCE_KINDS.join(', ')}.` },
);
export type PreviewSource = z.output<typeof PreviewSourceSchema>;
export type PreviewSourceInput = z.input<typeof PreviewSourceSchema>;

/**
 * `POST /api/v1/sources/:id/preview`: the saved source, or it with these changes (the form being edited)
 * unsaved. An empty body previews what is saved. Also a saved database source's "Test".
 */
export const PreviewSavedSourceSchema = requestBody({
  settings: DatabaseSettingsChangeSchema.optional(),
  password: DatabasePasswordSchema.optional(),
});
export type PreviewSavedSource = z.output<typeof PreviewSavedSourceSchema>;

/** A column's family, for the picker: which columns can be a title, a body, a changed-at. */
export const DATABASE_COLUMN_KINDS = [
  'text',
  'number',
  'date',
  'boolean',
  'json',
  'binary',
  'other',
] as const;
export type DatabaseColumnKind = (typeof DATABASE_COLUMN_KINDS)[number];

export const DatabaseColumnSchema = z.object({
  name: z.string(),
  /** The server's own type name (`character varying`, `int`, `TEXT`…). */
  type: z.string(),
  kind: z.enum(DATABASE_COLUMN_KINDS),
  /** Its label in a document ("customer_name" → "Customer name"): {@link databaseFieldLabel}. */
  label: z.string(),
});
export type DatabaseColumn = z.output<typeof DatabaseColumnSchema>;

export const DatabaseTableInfoSchema = z.object({
  /** As `settings.table` takes it ("invoices", or "billing.invoices" outside the default schema). */
  name: z.string(),
  kind: z.enum(['table', 'view']),
});
export type DatabaseTableInfo = z.output<typeof DatabaseTableInfoSchema>;

/** One row as it will be indexed. */
export const DatabasePreviewRowSchema = z.object({
  /** The id column's value, as text. */
  id: z.string(),
  /** The document's title (the title column, or "<table> #<id>" when there is none or it is NULL). */
  title: z.string(),
  /** The body columns, in order; binary values are described ("[binary, 2.1 KB]"), long text cut. */
  fields: z.array(z.object({ column: z.string(), label: z.string(), value: z.string() })),
  /** The document's text: one "Label: value" line per field (continuation lines indented). */
  body: z.string(),
  /** The changed-at column's value as text, when there is one. */
  changed_at: z.string().nullable(),
});
export type DatabasePreviewRow = z.output<typeof DatabasePreviewRowSchema>;

/** Why a preview or a sync failed; the card's needs-attention problem is one of these too. */
export const DATABASE_PROBLEMS = [
  /** The host name does not resolve. */
  'dns',
  /** The host is refused (loopback, private, link-local…) and SOURCE_ALLOWED_HOSTS does not name it. */
  'refused',
  /** Nothing answers on that port, or the connection dropped. */
  'tcp',
  /** TLS failed: the server has none, or its certificate is not trusted (verify). */
  'tls',
  /** The server refused the user and password. */
  'auth',
  /** The database does not exist, or the user may not connect to it. */
  'database',
  /** The table or view does not exist. */
  'table',
  /** A chosen column is not in the table or the query's result. */
  'column',
  /** The user may not read the table (no SELECT privilege). */
  'permission',
  /** The query is refused: not one SELECT, or it would write or lock. */
  'query',
  /** The server stopped the statement at the statement timeout. */
  'timeout',
  /**
   * Reading stopped at one of Trove's own bounds (issue 34): a read took longer than SOURCE_RUN_TIMEOUT_S, or
   * more memory than SOURCE_RUN_MEMORY_MB.
   */
  'limit',
  /** The SQLite file is missing or damaged. */
  'file',
  /** Anything else: the server answered something unexpected. */
  'server',
] as const;
export type DatabaseProblem = (typeof DATABASE_PROBLEMS)[number];

/**
 * The preview's answer (200 either way: a failed preview is an answer). ok: the tables, the columns of the
 * chosen table or query, the mapping the rows used (what was given, the rest suggested; null without a table
 * or query, or when no id or body column could be told) and the first rows. `notes` says in plain words what
 * the user should know (no changed-at column → full scans; a binary body column; a duplicate id…).
 */
export const DatabasePreviewResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    tables: z.array(DatabaseTableInfoSchema),
    columns: z.array(DatabaseColumnSchema),
    mapping: DatabaseMappingSchema.nullable(),
    rows: z.array(DatabasePreviewRowSchema),
    notes: z.array(z.string()),
  }),
  z.object({
    ok: z.literal(false),
    problem: z.enum(DATABASE_PROBLEMS),
    /** What happened, in plain words (the server's own message where it helps, never the password). */
    reason: z.string(),
    /** What to do about it. */
    action: z.string(),
  }),
]);
export type DatabasePreviewResult = z.output<typeof DatabasePreviewResultSchema>;

// ---- SQLite files ----

/** An uploaded SQLite file (kept with its source; one not used by a source within a day is deleted). */
export const SourceFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size_bytes: z.number().int().nonnegative(),
  uploaded_at: z.string(),
});
export type SourceFile = z.output<typeof SourceFileSchema>;

/** `POST /api/v1/sources/files` (201): the file and its tables, for the table picker. */
export const SourceFileResponseSchema = z.object({
  file: SourceFileSchema,
  tables: z.array(DatabaseTableInfoSchema),
});
export type SourceFileResponse = z.output<typeof SourceFileResponseSchema>;

// ---- On a source ----

/**
 * How a database source syncs, for its card: `delta` reads only rows changed since the last sync (and
 * compares ids now and then to find deleted rows); `full` reads every row each time because there is no
 * changed-at column. `note` says so in plain words.
 */
export const DatabaseSyncModeSchema = z.object({
  mode: z.enum(['delta', 'full']),
  note: z.string(),
});
export type DatabaseSyncMode = z.output<typeof DatabaseSyncModeSchema>;

export function databaseSyncMode(mapping: Pick<DatabaseMapping, 'changed_at_column'>): DatabaseSyncMode {
  return mapping.changed_at_column === null
    ? {
        mode: 'full',
        note: 'No “changed at” column: every sync reads all rows to find what changed. Choose one to sync only changes.',
      }
    : {
        mode: 'delta',
        note: `Syncs rows changed since the last sync (by ${mapping.changed_at_column}); deleted rows are found by a periodic check of ids.`,
      };
}

/**
 * A column's label in a document: words split at underscores, hyphens and camelCase, the first capitalised
 * ("customer_name" → "Customer name", "totalAmount" → "Total amount"); an already spaced name is kept.
 */
export function databaseFieldLabel(column: string): string {
  const words = column
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim();
  if (words === '') return column;
  const lower = /[a-z]/.test(words) ? words.toLowerCase() : words;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** The title of a row with no title (no title column, or NULL in it). */
export const databaseRowFallbackTitle = (tableOrQuery: string, id: string) => `${tableOrQuery} #${id}`;
