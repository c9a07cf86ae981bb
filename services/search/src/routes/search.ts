import { type SearchResponse, SearchQuerySchema } from '@trove/contracts';
import {
  type DatabaseHandle,
  requireAccessSession,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import { Hono } from 'hono';
import { type SearchSettings, search } from '../search/search.service';

export interface SearchRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  settings: SearchSettings;
}

/** /api/v1/search — issue 10 "Search API". Needs a session; the user's own passages only. */
export function createSearchRoutes({ db, verificationKey, settings }: SearchRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  routes.get('/', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    // A ZodError becomes a 400 with the schema's first message (core's error handler).
    const query = SearchQuerySchema.parse(c.req.query());
    return c.json<SearchResponse>(await search(db, session.userId, query, settings), 200);
  });
  return routes;
}
