import { type SearchResponse, SearchQuerySchema } from '@trove/contracts';
import {
  type DatabaseHandle,
  noStore,
  signedIn,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import { Hono } from 'hono';
import { type SearchSettings, search } from '../search/search.service';
import { perUserPerMinute, SEARCHES_TOO_FAST } from './rate-limits';

export interface SearchRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  /** APP_NAME, for the rate limit's message. */
  product: string;
  settings: SearchSettings & {
    /** SEARCH_REQUESTS_PER_MINUTE: searches one user may run a minute; then 429 (issue 18 item 7). */
    requestsPerMinute?: number | undefined;
  };
}

/** The default of SEARCH_REQUESTS_PER_MINUTE. */
export const SEARCH_REQUESTS_PER_MINUTE = 120;

/** /api/v1/search — issue 10 "Search API". Needs a session; the user's own passages only. */
export function createSearchRoutes({
  db,
  verificationKey,
  product,
  settings,
}: SearchRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(verificationKey, db);
  // Each search costs several ms of database CPU (ADR 020); a script's loop must not take it from everyone.
  const searches = perUserPerMinute(
    db,
    'search',
    settings.requestsPerMinute ?? SEARCH_REQUESTS_PER_MINUTE,
    SEARCHES_TOO_FAST(product),
  );
  routes.use('*', noStore);
  routes.get('/', auth, async (c) => {
    const { session } = c.var;
    // A ZodError becomes a 400 with the schema's first message (core's error handler).
    const query = SearchQuerySchema.parse(c.req.query());
    await searches.consume(session.userId);
    return c.json<SearchResponse>(await search(db, session.userId, query, settings), 200);
  });
  return routes;
}
