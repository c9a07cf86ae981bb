import { ERROR_CODE_BY_STATUS, type ErrorEnvelope } from '@trove/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { DatabaseHandle } from './database';
import { ApiError, createErrorHandler, notFound } from './errors';
import { createHealthRoutes } from './health';
import type { ServiceEnv } from './hono-env';
import type { Logger } from './logger';
import { requestLogger } from './logger';
import { createServiceMetrics } from './metrics';
import { noStore } from './no-store';

export interface ServiceAppOptions {
  logger: Logger;
  db: DatabaseHandle;
  /** The public path prefix nginx forwards in full, e.g. `/api/v1/auth`. */
  prefix: `/${string}`;
  /** Largest request body accepted, in bytes. Every payload in docs/product/api.md#conventions is a few hundred bytes. */
  maxBodyBytes?: number;
  /**
   * A body of unknown length (chunked) is counted as the route reads it instead of gathered first: for a
   * service whose large bodies are streamed to disk (the sources' SQLite upload, docs/decisions/200).
   */
  streamBodies?: boolean;
  /** The `service` label on every metric. Default: the last part of the prefix (`auth`). */
  name?: string;
}

/**
 * The frame every service shares: request ids and request logging, request metrics and GET /metrics
 * (docs/decisions/009-deploy-story.md), a body size cap, health and
 * readiness at the root and under the prefix (docs/decisions/001-platform-layout.md, "Service
 * routes"), the one error handler and the 404 envelope. The service mounts its resources on it.
 */
export function createServiceApp(options: ServiceAppOptions): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  const metrics = createServiceMetrics({
    service: options.name ?? options.prefix.split('/').at(-1) ?? 'service',
    db: options.db,
  });
  app.use(requestLogger(options.logger));
  app.use(metrics.middleware);
  app.use(limitBody(options.maxBodyBytes ?? 64 * 1024, { stream: options.streamBodies ?? false }));
  const health = createHealthRoutes(options.db);
  app.route('/', health);
  app.route(options.prefix, health);
  // Root only, never under the public prefix: nginx forwards the prefix, and metrics are for operators.
  app.get('/metrics', noStore, async (c) => {
    c.header('Content-Type', metrics.registry.contentType);
    return c.body(await metrics.registry.metrics(), 200);
  });
  app.onError(createErrorHandler(options.logger));
  app.notFound(notFound);
  return app;
}

/**
 * The one request-body cap: a 413 with the error envelope past `maxSize` bytes. A GET or HEAD is let through
 * untouched: no route reads their body, and asking the request for it made the node adapter build a full
 * WHATWG Request each time (~0.2 ms of CPU per request, measured on the search route). A body with a
 * Content-Length is judged by it; one without (chunked) is gathered and measured (Hono's bodyLimit) — or, with
 * `stream`, counted as it is read: past `maxSize` the read fails with the 413 (docs/decisions/200), and nothing
 * is held here.
 */
export function limitBody(maxSize: number, options: { stream?: boolean } = {}): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) =>
      c.json<ErrorEnvelope>({ error: 'Request body too large', code: ERROR_CODE_BY_STATUS[413] }, 413),
  });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    const known = c.req.raw.headers.has('content-length') && !c.req.raw.headers.has('transfer-encoding');
    if (!options.stream || body === null || known) return limit(c, next);
    let size = 0;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > maxSize)
            controller.error(new ApiError(413, 'Request body too large', ERROR_CODE_BY_STATUS[413]));
          else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    return next();
  };
}
