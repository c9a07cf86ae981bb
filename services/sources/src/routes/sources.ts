import {
  DATABASE_ERROR_CODES,
  DATABASE_MESSAGES,
  type DatabasePreviewResult,
  PreviewSavedSourceSchema,
  PreviewSourceSchema,
  type SourceFileResponse,
  CreateSourceSchema,
  SourceIdSchema,
  sqliteUploadBodyBytes,
  type SourceResponse,
  type SourcesListResponse,
  type SourceSyncResponse,
  type SourceTestResult,
  TestSavedSourceSchema,
  TestNewSourceSchema,
  UpdateSourceSchema,
} from '@trove/contracts';
import {
  ApiError,
  noStore,
  parseJson,
  type ServiceEnv,
  signedIn,
  type VerificationKey,
  limitBody,
} from '@trove/service-core';
import { Hono } from 'hono';
import {
  previewNewSource,
  previewSavedSource,
  testNewSource,
  testSavedSource,
  uploadSourceFile,
} from '../source-checks.service';
import { stageUploadedFile } from '../source-file-upload';
import { type SourceAction, spendSourceBudget } from '../source-rate-limits';
import { DATABASE_DEFAULTS } from '../source-settings';
import {
  changeSource,
  createSource,
  limitsOf,
  removeSource,
  type SourcesDeps,
  sourceOf,
  sourcesOf,
  syncSourceNow,
} from '../sources.service';

export interface SourceRoutesDeps extends SourcesDeps {
  verificationKey: VerificationKey;
}

/**
 * Every sources body is a small JSON object (settings, a password, a folder list); the service-wide cap is
 * sized for uploads, and parseJson reads the whole body into memory.
 */
export const SOURCE_MAX_BODY_BYTES = 256 * 1024;

const NOT_FOUND = () => new ApiError(404, 'Not found', 'not_found');

/** The :id of the path; anything but a UUID is a 404 like a source that is not the user's. */
function sourceId(c: { req: { param(name: 'id'): string | undefined } }): string {
  const id = SourceIdSchema.safeParse(c.req.param('id'));
  if (!id.success) throw NOT_FOUND();
  return id.data;
}

/**
 * /api/v1/sources — issue 21. Every route needs a session; every body is parsed with the contracts' schema
 * (a ZodError is a 400 with its first message, core's error handler). No answer carries a password.
 */
export function createSourceRoutes(deps: SourceRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(deps.verificationKey, deps.db);
  routes.use('*', noStore);
  const small = limitBody(SOURCE_MAX_BODY_BYTES);
  const sqliteMaxBytes = deps.databases?.sqliteMaxBytes ?? DATABASE_DEFAULTS.sqliteMaxBytes;
  // A SQLite file's upload has its own cap (SOURCE_SQLITE_MAX_BYTES and the multipart framing): the one nginx's
  // location for it applies too (proxy/src/nginx/locations.ts).
  const fileSized = limitBody(sqliteUploadBodyBytes(sqliteMaxBytes), { stream: true });
  routes.use('*', (c, next) =>
    c.req.method === 'POST' && c.req.path.endsWith('/sources/files') ? fileSized(c, next) : small(c, next),
  );

  // Per-user budgets a minute on what can be asked over and over (docs/decisions/201).
  const spend = (userId: string, action: SourceAction) =>
    spendSourceBudget(deps.db, limitsOf(deps), userId, action);

  routes.get('/', auth, async (c) =>
    c.json<SourcesListResponse>({ sources: await sourcesOf(deps, c.var.session.userId) }, 200),
  );

  routes.post('/', auth, async (c) => {
    const input = await parseJson(c, CreateSourceSchema);
    return c.json<SourceResponse>({ source: await createSource(deps, c.var.session.userId, input) }, 201);
  });

  // Before /:id, which would take "preview" or "files" for an id.
  routes.post('/preview', auth, async (c) => {
    await spend(c.var.session.userId, 'check');
    const input = await parseJson(c, PreviewSourceSchema);
    return c.json<DatabasePreviewResult>(await previewNewSource(deps, c.var.session.userId, input), 200);
  });

  routes.post('/files', auth, async (c) => {
    // Before a byte of the body is read.
    await spend(c.var.session.userId, 'file');
    const contentType = c.req.header('Content-Type') ?? '';
    if (!/^multipart\/form-data\s*;/i.test(contentType))
      throw new ApiError(415, 'Content-Type must be multipart/form-data', 'unsupported_media_type');
    const body = c.req.raw.body;
    if (body === null)
      throw new ApiError(400, DATABASE_MESSAGES.fileRequired, DATABASE_ERROR_CODES.fileRequired);
    // Streamed to disk under the one limit (docs/decisions/200): never gathered in memory.
    const file = await stageUploadedFile(body, contentType, sqliteMaxBytes);
    if (file === undefined)
      throw new ApiError(400, DATABASE_MESSAGES.fileRequired, DATABASE_ERROR_CODES.fileRequired);
    return c.json<SourceFileResponse>(await uploadSourceFile(deps, c.var.session.userId, file), 201);
  });

  routes.post('/test', auth, async (c) => {
    await spend(c.var.session.userId, 'check');
    const input = await parseJson(c, TestNewSourceSchema);
    return c.json<SourceTestResult>(await testNewSource(deps, c.var.session.userId, input), 200);
  });

  routes.get('/:id', auth, async (c) =>
    c.json<SourceResponse>({ source: await sourceOf(deps, c.var.session.userId, sourceId(c)) }, 200),
  );

  routes.patch('/:id', auth, async (c) => {
    const id = sourceId(c);
    const update = await parseJson(c, UpdateSourceSchema);
    return c.json<SourceResponse>(
      { source: await changeSource(deps, c.var.session.userId, id, update) },
      200,
    );
  });

  routes.delete('/:id', auth, async (c) => {
    await removeSource(deps, c.var.session.userId, sourceId(c));
    return c.body(null, 204);
  });

  routes.post('/:id/sync', auth, async (c) => {
    const id = sourceId(c);
    await spend(c.var.session.userId, 'syncNow');
    return c.json<SourceSyncResponse>({ source: await syncSourceNow(deps, c.var.session.userId, id) }, 202);
  });

  routes.post('/:id/preview', auth, async (c) => {
    const id = sourceId(c);
    await spend(c.var.session.userId, 'check');
    const input =
      c.req.header('Content-Length') === '0' || c.req.header('Content-Type') === undefined
        ? {}
        : await parseJson(c, PreviewSavedSourceSchema);
    return c.json<DatabasePreviewResult>(
      await previewSavedSource(deps, c.var.session.userId, id, input),
      200,
    );
  });

  routes.post('/:id/test', auth, async (c) => {
    const id = sourceId(c);
    await spend(c.var.session.userId, 'check');
    // No body tests what is saved.
    const input =
      c.req.header('Content-Length') === '0' || c.req.header('Content-Type') === undefined
        ? {}
        : await parseJson(c, TestSavedSourceSchema);
    return c.json<SourceTestResult>(await testSavedSource(deps, c.var.session.userId, id, input), 200);
  });

  return routes;
}
