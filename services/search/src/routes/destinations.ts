import {
  CreateDestinationSchema,
  DestinationIdSchema,
  type DestinationResponse,
  type DestinationsListResponse,
  type DestinationTestResult,
  TrustDestinationCertificateSchema,
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
  createDestination,
  type DestinationsDeps,
  destinationsOf,
  removeDestination,
  trustDestinationCertificate,
} from '../destinations/destinations.service';
import { type DestinationTestSettings, testDestination } from '../destinations/destination-test';
import type { DestinationPostLimit } from '../destinations/post-limit';

export interface DestinationRoutesDeps extends DestinationsDeps {
  verificationKey: VerificationKey;
  /** The Test button (issue 38 item 4); unset: the route answers 404. */
  test?: DestinationTestSettings | undefined;
  /** A test is a post: it counts against DESTINATION_POSTS_PER_MINUTE and _PER_DAY. */
  postLimit?: DestinationPostLimit | undefined;
}

/** A destination body is a kind, a name and a URL. */
export const DESTINATION_MAX_BODY_BYTES = 16 * 1024;

const NOT_FOUND = () => new ApiError(404, 'Not found', 'not_found');

/**
 * /api/v1/destinations — issue 22 "Ship". Every route needs a session; bodies are parsed with the contracts'
 * schema. No answer carries a webhook URL, only its host.
 */
export function createDestinationRoutes(deps: DestinationRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(deps.verificationKey, deps.db);
  routes.use('*', noStore);
  routes.use('*', limitBody(DESTINATION_MAX_BODY_BYTES));

  routes.get('/', auth, async (c) =>
    c.json<DestinationsListResponse>({ destinations: await destinationsOf(deps, c.var.session.userId) }, 200),
  );

  routes.post('/', auth, async (c) => {
    const input = await parseJson(c, CreateDestinationSchema);
    return c.json<DestinationResponse>(
      { destination: await createDestination(deps, c.var.session.userId, input) },
      201,
    );
  });

  routes.post('/:id/test', auth, async (c) => {
    const id = DestinationIdSchema.safeParse(c.req.param('id'));
    if (!id.success || deps.test === undefined) throw NOT_FOUND();
    const userId = c.var.session.userId;
    await deps.postLimit?.consume(userId);
    const result = await testDestination(deps, deps.test, userId, id.data);
    if (result === undefined) throw NOT_FOUND();
    return c.json<DestinationTestResult>(result, 200);
  });

  // "Trust this certificate" (issue 38 item 4): the one certificate a failed test showed, trusted from now on.
  routes.post('/:id/trust', auth, async (c) => {
    const id = DestinationIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw NOT_FOUND();
    const { sha256 } = await parseJson(c, TrustDestinationCertificateSchema);
    const destination = await trustDestinationCertificate(deps, c.var.session.userId, id.data, sha256);
    return c.json<DestinationResponse>({ destination }, 200);
  });

  routes.delete('/:id', auth, async (c) => {
    const id = DestinationIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw NOT_FOUND();
    await removeDestination(deps, c.var.session.userId, id.data);
    return c.body(null, 204);
  });

  return routes;
}
