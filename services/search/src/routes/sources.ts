import {
  CreateSourceSchema,
  SourceIdSchema,
  type SourceResponse,
  type SourcesListResponse,
  type SourceSyncResponse,
  type SourceTestResult,
  TestSavedSourceSchema,
  TestSourceSchema,
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
  changeSource,
  createSource,
  removeSource,
  type SourcesDeps,
  sourceOf,
  sourcesOf,
  syncSourceNow,
  testNewSource,
  testSavedSource,
} from '../sources/sources.service';

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
  routes.use('*', limitBody(SOURCE_MAX_BODY_BYTES));

  routes.get('/', auth, async (c) =>
    c.json<SourcesListResponse>({ sources: await sourcesOf(deps, c.var.session.userId) }, 200),
  );

  routes.post('/', auth, async (c) => {
    const input = await parseJson(c, CreateSourceSchema);
    return c.json<SourceResponse>({ source: await createSource(deps, c.var.session.userId, input) }, 201);
  });

  // Before /:id, which would take "test" for an id.
  routes.post('/test', auth, async (c) => {
    const input = await parseJson(c, TestSourceSchema);
    return c.json<SourceTestResult>(await testNewSource(deps, input), 200);
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

  routes.post('/:id/sync', auth, async (c) =>
    c.json<SourceSyncResponse>({ source: await syncSourceNow(deps, c.var.session.userId, sourceId(c)) }, 202),
  );

  routes.post('/:id/test', auth, async (c) => {
    const id = sourceId(c);
    // No body tests what is saved.
    const input =
      c.req.header('Content-Length') === '0' || c.req.header('Content-Type') === undefined
        ? {}
        : await parseJson(c, TestSavedSourceSchema);
    return c.json<SourceTestResult>(await testSavedSource(deps, c.var.session.userId, id, input), 200);
  });

  return routes;
}
