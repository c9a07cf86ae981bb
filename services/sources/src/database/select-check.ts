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

/**
 * The functions a query may call (issue 34 item 5): built-ins of the three dialects that only compute from their
 * arguments — text, numbers, dates, JSON, conditionals, aggregates and windows, and generate_series. Anything
 * else is refused by the check: a function of the source's own may do anything inside (nextval, an INSERT in a
 * MariaDB stored function), and the server's read-only transaction is then the only guard. A view that calls
 * one is read like any table: the read-only transaction and the statement timeout hold it
 * (docs/decisions/085-read-only-for-real.md).
 */
const READ_ONLY_FUNCTIONS = new Set(
  `abs acos asin atan atan2 ceil ceiling cos cot degrees div exp floor ln log log10 log2 mod pi pow power radians
  random rand round sign sin sqrt tan trunc truncate greatest least width_bucket
  ascii bit_length btrim char char_length character_length chr concat concat_ws format initcap instr lcase left
  length locate lower lpad ltrim md5 octet_length overlay position quote regexp_instr regexp_like regexp_match
  regexp_matches regexp_replace regexp_substr repeat replace reverse right rpad rtrim sha1 sha2 soundex space
  split_part starts_with strpos substr substring substring_index to_hex translate trim ucase unhex upper hex
  encode decode to_base64 from_base64 unicode printf glob like
  coalesce nullif ifnull isnull nvl if iif ifnull typeof
  now current_date current_time current_timestamp localtime localtimestamp curdate curtime sysdate utc_date
  utc_time utc_timestamp date_trunc date_part extract to_char to_date to_number to_timestamp age justify_days
  justify_hours justify_interval make_date make_time make_timestamp make_timestamptz make_interval timezone
  date time datetime julianday strftime unixepoch date_format str_to_date unix_timestamp from_unixtime
  timestampdiff timestampadd datediff date_add date_sub adddate subdate addtime subtime year month day
  dayofmonth dayofweek dayofyear dayname monthname hour minute second microsecond week weekday weekofyear
  quarter last_day makedate maketime period_add period_diff to_days from_days sec_to_time time_to_sec
  convert_tz isfinite
  json_extract json_unquote json_value json_query json_object json_array json_contains json_keys json_length
  json_type json_valid json_search json_quote json_build_object jsonb_build_object json_build_array
  jsonb_build_array to_json to_jsonb row_to_json array_to_json json_agg jsonb_agg json_object_agg
  jsonb_object_agg json_extract_path json_extract_path_text jsonb_extract_path jsonb_extract_path_text
  json_array_length jsonb_array_length json_typeof jsonb_typeof jsonb_pretty json_each json_each_text
  jsonb_each jsonb_each_text json_array_elements json_array_elements_text jsonb_array_elements
  jsonb_array_elements_text json_strip_nulls jsonb_strip_nulls json_group_array json_group_object json_arrayagg
  json_objectagg
  array_agg array_to_string string_to_array array_length array_position array_positions array_remove
  array_append array_prepend array_cat array_lower array_upper array_dims cardinality unnest generate_series
  string_agg group_concat count sum avg min max every bool_and bool_or bit_and bit_or bit_xor stddev
  stddev_pop stddev_samp variance var_pop var_samp median percentile_cont percentile_disc mode
  row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
  gen_random_uuid uuid`.split(/\s+/),
);

/** Schemas a listed function may be named with: none, or the system's own. */
const SYSTEM_SCHEMAS = new Set(['pg_catalog']);

/** A function call's name (lower case) and schema, from the parser's tree; null when the node is none. */
function callOf(record: Record<string, unknown>): { name: string; schema: string | null } | null {
  if (record.type === 'aggr_func' || record.type === 'window_func')
    return { name: String(record.name ?? '').toLowerCase(), schema: null };
  if (record.type !== 'function') return null;
  const parts =
    (record.name as { name?: { value?: unknown }[]; schema?: { value?: unknown } } | string) ?? '';
  if (typeof parts === 'string') return { name: parts.toLowerCase(), schema: null };
  const schema = parts.schema?.value;
  return {
    name: String(parts.name?.at(-1)?.value ?? '').toLowerCase(),
    schema: typeof schema === 'string' ? schema.toLowerCase() : null,
  };
}

/** The first call the query may not make, with why; null when there is none. */
function findRefusedCall(node: unknown, depth = 0): { name: string; refused: boolean } | null {
  if (depth > 200 || node === null || typeof node !== 'object') return null;
  const record = node as Record<string, unknown>;
  const call = Array.isArray(node) ? null : callOf(record);
  if (call !== null) {
    if (refusedFunction(call.name)) return { name: call.name, refused: true };
    if (!READ_ONLY_FUNCTIONS.has(call.name) || (call.schema !== null && !SYSTEM_SCHEMAS.has(call.schema)))
      return { name: call.schema === null ? call.name : `${call.schema}.${call.name}`, refused: false };
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
  if (call?.refused === true)
    throw new QueryRefusedError(
      `This query is refused because it calls ${call.name}(), which could change or reach beyond the database: Trove only reads.`,
    );
  if (call !== null)
    throw new QueryRefusedError(
      `This query is refused because it calls ${call.name}(), which is not one of the built-in functions Trove knows to be read-only. Compute it in a view and read the view, or leave it out.`,
    );
  return text;
}
