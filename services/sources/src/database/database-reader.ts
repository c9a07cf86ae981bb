import { connect as netConnect, type Socket } from 'node:net';
import type {
  DatabaseColumnKind,
  DatabaseConnection,
  DatabaseProblem,
  DatabaseServerKind,
  DatabaseTableInfo,
} from '@trove/contracts';
import { DATABASE_IDENTIFIER_MAX_LENGTH, DATABASE_TABLES_MAX } from '@trove/contracts';
import { type AllowedHosts, HostRefusedError, type Lookup, resolveAllowedHost } from '@trove/service-core';
import type Sqlite from 'better-sqlite3';
import type { Connection as MysqlConnection } from 'mysql2/promise';
import {
  type ColumnType,
  COUNT_TIMEOUT_MS,
  countOf,
  countSql,
  type Dialect,
  KEY_MAX_CHARS,
  type Keyset,
  SHORT_KINDS,
  type Page,
  type PageLimits,
  type PageRequest,
  pageOf,
  pageSql,
} from './bounded-rows';

// The three clients behind one small reader (issue 22): list tables, read a table's or a query's columns, read
// rows in keyset order, read ids. Every session is read-only at the server and bounded:
// - PostgreSQL: SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY (and default_transaction_read_only), a
//   statement_timeout, every value as the server prints it (no parsing: microseconds, numerics and ids stay
//   exact for the keyset);
// - MySQL/MariaDB: SET SESSION TRANSACTION READ ONLY, max_statement_time (MariaDB, seconds) or
//   max_execution_time (MySQL, ms), dates and big numbers as strings;
// - SQLite: the file opened read-only (and query_only), integers as bigints.
// A batch never holds more than the row cap (SOURCE_DB_BATCH_ROWS). The host guard runs on every connect,
// after DNS, and the client dials the address it checked (docs/decisions/052-database-sources.md).
//
// Each client is imported when a source of its kind is first opened, not with the service: mysql2 and
// better-sqlite3 cost ~18 and ~7 MB of resident memory each, which a service without database sources
// should not carry (issue 21's memory goal; docs/decisions/061-database-rows-indexed-by-the-sync.md).

export interface DatabaseLimits extends PageLimits {
  /** SOURCE_DB_STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs: number;
  /** SOURCE_DB_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs: number;
}

/** The bounds of a page when none are set (SOURCE_DB_ROW_MAX_BYTES, SOURCE_DB_BATCH_MAX_BYTES). */
export const PAGE_DEFAULTS: PageLimits = { rowMaxBytes: 8 * 1024 * 1024, batchMaxBytes: 32 * 1024 * 1024 };

export interface DatabaseReach {
  /** SOURCE_ALLOWED_HOSTS. */
  allowedHosts: AllowedHosts;
  lookup?: Lookup | undefined;
}

/** Where rows come from: a table (or view), or the user's checked SELECT as a subquery. */
export type RowSource = { table: string; query?: null } | { table?: null; query: string };

export interface ColumnInfo {
  name: string;
  type: string;
  kind: DatabaseColumnKind;
}

export interface DatabaseReader {
  listTables(): Promise<DatabaseTableInfo[]>;
  columns(from: RowSource): Promise<ColumnInfo[]>;
  /**
   * Rows after `after` in keyset order, at most `limit` and at most the batch's bytes, the requested columns
   * alone, cut as they are read (bounded-rows.ts); each with `__trove_changed` and `__trove_id` as text.
   */
  rows(from: RowSource, request: PageRequest): Promise<Page>;
  /**
   * How many rows a sync has still to read (after `after` in keyset order), for the card's "of N" (issue 34
   * item 7); null when the count does not answer within COUNT_TIMEOUT_MS (or the statement timeout) or passes
   * COUNT_MAX.
   */
  count(from: RowSource, position: RowPosition): Promise<number | null>;
  /** Ids after `after`, in id order, at most `limit`. */
  ids(from: RowSource, idColumn: string, after: string | null, limit: number): Promise<string[]>;
  close(): Promise<void>;
}

/** A failure the preview and the card can name. */
export class DatabaseError extends Error {
  constructor(
    readonly problem: DatabaseProblem,
    message: string,
  ) {
    super(message);
  }
}

export { KEY_CHANGED, KEY_ID, type Keyset } from './bounded-rows';

/** Where a sync stands in a source's rows: its keyset, and the last row stored (null: from the start). */
export interface RowPosition {
  keyset: Keyset;
  after: PageRequest['after'];
}

/** A count's bound: the shorter of the statement timeout and COUNT_TIMEOUT_MS. */
const countTimeoutMs = (limits: DatabaseLimits) =>
  Math.max(1, Math.floor(Math.min(limits.statementTimeoutMs, COUNT_TIMEOUT_MS)));

/** A count that timed out says nothing (null); any other failure is the source's. */
async function countOrNull(count: () => Promise<unknown>): Promise<number | null> {
  try {
    return countOf(await count());
  } catch (error) {
    if (classifyError(error).problem === 'timeout') return null;
    throw error;
  }
}

/** A key too long to be one (bounded-rows.ts): the rows cannot be documents. */
const keyTooLong = (what: string) =>
  new DatabaseError(
    'column',
    `A row's ${what} column holds a value longer than ${KEY_MAX_CHARS.toLocaleString('en-US')} characters: it cannot identify a row.`,
  );

// ---- column kinds ----

export function columnKind(type: string): DatabaseColumnKind {
  const t = type.toLowerCase();
  if (/bytea|blob|binary|varbinary|^bit\b|geometry|raster/.test(t)) return 'binary';
  if (/json/.test(t)) return 'json';
  if (/bool/.test(t)) return 'boolean';
  if (/date|time|year/.test(t)) return 'date';
  if (/int|numeric|decimal|real|double|float|money|serial|number/.test(t)) return 'number';
  if (/char|text|clob|string|enum|uuid|citext|name|xml|set/.test(t) || t === '') return 'text';
  return 'other';
}

// ---- identifiers ----

const quoteDouble = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteBacktick = (name: string) => `\`${name.replace(/`/g, '``')}\``;

function fromClause(from: RowSource, quote: (name: string) => string): string {
  if (from.table !== null && from.table !== undefined)
    return `${from.table
      .split('.')
      .map((part) => quote(part.trim()))
      .join('.')} as t`;
  return `(${from.query}) as t`;
}

/** The same words for either server: the connection asked for TLS, or the server asked for it. */
const NO_TLS = 'The server does not offer TLS.';
const TLS_REQUIRED = 'The server accepts only encrypted connections (TLS).';

/** A key read with {@link KEY_MAX_CHARS} + 1 characters at most: longer is refused. */
function keyOf(value: unknown): string {
  const text = Buffer.isBuffer(value) ? value.toString('hex') : String(value);
  if (text.length > KEY_MAX_CHARS) throw keyTooLong('id');
  return text;
}

/** A reader's column types by row source, read once (a `limit 0` statement) and kept while it is open. */
function columnTypes(
  read: (from: RowSource) => Promise<ColumnInfo[]>,
): (from: RowSource) => Promise<Map<string, ColumnType>> {
  const known = new Map<string, Promise<Map<string, ColumnType>>>();
  return (from) => {
    const key = JSON.stringify(from);
    let types = known.get(key);
    if (types === undefined) {
      types = read(from).then((columns) => new Map(columns.map((column) => [column.name, column])));
      types.catch(() => known.delete(key));
      known.set(key, types);
    }
    return types;
  };
}

// ---- PostgreSQL ----

/** bytea is sized, never sent; numbers, dates and booleans as the server prints them; the rest cut as text. */
const PG_DIALECT: Dialect = {
  quote: quoteDouble,
  param: (index) => `$${index}`,
  cell: (expression, column, chars) =>
    column.type === 'bytea'
      ? { expression: `octet_length(${expression})`, binary: true }
      : {
          expression: SHORT_KINDS.has(column.kind) ? expression : `left(${expression}::text, ${chars + 1})`,
          binary: false,
        },
  keyText: (expression, chars) => `left(${expression}::text, ${chars + 1})`,
  bytes: (expression) => `coalesce(octet_length((${expression})::text), 0)`,
};

const PG_TEXT = { getTypeParser: () => (value: string) => value };

/** The pg error codes a person can act on (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
function pgProblem(error: unknown): DatabaseError | undefined {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? String(error);
  // pg's own words when the server answers the TLS request with "no".
  if (/does not support SSL/i.test(message)) return new DatabaseError('tls', NO_TLS);
  switch (code) {
    case '28000':
      // pg_hba.conf has a line for this client only with TLS ("hostssl"): the setting is "Off".
      if (/no encryption|SSL off/i.test(message)) return new DatabaseError('tls', TLS_REQUIRED);
      return new DatabaseError('auth', message);
    case '28P01':
      return new DatabaseError('auth', message);
    case '3D000':
      return new DatabaseError('database', message);
    case '42P01':
    case '3F000':
      return new DatabaseError('table', message);
    case '42703':
      return new DatabaseError('column', message);
    case '42501':
      return new DatabaseError('permission', message);
    case '57014':
      return new DatabaseError('timeout', message);
    case '25006':
      return new DatabaseError('query', `The server refused a write: ${message}`);
    case '42601':
    case '42883':
    case '42804':
      return new DatabaseError('query', message);
  }
  return undefined;
}

function networkProblem(error: unknown): DatabaseError | undefined {
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? String(error);
  if (['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE'].includes(code))
    return new DatabaseError('tcp', message);
  if (/timeout/i.test(message) && /connect/i.test(message)) return new DatabaseError('tcp', message);
  if (/ssl|tls|certificate|self[- ]signed|CERT_|altname/i.test(`${code} ${message}`))
    return new DatabaseError('tls', message);
  return undefined;
}

export function classifyError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  if (error instanceof HostRefusedError)
    return new DatabaseError(error.kind === 'dns' ? 'dns' : 'refused', error.message);
  return (
    pgProblem(error) ??
    mysqlProblem(error) ??
    sqliteProblem(error) ??
    networkProblem(error) ??
    new DatabaseError('server', (error as Error).message ?? String(error))
  );
}

async function openPostgres(
  connection: DatabaseConnection,
  password: string,
  reach: DatabaseReach,
  limits: DatabaseLimits,
): Promise<DatabaseReader> {
  const { address } = await resolveAllowedHost(connection.host, reach.allowedHosts, reach.lookup);
  const name = connection.host.replace(/^\[(.*)\]$/, '$1');
  const ssl =
    connection.tls === 'disable'
      ? false
      : {
          rejectUnauthorized: connection.tls === 'verify',
          // The client dials the checked address; TLS still names the host (SNI and the certificate check).
          ...(/^[\d.]+$|:/.test(name) ? {} : { servername: name, host: name }),
        };
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    host: address,
    port: connection.port,
    database: connection.database,
    user: connection.user,
    password,
    ssl,
    types: PG_TEXT,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.statementTimeoutMs + 5_000,
    application_name: 'trove-source',
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(
      'set session characteristics as transaction read only; set default_transaction_read_only = on',
    );
  } catch (error) {
    await client.end().catch(() => undefined);
    throw classifyError(error);
  }
  // Each read is its own READ ONLY transaction with its own statement timeout (issue 34 item 5): the session's
  // defaults are only defaults, and a function of the source's (which no check can see into) may change them
  // for the statements after it (bounded-reads.int.test.ts).
  const run = async (text: string, values: unknown[] = [], timeoutMs = limits.statementTimeoutMs) => {
    try {
      await client.query('begin transaction read only');
      await client.query(`set local statement_timeout = ${Math.floor(timeoutMs)}`);
      const result = await client.query(text, values);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw classifyError(error);
    }
  };
  const reader: DatabaseReader = {
    async listTables() {
      const result = await run(
        `select table_schema, table_name, table_type from information_schema.tables
         where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_toast%'
         order by table_schema = current_schema() desc, table_schema, table_name limit ${DATABASE_TABLES_MAX}`,
      );
      const current = (await run('select current_schema() as s')).rows[0]?.s as string | undefined;
      return result.rows.map((row) => ({
        name: row.table_schema === current ? row.table_name : `${row.table_schema}.${row.table_name}`,
        kind: row.table_type === 'VIEW' ? ('view' as const) : ('table' as const),
      }));
    },
    async columns(from) {
      const result = await run(`select * from ${fromClause(from, quoteDouble)} limit 0`);
      const oids = [...new Set(result.fields.map((field) => field.dataTypeID))];
      const types = await run(
        'select oid::int as oid, format_type(oid, null) as name from pg_type where oid = any($1)',
        [oids],
      );
      const names = new Map(types.rows.map((row) => [Number(row.oid), String(row.name)]));
      return result.fields.map((field) => {
        const type = names.get(field.dataTypeID) ?? 'unknown';
        return { name: field.name, type, kind: columnKind(type) };
      });
    },
    async rows(from, request) {
      const page = pageSql(fromClause(from, quoteDouble), request, await types(from), PG_DIALECT, limits);
      const result = await run(page.text, page.values);
      return pageOf(result.rows as Record<string, unknown>[], page, request.limit, keyTooLong);
    },
    count(from, position) {
      const statement = countSql(fromClause(from, quoteDouble), position, PG_DIALECT);
      return countOrNull(
        async () => (await run(statement.text, statement.values, countTimeoutMs(limits))).rows[0]?.n,
      );
    },
    async ids(from, idColumn, after, limit) {
      const id = `t.${quoteDouble(idColumn)}`;
      const result = await run(
        `select left(${id}::text, ${KEY_MAX_CHARS + 1}) as id from ${fromClause(from, quoteDouble)}
         where ${id} is not null ${after === null ? '' : `and ${id} > $1`} order by ${id} limit ${Math.floor(limit)}`,
        after === null ? [] : [after],
      );
      return result.rows.map((row) => keyOf(row.id));
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
  const types = columnTypes((from) => reader.columns(from));
  return reader;
}

// ---- MySQL / MariaDB ----

const MYSQL_DIALECT: Dialect = {
  quote: quoteBacktick,
  param: () => '?',
  cell: (expression, column, chars) =>
    column.kind === 'binary'
      ? { expression: `octet_length(${expression})`, binary: true }
      : {
          expression: SHORT_KINDS.has(column.kind) ? expression : `left(${expression}, ${chars + 1})`,
          binary: false,
        },
  keyText: (expression, chars) => `left(cast(${expression} as char), ${chars + 1})`,
  bytes: (expression) => `coalesce(octet_length(${expression}), 0)`,
};

function mysqlProblem(error: unknown): DatabaseError | undefined {
  const code = (error as { code?: string }).code;
  const errno = (error as { errno?: number }).errno;
  const message = (error as Error).message ?? String(error);
  // MySQL's max_execution_time (3024) and MariaDB's max_statement_time (1969; mysql2 knows no code for it).
  if (errno === 3024 || errno === 1969 || /max_(statement|execution)_time/i.test(message))
    return new DatabaseError('timeout', message);
  if (code === undefined || !(code.startsWith('ER_') || code.startsWith('HANDSHAKE'))) return undefined;
  switch (code) {
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return new DatabaseError('auth', message);
    case 'ER_BAD_DB_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
      return new DatabaseError('database', message);
    case 'ER_NO_SUCH_TABLE':
      return new DatabaseError('table', message);
    case 'ER_BAD_FIELD_ERROR':
      return new DatabaseError('column', message);
    case 'ER_TABLEACCESS_DENIED_ERROR':
    case 'ER_COLUMNACCESS_DENIED_ERROR':
    case 'ER_SPECIFIC_ACCESS_DENIED_ERROR':
      return new DatabaseError('permission', message);
    case 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION':
      return new DatabaseError('query', `The server refused a write: ${message}`);
    case 'ER_PARSE_ERROR':
      return new DatabaseError('query', message);
    case 'HANDSHAKE_NO_SSL_SUPPORT':
      return new DatabaseError('tls', NO_TLS);
  }
  return undefined;
}

/**
 * The socket mysql2 talks over, to the address the guard checked. Node checks a server's certificate against
 * the TLS servername, else the socket's `_host`, else "localhost"; mysql2 gives no servername when the host is
 * an IP address (SNI carries names only), and a socket dialled by address has no `_host` — so a source added
 * by its IP address had its certificate checked against "localhost". The name the user gave is the name to
 * check (database-tls.int.test.ts holds both ways).
 */
function dialFor(name: string, port: number, address: string): Socket {
  const socket = netConnect(port, address);
  (socket as Socket & { _host: string })._host = name;
  return socket;
}

async function openMysql(
  connection: DatabaseConnection,
  password: string,
  reach: DatabaseReach,
  limits: DatabaseLimits,
): Promise<DatabaseReader> {
  const { address } = await resolveAllowedHost(connection.host, reach.allowedHosts, reach.lookup);
  const name = connection.host.replace(/^\[(.*)\]$/, '$1');
  let client: MysqlConnection;
  try {
    const { createConnection } = await import('mysql2/promise');
    client = await createConnection({
      // The name is what TLS checks; the socket goes to the address the guard checked, never a second lookup.
      host: name,
      port: connection.port,
      stream: () => dialFor(name, connection.port, address),
      database: connection.database,
      user: connection.user,
      password,
      connectTimeout: limits.connectTimeoutMs,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      multipleStatements: false,
      charset: 'utf8mb4',
      ...(connection.tls === 'disable'
        ? {}
        : {
            ssl: {
              rejectUnauthorized: connection.tls === 'verify',
              verifyIdentity: connection.tls === 'verify',
            },
          }),
    });
  } catch (error) {
    throw classifyError(error);
  }
  client.on('error', () => undefined);
  const run = async (text: string, values: unknown[] = []) => {
    try {
      return await client.query({ sql: text, values, timeout: limits.statementTimeoutMs + 5_000 });
    } catch (error) {
      throw classifyError(error);
    }
  };
  let mariadb = false;
  try {
    await run('set session transaction read only');
    const [version] = (await run('select version() as v')) as unknown as [{ v: string }[]];
    mariadb = /mariadb/i.test(version[0]?.v ?? '');
    if (mariadb) await run(`set session max_statement_time = ${limits.statementTimeoutMs / 1000}`);
    else await run(`set session max_execution_time = ${Math.floor(limits.statementTimeoutMs)}`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  // Each read is its own READ ONLY transaction (issue 34 item 5), and on MariaDB carries its own time limit
  // (SET STATEMENT … FOR): the session's settings are only defaults, which a stored function of the source's
  // (no check sees into it) may change for the statements after it (bounded-reads.int.test.ts).
  const read = async (text: string, values: unknown[] = [], timeoutMs = limits.statementTimeoutMs) => {
    await run('start transaction read only');
    try {
      const result = await run(
        mariadb
          ? `set statement max_statement_time = ${timeoutMs / 1000} for ${text}`
          : timeoutMs === limits.statementTimeoutMs
            ? text
            : // MySQL's own hint: the session's max_execution_time is the statement timeout.
              text.replace(/^select /, `select /*+ MAX_EXECUTION_TIME(${Math.floor(timeoutMs)}) */ `),
        values,
      );
      await run('commit');
      return result;
    } catch (error) {
      await run('rollback').catch(() => undefined);
      throw error;
    }
  };
  const reader: DatabaseReader = {
    async listTables() {
      const [rows] = (await read(
        `select table_name as name, table_type as type from information_schema.tables
         where table_schema = database() order by table_name limit ${DATABASE_TABLES_MAX}`,
      )) as unknown as [{ name: string; type: string }[]];
      return rows.map((row) => ({ name: row.name, kind: row.type === 'VIEW' ? 'view' : 'table' }));
    },
    async columns(from) {
      const [, fields] = (await read(
        `select * from ${fromClause(from, quoteBacktick)} limit 0`,
      )) as unknown as [unknown, { name: string; columnType: number; characterSet: number; type?: number }[]];
      return fields.map((field) => {
        const type = mysqlTypeName(field.columnType ?? field.type ?? -1, field.characterSet);
        return { name: field.name, type, kind: columnKind(type) };
      });
    },
    async rows(from, request) {
      const page = pageSql(
        fromClause(from, quoteBacktick),
        request,
        await types(from),
        MYSQL_DIALECT,
        limits,
      );
      const [rows] = (await read(page.text, page.values)) as unknown as [Record<string, unknown>[]];
      return pageOf(rows, page, request.limit, keyTooLong);
    },
    count(from, position) {
      const statement = countSql(fromClause(from, quoteBacktick), position, MYSQL_DIALECT);
      return countOrNull(async () => {
        const [rows] = (await read(statement.text, statement.values, countTimeoutMs(limits))) as unknown as [
          { n: unknown }[],
        ];
        return rows[0]?.n;
      });
    },
    async ids(from, idColumn, after, limit) {
      const id = `t.${quoteBacktick(idColumn)}`;
      const [rows] = (await read(
        `select left(cast(${id} as char), ${KEY_MAX_CHARS + 1}) as id from ${fromClause(from, quoteBacktick)}
         where ${id} is not null ${after === null ? '' : `and ${id} > ?`} order by ${id} limit ${Math.floor(limit)}`,
        after === null ? [] : [after],
      )) as unknown as [{ id: unknown }[]];
      return rows.map((row) => keyOf(row.id));
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
  const types = columnTypes((from) => reader.columns(from));
  return reader;
}

/** MySQL protocol column types (include/field_types.h); charset 63 is binary. */
function mysqlTypeName(type: number, charset: number): string {
  const names: Record<number, string> = {
    0: 'decimal',
    1: 'tinyint',
    2: 'smallint',
    3: 'int',
    4: 'float',
    5: 'double',
    7: 'timestamp',
    8: 'bigint',
    9: 'mediumint',
    10: 'date',
    11: 'time',
    12: 'datetime',
    13: 'year',
    15: 'varchar',
    16: 'bit',
    245: 'json',
    246: 'decimal',
    247: 'enum',
    248: 'set',
    249: 'tinyblob',
    250: 'mediumblob',
    251: 'longblob',
    252: 'blob',
    253: 'varchar',
    254: 'char',
    255: 'geometry',
  };
  const name = names[type] ?? 'unknown';
  if (charset === 63 && /blob|char/.test(name))
    return name.includes('blob') ? name : `var${name.replace('var', '')}binary`;
  if (charset !== 63 && name.endsWith('blob')) return name.replace('blob', 'text');
  return name;
}

// ---- SQLite ----

/**
 * A SQLite value's type is its own, whatever the column says: numbers are read as they are, a blob in a BLOB
 * column by its size, anything else cut (substr counts a blob's bytes, a text's characters).
 */
const SQLITE_DIALECT: Dialect = {
  quote: quoteDouble,
  param: () => '?',
  cell: (expression, column, chars) =>
    column.kind === 'binary'
      ? { expression: `length(${expression})`, binary: true }
      : {
          expression: `case when typeof(${expression}) in ('integer', 'real') then ${expression} else substr(${expression}, 1, ${chars + 1}) end`,
          binary: false,
        },
  keyText: (expression, chars) => `substr(cast(${expression} as text), 1, ${chars + 1})`,
  bytes: (expression) => `coalesce(length(cast(${expression} as blob)), 0)`,
};

function sqliteProblem(error: unknown): DatabaseError | undefined {
  const code = (error as { code?: string }).code;
  if (code === undefined || !code.startsWith('SQLITE_')) return undefined;
  const message = (error as Error).message;
  if (/no such table/i.test(message)) return new DatabaseError('table', message);
  if (/no such column/i.test(message)) return new DatabaseError('column', message);
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_CANTOPEN'))
    return new DatabaseError('file', message);
  if (code.startsWith('SQLITE_READONLY'))
    return new DatabaseError('query', `The file is read-only: ${message}`);
  if (code === 'SQLITE_INTERRUPT') return new DatabaseError('timeout', message);
  if (/syntax error/i.test(message)) return new DatabaseError('query', message);
  return undefined;
}

/** A SQLite file on disk, opened read-only: nothing Trove runs can change it. */
export async function openSqliteFile(
  path: string,
  limits: PageLimits = PAGE_DEFAULTS,
): Promise<DatabaseReader> {
  const { default: SqliteFile } = await import('better-sqlite3');
  let db: Sqlite.Database;
  try {
    db = new SqliteFile(path, { readonly: true, fileMustExist: true });
    db.pragma('query_only = on');
    // A file's views and triggers may not call functions marked unsafe, whatever the file says (SQLite's
    // "defense in depth"; issue 34 item 3).
    db.pragma('trusted_schema = off');
    // Reading the schema fails at once on a file that is not a database.
    db.prepare('select count(*) from sqlite_schema').get();
  } catch (error) {
    throw classifyError(error);
  }
  const all = (text: string, values: unknown[] = []) => {
    try {
      return db
        .prepare(text)
        .safeIntegers(true)
        .all(...values) as Record<string, unknown>[];
    } catch (error) {
      throw classifyError(error);
    }
  };
  const reader: DatabaseReader = {
    async listTables() {
      return (
        all(
          `select name, type from sqlite_schema where type in ('table', 'view') and name not like 'sqlite_%'
         and length(name) <= ${2 * DATABASE_IDENTIFIER_MAX_LENGTH + 1} order by name limit ${DATABASE_TABLES_MAX}`,
        )
          // A name is the server's to bound elsewhere; a file's can be any length.
          .filter((row) => String(row.name).length <= 2 * DATABASE_IDENTIFIER_MAX_LENGTH + 1)
          .map((row) => ({ name: String(row.name), kind: row.type === 'view' ? 'view' : 'table' }))
      );
    },
    async columns(from) {
      try {
        const statement = db.prepare(`select * from ${fromClause(from, quoteDouble)} limit 0`);
        return statement.columns().map((column) => {
          const type = column.type ?? '';
          return { name: column.name, type: type || 'any', kind: columnKind(type) };
        });
      } catch (error) {
        throw classifyError(error);
      }
    },
    async rows(from, request) {
      const page = pageSql(fromClause(from, quoteDouble), request, await types(from), SQLITE_DIALECT, limits);
      // Keyset values go back as they came (text): SQLite compares a text with a number column as text
      // unless the column has numeric affinity, where it converts; an integer id is passed as a bigint.
      const typed = page.values.map((value) => (/^-?\d{1,18}$/.test(value) ? BigInt(value) : value));
      return pageOf(all(page.text, typed), page, request.limit, keyTooLong);
    },
    // No statement timeout here: COUNT_MAX bounds the count, and the child's wall clock the rest.
    count(from, position) {
      const statement = countSql(fromClause(from, quoteDouble), position, SQLITE_DIALECT);
      const typed = statement.values.map((value) => (/^-?\d{1,18}$/.test(value) ? BigInt(value) : value));
      return countOrNull(async () => all(statement.text, typed)[0]?.n);
    },
    async ids(from, idColumn, after, limit) {
      const id = `t.${quoteDouble(idColumn)}`;
      const typed = after !== null && /^-?\d{1,18}$/.test(after) ? BigInt(after) : after;
      return all(
        `select substr(cast(${id} as text), 1, ${KEY_MAX_CHARS + 1}) as id from ${fromClause(from, quoteDouble)}
         where ${id} is not null ${after === null ? '' : `and ${id} > ?`} order by ${id} limit ${Math.floor(limit)}`,
        after === null ? [] : [typed],
      ).map((row) => keyOf(row.id));
    },
    async close() {
      db.close();
    },
  };
  const types = columnTypes((from) => reader.columns(from));
  return reader;
}

/** Connects to a PostgreSQL or MySQL server as the source, read-only; throws {@link DatabaseError}. */
export async function openServerReader(
  kind: DatabaseServerKind,
  connection: DatabaseConnection,
  password: string,
  reach: DatabaseReach,
  limits: DatabaseLimits,
): Promise<DatabaseReader> {
  try {
    return kind === 'postgres'
      ? await openPostgres(connection, password, reach, limits)
      : await openMysql(connection, password, reach, limits);
  } catch (error) {
    throw classifyError(error);
  }
}
