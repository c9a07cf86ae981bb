import { API_PATHS, sqliteUploadBodyBytes } from '@trove/contracts';
import {
  createServiceApp,
  type DatabaseHandle,
  type Logger,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import type { Hono } from 'hono';
import { createSourceRoutes, SOURCE_MAX_BODY_BYTES } from './routes/sources';
import { DATABASE_DEFAULTS } from './source-settings';
import type { SourcesDeps } from './sources.service';

export const SOURCES_PREFIX = API_PATHS.sources;

export interface SourcesAppDeps extends Omit<SourcesDeps, 'db'> {
  db: DatabaseHandle;
  logger: Logger;
  /** The auth service's public keys: in production its JWKS (AUTH_JWKS_URL). */
  verificationKey: VerificationKey;
}

/**
 * The sources service (issue 34 item 1; docs/decisions/170-sources-service.md): health at the root and under
 * /api/v1/sources, then the sources' routes. Its largest body is a SQLite file's upload.
 */
export function createSourcesApp(deps: SourcesAppDeps): Hono<ServiceEnv> {
  const sqliteMaxBytes = deps.databases?.sqliteMaxBytes ?? DATABASE_DEFAULTS.sqliteMaxBytes;
  const app = createServiceApp({
    db: deps.db,
    logger: deps.logger,
    prefix: SOURCES_PREFIX,
    name: 'sources',
    // The routes cap every other body at SOURCE_MAX_BODY_BYTES; the file's upload is the one large one.
    maxBodyBytes: Math.max(SOURCE_MAX_BODY_BYTES, sqliteUploadBodyBytes(sqliteMaxBytes)),
    // A chunked upload is counted as it streams to disk, never gathered (docs/decisions/200).
    streamBodies: true,
  });
  const { logger: _logger, ...routes } = deps;
  app.route(SOURCES_PREFIX, createSourceRoutes(routes));
  return app;
}
