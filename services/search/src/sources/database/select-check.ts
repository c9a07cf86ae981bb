import { createRequire } from 'node:module';
import type { DatabaseSourceKind } from '@trove/contracts';

// A user-written query must be one SELECT (issue 22, "Read-only, bounded"), checked by a SQL parser, not a
// pattern: node-sql-parser in the source's dialect reads it into a syntax tree, and the tree must be exactly
// one SELECT that writes nothing (no INSERT/UPDATE/DELETE in a WITH, no SELECT … INTO, no FOR UPDATE/SHARE).
// This is the first of two guards: every session is also read-only at the server, which refuses a write a
// function could hide (docs/decisions/052-database-sources.md).

// The package is CommonJS without named exports Node can see. It is loaded at the first query checked, not
// with the service: its grammars for every dialect hold ~35 MB of resident memory, which a service whose
// users write no query should not carry (issue 21's memory goal; docs/decisions/061).
type SqlParser = InstanceType<typeof import('node-sql-parser').Parser>;
let loaded: SqlParser | undefined;
function parser(): SqlParser {
  if (loaded === undefined) {
    const { Parser } = createRequire(import.meta.url)('node-sql-parser') as typeof import('node-sql-parser');
    loaded = new Parser();
  }
  return loaded;
}

const DIALECTS: Readonly<Record<DatabaseSourceKind, string>> = {
  postgres: 'postgresql',
  mysql: 'mariadb',
  sqlite: 'sqlite',
};

/** Statement types that change something; any of them anywhere in the tree refuses the query. */
const WRITES = new Set([
  'insert',
  'replace',
  'update',
  'delete',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'lock',
  'unlock',
  'call',
  'exec',
  'execute',
  'set',
  'use',
  'transaction',
  'merge',
  'load_data',
]);

/**
 * Functions a query may not call whatever the session (issue 34 item 5): they change settings (set_config can
 * undo a read-only session for the statements after it), write large objects even in a read-only session
 * (lo_from_bytea, lowrite), reach other servers (dblink), read the server's files (pg_read_file, LOAD_FILE), run
 * SQL from a string past this check (query_to_xml), or act on other sessions and the server (pg_terminate_backend,
 * pg_reload_conf, advisory locks, NOTIFY). By name, in any schema, any case. A function the read-only session
 * itself refuses (nextval) is left to it: that guard is tested on its own (database-sources.int.test.ts).
 */
const REFUSED_FUNCTIONS = new Set([
  'set_config',
  'lowrite',
  'loread',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'query_to_xmlschema',
  'cursor_to_xml',
  'pg_stat_file',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_notify',
  'pg_switch_wal',
  'load_file',
  'sys_exec',
  'sys_eval',
]);
const REFUSED_PREFIXES = [
  'lo_',
  'dblink',
  'pg_read_',
  'pg_ls_',
  'pg_file_',
  'pg_advisory',
  'pg_try_advisory',
];

const refusedFunction = (name: string) =>
  REFUSED_FUNCTIONS.has(name) || REFUSED_PREFIXES.some((prefix) => name.startsWith(prefix));

/** The first function the tree calls that the query may not, by its name; null when there is none. */
function findRefusedCall(node: unknown, depth = 0): string | null {
  if (depth > 200 || node === null || typeof node !== 'object') return null;
  const record = node as Record<string, unknown>;
  if (record.type === 'function') {
    const parts = (record.name as { name?: { value?: unknown }[] } | string | undefined) ?? '';
    const name = (typeof parts === 'string' ? parts : String(parts.name?.at(-1)?.value ?? '')).toLowerCase();
    if (refusedFunction(name)) return name;
  }
  for (const value of Array.isArray(node) ? node : Object.values(record)) {
    const found = findRefusedCall(value, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export class QueryRefusedError extends Error {}

/** Walks the tree for a statement that writes, an INTO target or a locking clause. */
function findWrite(node: unknown, depth = 0): string | null {
  if (depth > 200 || node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findWrite(item, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.type === 'string' && WRITES.has(record.type.toLowerCase()) && 'table' in record)
    return `it ${record.type.toUpperCase()}s`;
  if (typeof record.type === 'string' && WRITES.has(record.type.toLowerCase()) && record.ast === undefined) {
    // A statement node of a writing kind without a table (SET, LOCK, CALL…).
    if (['set', 'lock', 'unlock', 'call', 'exec', 'execute', 'use', 'transaction'].includes(record.type))
      return `it runs ${record.type.toUpperCase()}`;
  }
  const into = record.into as { position?: unknown; expr?: unknown } | null | undefined;
  if (into !== null && typeof into === 'object' && (into.position != null || into.expr != null))
    return 'it writes its result INTO a table or file';
  if (record.locking_read != null && record.locking_read !== '') return 'it locks rows (FOR UPDATE/SHARE)';
  for (const value of Object.values(record)) {
    const found = findWrite(value, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The query, checked and ready to be wrapped as a subquery (a trailing semicolon dropped); throws
 * {@link QueryRefusedError} with the reason in plain words.
 */
export function checkSelect(query: string, kind: DatabaseSourceKind): string {
  const text = query.trim().replace(/;\s*$/, '');
  let ast: unknown;
  try {
    ast = parser().astify(text, { database: DIALECTS[kind] });
  } catch (error) {
    const detail = (error as Error).message.split('\n')[0]?.slice(0, 200) ?? '';
    const locking = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text);
    throw new QueryRefusedError(
      locking
        ? 'This query locks rows (FOR UPDATE/SHARE): Trove reads with a plain SELECT only.'
        : `Trove could not read this as one SELECT (${detail}).`,
    );
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1)
    throw new QueryRefusedError(`This is ${statements.length} statements: Trove runs exactly one SELECT.`);
  const statement = statements[0] as { type?: string };
  if (statement.type !== 'select')
    throw new QueryRefusedError(
      `This is a${/^[aeiou]/i.test(statement.type ?? '') ? 'n' : ''} ${String(statement.type ?? 'unknown').toUpperCase()} statement: Trove runs only a SELECT, which changes nothing.`,
    );
  const write = findWrite(statement);
  if (write !== null)
    throw new QueryRefusedError(`This query is refused because ${write}: Trove only reads.`);
  const call = findRefusedCall(statement);
  if (call !== null)
    throw new QueryRefusedError(
      `This query is refused because it calls ${call}(), which could change or reach beyond the database: Trove only reads.`,
    );
  return text;
}
