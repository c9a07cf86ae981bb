import {
  type CreateSourceInput,
  CreateSourceSchema,
  DATABASE_DEFAULT_PORTS,
  type DatabaseColumn,
  type DatabaseMapping,
  type DatabasePreviewResult,
  type DatabaseProblem,
  type DatabaseServerKind,
  type DatabaseSettingsChange,
  type DatabaseSource,
  type DatabaseSourceKind,
  type DatabaseTlsMode,
  type PreviewSourceInput,
  PreviewSourceSchema,
} from '@trove/contracts';

// The database form's rules (issue 22), pure: its values, the requests they make (checked with the
// contracts' schemas, the ones the service parses with), which field a failed preview concerns, and the
// read-only role each engine's help text recommends.

export type IndexMode = 'table' | 'query';

export interface DatabaseFormValues {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
  tls: DatabaseTlsMode;
  mode: IndexMode;
  table: string;
  query: string;
  idColumn: string;
  titleColumn: string;
  /** The body columns, comma-separated: typed before a preview, ticked after one. */
  body: string;
  changedAtColumn: string;
}

export type DatabaseField =
  | 'host'
  | 'port'
  | 'database'
  | 'user'
  | 'password'
  | 'tls'
  | 'file'
  | 'table'
  | 'query'
  | 'idColumn'
  | 'titleColumn'
  | 'body'
  | 'changedAtColumn';

export type DatabaseFormErrors = Partial<Record<DatabaseField, string>>;

/** In the order the form shows them: the first with an error gets the focus. */
export const DATABASE_FIELDS: readonly DatabaseField[] = [
  'host',
  'port',
  'tls',
  'database',
  'user',
  'password',
  'file',
  'table',
  'query',
  'idColumn',
  'titleColumn',
  'body',
  'changedAtColumn',
];

export const TLS_OPTIONS: readonly { value: DatabaseTlsMode; label: string }[] = [
  { value: 'verify', label: 'Verify certificate' },
  { value: 'require', label: 'Encrypt only' },
  { value: 'disable', label: 'Off' },
];

export const isServerKind = (kind: DatabaseSourceKind): kind is DatabaseServerKind => kind !== 'sqlite';

export function emptyDatabaseForm(kind: DatabaseSourceKind): DatabaseFormValues {
  return {
    host: '',
    port: isServerKind(kind) ? String(DATABASE_DEFAULT_PORTS[kind]) : '',
    database: '',
    user: '',
    password: '',
    tls: 'verify',
    mode: 'table',
    table: '',
    query: '',
    idColumn: '',
    titleColumn: '',
    body: '',
    changedAtColumn: '',
  };
}

/** A saved source's values, to edit: the password stays empty (kept unless typed). */
export function savedDatabaseForm(source: DatabaseSource): DatabaseFormValues {
  const { settings } = source;
  const server = source.kind === 'sqlite' ? null : source.settings;
  return {
    host: server?.host ?? '',
    port: server ? String(server.port) : '',
    database: server?.database ?? '',
    user: server?.user ?? '',
    password: '',
    tls: server?.tls ?? 'verify',
    mode: settings.query === null ? 'table' : 'query',
    table: settings.table ?? '',
    query: settings.query ?? '',
    idColumn: settings.id_column,
    titleColumn: settings.title_column ?? '',
    body: settings.body_columns.join(', '),
    changedAtColumn: settings.changed_at_column ?? '',
  };
}

/** "a, b ,, c" → ["a", "b", "c"]. */
export const splitColumns = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** Ticks or unticks one body column, keeping the others in the order chosen. */
export function toggleBodyColumn(body: string, column: string, on: boolean): string {
  const columns = splitColumns(body).filter((name) => name !== column);
  return (on ? [...columns, column] : columns).join(', ');
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The mapping the values make; unset parts null (a preview then suggests them). */
function mappingOf(values: DatabaseFormValues) {
  const body = splitColumns(values.body);
  return {
    table: values.mode === 'table' ? orNull(values.table) : null,
    query: values.mode === 'query' ? orNull(values.query) : null,
    id_column: orNull(values.idColumn),
    title_column: orNull(values.titleColumn),
    body_columns: body.length === 0 ? null : body,
    changed_at_column: orNull(values.changedAtColumn),
  };
}

function connectionOf(values: DatabaseFormValues) {
  const port = values.port.trim();
  return {
    host: values.host,
    // An empty or non-numeric port is a NaN, which the schema refuses with its own message.
    port: port === '' ? Number.NaN : Number(port),
    database: values.database,
    user: values.user,
    tls: values.tls,
  };
}

const FIELD_OF_KEY: Readonly<Record<string, DatabaseField>> = {
  host: 'host',
  port: 'port',
  database: 'database',
  user: 'user',
  tls: 'tls',
  file_id: 'file',
  table: 'table',
  query: 'query',
  id_column: 'idColumn',
  title_column: 'titleColumn',
  body_columns: 'body',
  changed_at_column: 'changedAtColumn',
  password: 'password',
};

/** Each field's first message from a schema's issues (`settings.host` → host; `password` → password). */
function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  mode: IndexMode,
): DatabaseFormErrors {
  const errors: DatabaseFormErrors = {};
  for (const issue of issues) {
    const key = issue.path[0] === 'settings' ? issue.path[1] : issue.path[0];
    let field = typeof key === 'string' ? FIELD_OF_KEY[key] : undefined;
    // "A table or a query" is reported on `table`; in query mode the query is what is missing.
    if (field === 'table' && mode === 'query') field = 'query';
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

export type Checked<T> = { ok: true; request: T } | { ok: false; errors: DatabaseFormErrors };

/** What the preview reads; a SQLite source reads its uploaded file (`fileId`). */
export function previewRequest(
  kind: DatabaseSourceKind,
  values: DatabaseFormValues,
  fileId: string | null,
): Checked<PreviewSourceInput> {
  if (kind === 'sqlite' && fileId === null)
    return { ok: false, errors: { file: 'Choose a SQLite file (.sqlite or .db) to upload.' } };
  const body =
    kind === 'sqlite'
      ? { kind, settings: { file_id: fileId, ...mappingOf(values) } }
      : { kind, settings: { ...connectionOf(values), ...mappingOf(values) }, password: values.password };
  const parsed = PreviewSourceSchema.safeParse(body);
  return parsed.success
    ? { ok: true, request: body as PreviewSourceInput }
    : { ok: false, errors: fieldErrors(parsed.error.issues, values.mode) };
}

/** What Save sends. */
export function createRequest(
  kind: DatabaseSourceKind,
  values: DatabaseFormValues,
  fileId: string | null,
): Checked<CreateSourceInput> {
  if (kind === 'sqlite' && fileId === null)
    return { ok: false, errors: { file: 'Choose a SQLite file (.sqlite or .db) to upload.' } };
  const mapping = mappingOf(values);
  const settings = { ...mapping, body_columns: mapping.body_columns ?? [] };
  const body =
    kind === 'sqlite'
      ? { kind, settings: { file_id: fileId, ...settings } }
      : { kind, settings: { ...connectionOf(values), ...settings }, password: values.password };
  const parsed = CreateSourceSchema.safeParse(body);
  return parsed.success
    ? { ok: true, request: body as CreateSourceInput }
    : { ok: false, errors: fieldErrors(parsed.error.issues, values.mode) };
}

/**
 * A saved source's settings as the values make them (edit, and its preview): every part, so the service's
 * merge is the form as shown; an id or body columns not chosen yet are left as saved (a preview then
 * suggests them). The id of a new SQLite file replaces the saved one.
 */
export function settingsOf(
  kind: DatabaseSourceKind,
  values: DatabaseFormValues,
  fileId: string | null,
): DatabaseSettingsChange {
  const { id_column, body_columns, ...mapping } = mappingOf(values);
  const settings: DatabaseSettingsChange = {
    ...mapping,
    ...(id_column === null ? {} : { id_column }),
    ...(body_columns === null ? {} : { body_columns }),
  };
  if (kind === 'sqlite') return fileId === null ? settings : { ...settings, file_id: fileId };
  return { ...connectionOf(values), ...settings };
}

/** Fills in the columns a preview suggested, where the person has chosen none. */
export function withSuggestedMapping(
  values: DatabaseFormValues,
  mapping: DatabaseMapping | null,
): DatabaseFormValues {
  if (mapping === null) return values;
  return {
    ...values,
    idColumn: values.idColumn || mapping.id_column,
    titleColumn: values.titleColumn || (mapping.title_column ?? ''),
    body: values.body || mapping.body_columns.join(', '),
    changedAtColumn: values.changedAtColumn || (mapping.changed_at_column ?? ''),
  };
}

export type FailedPreview = Extract<DatabasePreviewResult, { ok: false }>;

/**
 * The field a failed preview is about, so its words show beside it: the host for a name that does not
 * resolve, the password for a refused sign-in, the table for a missing one… `columns` (from the last
 * preview) tells which chosen column is not there; null: the preview as a whole (the status line).
 */
export function problemField(
  kind: DatabaseSourceKind,
  problem: DatabaseProblem,
  values: DatabaseFormValues,
  columns: readonly DatabaseColumn[] | null,
): DatabaseField | null {
  const rows: DatabaseField = values.mode === 'query' ? 'query' : 'table';
  switch (problem) {
    case 'dns':
    case 'refused':
      return isServerKind(kind) ? 'host' : null;
    case 'tcp':
      return isServerKind(kind) ? 'port' : null;
    case 'tls':
      return isServerKind(kind) ? 'tls' : null;
    case 'auth':
      return isServerKind(kind) ? 'password' : null;
    case 'database':
      return isServerKind(kind) ? 'database' : 'file';
    case 'file':
      return 'file';
    case 'table':
    case 'permission':
    case 'timeout':
    case 'limit':
      return rows;
    case 'query':
      return 'query';
    case 'column': {
      const known = new Set(columns?.map((column) => column.name));
      const chosen: [DatabaseField, string][] = [
        ['idColumn', values.idColumn],
        ['titleColumn', values.titleColumn],
        ...splitColumns(values.body).map((name): [DatabaseField, string] => ['body', name]),
        ['changedAtColumn', values.changedAtColumn],
      ];
      if (columns !== null) {
        const missing = chosen.find(([, name]) => name.trim() !== '' && !known.has(name.trim()));
        if (missing) return missing[0];
      }
      return 'idColumn';
    }
    case 'server':
      return null;
  }
}

/** The words beside the field: what happened, then what to do. */
export const problemText = (failure: FailedPreview): string => `${failure.reason} ${failure.action}`;

/** A role's name for the product ("Trove" → trove_reader), as an unquoted SQL identifier. */
export const readerRole = (appName: string): string =>
  `${
    appName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'search'
  }_reader`;

/**
 * The one line that lets a read-only role read (the form's help text recommends one): every table of the
 * public schema in PostgreSQL, every table of the database in MySQL. `database` is the name typed, if any.
 */
export function readOnlyGrant(kind: DatabaseServerKind, database: string, role: string): string {
  const name = database.trim();
  return kind === 'postgres'
    ? `GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role};`
    : `GRANT SELECT ON \`${name === '' ? 'shop' : name.replace(/`/g, '``')}\`.* TO '${role}'@'%';`;
}
