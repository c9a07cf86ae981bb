// SQLSTATE classes and codes that mean "the database is not there right now", not "this query is wrong":
// 08 connection exception, 53 insufficient resources (too many connections), 57P01-57P03 server
// shutting down or starting, 57014 a statement cancelled by statement_timeout, 25P02 a connection left in
// a failed transaction (a frozen server's timeouts leave one behind; database.ts then closes it).
const UNAVAILABLE_SQLSTATE = /^(08|53)|^57P0[123]$|^57014$|^25P02$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg and pg-pool report their own timeouts and lost connections with plain Errors and no code.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended|terminating connection|Client was closed and is not queryable)/i;

/**
 * True when `err` (or anything in its cause chain) says the database cannot be reached or is shutting
 * down, so the request deserves a 503 and a retry rather than a 500. Bounded depth: causes can loop.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 5 || err === null || typeof err !== 'object') return false;
  if (err instanceof AggregateError && err.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_ERRNO.has(code) || (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)))
  )
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Whether the connection that gave `err` may be in a state no later query should meet: a query the client gave
 * up on (the server may still be running it, inside a transaction) or a transaction left failed. database.ts
 * closes such a connection instead of returning it to the pool.
 */
export function leavesConnectionUnusable(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code === '25P02' || (typeof message === 'string' && /^Query read timeout/.test(message));
}
