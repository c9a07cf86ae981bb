import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { MiddlewareHandler } from 'hono';
import { type DestinationStream, type Level, type Logger, pino } from 'pino';
import type { ServiceEnv } from './hono-env';

export type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// Secrets must never reach a log line, wherever in a logged object they sit (a body, headers, an
// error's context). pino's redact paths are exact, so list the shallow and one-level-nested forms.
const SECRET_KEYS = [
  'authorization',
  'cookie',
  '"set-cookie"',
  'password',
  'current_password',
  'new_password',
  'code',
  'token',
  'reset_token',
  'access_token',
  'refresh_token',
];
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export interface LoggerOptions {
  level?: Level | 'silent';
  /** Service name, on every line. */
  name?: string;
  /** Where lines go; stdout by default. Tests pass a stream to read lines back. */
  destination?: DestinationStream;
}

/** Lines are written to stdout in blocks of about this size, and at least once a second. */
export const LOG_BLOCK_BYTES = 4096;
export const LOG_FLUSH_MS = 1000;

let stdoutDestination: DestinationStream | undefined;

/**
 * stdout, buffered: one write per request line cost ~0.4 ms of CPU a request under load (a system call
 * each; docs/decisions/020-search-postings.md), so lines go out in blocks, at least every second, and
 * whatever is left when the process exits — a crash included — is written synchronously on 'exit'. Only a
 * SIGKILL loses the last second of lines. One buffer per process, shared by every logger.
 */
function bufferedStdout(): DestinationStream {
  if (stdoutDestination !== undefined) return stdoutDestination;
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BLOCK_BYTES });
  setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout already closed: nothing more can be written.
    }
  });
  stdoutDestination = destination;
  return destination;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = {
    level: options.level ?? 'info',
    ...(options.name === undefined ? {} : { name: options.name }),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return pino(settings, options.destination ?? bufferedStdout());
}

// A request id is only a correlation id, so it needs no trust — but it is echoed into headers and
// logs, so bound it: nginx sends 32 hex characters, and anything outside this shape is replaced.
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

/**
 * Gives each request an id (the caller's `X-Request-Id` when it is well-formed, else a new UUID),
 * echoes it on the response, exposes a child logger carrying it as `reqId`, and writes one line per
 * request when it completes.
 */
export function requestLogger(logger: Logger): MiddlewareHandler<ServiceEnv> {
  const requestLines = unredactedSibling(logger);
  return async (c, next) => {
    const started = performance.now();
    const reqId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    const log = logger.child({ reqId });
    c.set('reqId', reqId);
    c.set('log', log);
    try {
      await next();
    } finally {
      // Set after `next()` so it lands on whatever response was produced, error responses included — on the
      // response's own headers: Hono's `c.header()` after the response exists rebuilds it from its body, which
      // turned the node adapter's light response into a full WHATWG one with a stream (~8% of a signed-in
      // GET's CPU in a profile).
      try {
        c.res.headers.set(REQUEST_ID_HEADER, reqId);
      } catch {
        // Immutable headers (a Response.redirect or a fetched one): only a rebuilt response can carry it.
        c.header(REQUEST_ID_HEADER, reqId);
      }
      const status = c.res.status;
      const line = {
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (status >= 500) requestLines.error({ reqId, ...line }, 'request failed');
      else requestLines.info({ reqId, ...line }, 'request');
    }
  };
}

/**
 * The request line holds only the request id, method, path (never the query), status and time — nothing a
 * redaction path could match — so it goes out through a logger on the same stream, with the same fields, that
 * skips redaction: pino's wildcard paths cost ~12% of a signed-in GET's CPU in a profile. Every other line,
 * including the route's own through `c.var.log`, is still redacted.
 */
function unredactedSibling(logger: Logger): Logger {
  return pino(
    { level: logger.level, base: { pid: process.pid, hostname: hostname(), ...logger.bindings() } },
    // pino's documented symbol for a logger's stream, which its types do not declare.
    (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym],
  );
}
