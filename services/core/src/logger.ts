import { randomUUID } from 'node:crypto';
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

export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = {
    level: options.level ?? 'info',
    ...(options.name === undefined ? {} : { name: options.name }),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  // Without a destination pino writes synchronously to stdout, so the last lines before an exit
  // are not lost.
  return options.destination === undefined ? pino(settings) : pino(settings, options.destination);
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
  return async (c, next) => {
    const started = performance.now();
    const reqId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    const log = logger.child({ reqId });
    c.set('reqId', reqId);
    c.set('log', log);
    try {
      await next();
    } finally {
      // Set after `next()` so it lands on whatever response was produced, error responses included.
      c.header(REQUEST_ID_HEADER, reqId);
      const status = c.res.status;
      const line = {
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (status >= 500) log.error(line, 'request failed');
      else log.info(line, 'request');
    }
  };
}
