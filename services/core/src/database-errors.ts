// SQLSTATE classes and codes that mean "the database is not there right now", not "this query is wrong":
// 08 connection exception, 53 insufficient resources (too many connections), 57P01-57P03 server
// shutting down or starting, 57014 a statement cancelled by statement_timeout.
const UNAVAILABLE_SQLSTATE = /^(08|53)|^57P0[123]$|^57014$/;
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
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended|terminating connection)/i;

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
