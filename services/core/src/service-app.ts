import { ERROR_CODE_BY_STATUS, type ErrorEnvelope } from '@trove/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { DatabaseHandle } from './database';
import { createErrorHandler, notFound } from './errors';
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
  app.use(limitBody(options.maxBodyBytes ?? 64 * 1024));
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
 * WHATWG Request each time (~0.2 ms of CPU per request, measured on the search route).
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) =>
      c.json<ErrorEnvelope>({ error: 'Request body too large', code: ERROR_CODE_BY_STATUS[413] }, 413),
  });
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}
