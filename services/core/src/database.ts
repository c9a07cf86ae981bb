import { createHash } from 'node:crypto';
import { type CompiledQuery, Kysely, type MigrationResultSet, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './db/schema';
import { migrations } from './db/migrations/index';
import { leavesConnectionUnusable } from './database-errors';
import { describeError } from './errors';
import type { Logger } from './logger';

export type { Database } from './db/schema';

export type DatabaseHandle = Kysely<Database>;

export interface DatabaseOptions {
  url: string;
  /** Most connections one process may hold (DB_POOL_MAX). */
  poolMax?: number;
  /** Where pool-level connection errors are reported. */
  logger?: Logger;
  /** How long opening a connection, or waiting for a free one, may take (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * The longest a statement may run (DB_STATEMENT_TIMEOUT_MS); 0 or unset means no limit. The server
   * cancels it (statement_timeout) and, in case the server itself is stuck, the client gives up a
   * moment later (query_timeout).
   */
  statementTimeoutMs?: number;
  /**
   * The longest a connection may sit inside a transaction waiting for its next statement
   * (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, issue 35 item 4): PostgreSQL then ends the session, the transaction
   * rolls back and the pool opens a new connection. 0 or unset: no limit.
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * The role every statement runs as (DATABASE_ROLE, issue 18 item 16); a plain name (the setting's rule).
   * Unset: the connecting user.
   */
  role?: string | undefined;
}

/**
 * What every connection runs with, from its start-up packet:
 * - no JIT compilation: the search statement is one large statement whose estimated cost passes
 *   jit_above_cost once a user has some 50,000 documents, and PostgreSQL then compiles it for every
 *   execution — ~90 ms of a search that runs in ~3 ms (docs/decisions/067). No statement of Trove's runs
 *   long enough to win that back;
 * - the role, when given: a role that does not exist (or is not the user's to take) fails the connection,
 *   never leaves it running with the user's own rights.
 */
export function connectionOptions(role: string | undefined): string {
  return ['-c jit=off', ...(role === undefined ? [] : [`-c role=${role}`])].join(' ');
}

/**
 * A kysely handle over a pg Pool. `db.destroy()` ends the pool.
 *
 * The pool is what makes readiness recover by itself: a connection that breaks while idle is
 * dropped from the pool (and reported, not thrown — an unhandled 'error' would kill the process),
 * and every later query opens a fresh connection, failing fast while the server is down.
 */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const statementTimeoutMs = options.statementTimeoutMs ?? 0;
  const pool = new pg.Pool({
    connectionString: options.url,
    types: { getTypeParser: typeParser },
    max: options.poolMax ?? 10,
    // Fail fast when the server is unreachable instead of queueing requests behind a dead socket.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 2_000,
    idleTimeoutMillis: 30_000,
    // A server that vanishes without closing its sockets (a host gone, a network cut) is noticed by
    // TCP keep-alive rather than never.
    keepAlive: true,
    // Settings in the connection's start-up packet (connectionOptions).
    options: connectionOptions(options.role),
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 1_000 }
      : {}),
    ...((options.idleInTransactionTimeoutMs ?? 0) > 0
      ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }
      : {}),
  });
  pool.on('error', (err) => {
    options.logger?.warn({ err: { message: err.message } }, 'idle database connection lost');
  });
  // The pool listens for errors only on idle clients. A client checked out when the server goes away
  // (a shutdown between a query and its release) emits 'error' with no listener, which would kill the
  // process; the query in flight already rejects, and the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    closeWhenUnusable(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<DatabaseHandle, pg.Pool>();

/**
 * A connection whose query the client gave up on (query_timeout: the server may still be running it, inside
 * the request's transaction) or that a query found in a failed transaction is closed, so the pool drops it on
 * release instead of lending it on: after a frozen server resumed, such a connection answered
 * "current transaction is aborted" to a later request (a 500 in CI's faults test).
 */
function closeWhenUnusable(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (leavesConnectionUnusable(err)) client.end().catch(() => undefined);
      });
    }
    return result;
  };
}

/**
 * The pg Pool under a handle made by {@link createDatabase}, for libraries that speak pg directly
 * (rate-limiter-flexible's PostgreSQL store), so they share the service's connections and settings.
 */
export function poolOf(db: DatabaseHandle): pg.Pool {
  const pool = pools.get(db);
  if (pool === undefined) throw new Error('This database handle was not made by createDatabase');
  return pool;
}

/**
 * Runs a compiled query as a named prepared statement: each pooled connection parses and plans it once,
 * then only binds and executes. For a hot statement whose planning costs as much as running it (the search
 * statement: ~1.5 ms of 4, docs/decisions/020-search-postings.md); everything else goes through kysely.
 * The name is the text's hash, so two texts never share a name and one text always gets the same one.
 */
export async function queryPrepared<Row>(db: DatabaseHandle, query: CompiledQuery): Promise<Row[]> {
  const name = `trove_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
  const result = await poolOf(db).query({ name, text: query.sql, values: [...query.parameters] });
  return result.rows as Row[];
}

const DATE_OID = 1082;

// A `date` (docs/product/profile.md#fields Profile dob) is a calendar day, not an instant: read it as `YYYY-MM-DD` text rather
// than pg's default local-midnight Date, which shifts the day in any time zone west of UTC.
function typeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === DATE_OID) return (value: string) => value;
  // @types/pg overloads getTypeParser by format; the text parsers are the ones a Pool uses.
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
}

/** Readiness must answer well inside a probe's timeout, so the check gives up after this long. */
export const DATABASE_CHECK_TIMEOUT_MS = 1_500;

/**
 * True when the database answers `select 1` within `timeoutMs`. Never throws. Concurrent probes share
 * one query so a burst of health checks cannot drain the pool.
 */
export function checkDatabase(db: DatabaseHandle, timeoutMs = DATABASE_CHECK_TIMEOUT_MS): Promise<boolean> {
  const running = checksInFlight.get(db);
  if (running) return running;
  const check = withTimeout(sql`select 1`.execute(db), timeoutMs)
    .then(() => true)
    .catch(() => false)
    .finally(() => checksInFlight.delete(db));
  checksInFlight.set(db, check);
  return check;
}

const checksInFlight = new WeakMap<DatabaseHandle, Promise<boolean>>();

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  // A query that loses the race still settles later; swallow its outcome so it is not unhandled.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: MigrationResultSet['results'],
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema up to the newest migration. kysely takes an advisory lock first, so two services
 * starting at once run each migration exactly once (docs/decisions/001-platform-layout.md).
 * Returns the names of the migrations it ran.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const reason = describeError(error);
    throw new MigrationError(
      failed === undefined ? reason : `migration ${failed} failed: ${reason}`,
      results,
      { cause: error },
    );
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * Each service's database role (issue 18 item 16): made by the 2026-11-25-03 migration with only the
 * tables that service uses; a service runs as it when DATABASE_ROLE names it (the stack, compose and k8s
 * set it).
 */
export const SERVICE_DATABASE_ROLES = {
  auth: 'trove_auth',
  profile: 'trove_profile',
  search: 'trove_search',
  sources: 'trove_sources',
} as const;
