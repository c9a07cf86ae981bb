import { PassageIdSchema, type PassageContextResponse } from '@trove/contracts';
import {
  ApiError,
  type DatabaseHandle,
  noStore,
  signedIn,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import { Hono } from 'hono';
import { passageInContext } from '../chats/passages.service';

export interface PassageRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  /** How many passages either side a passage is shown with. */
  contextPassages: number;
}

const NOT_FOUND = () => new ApiError(404, 'Not found', 'not_found');

/** /api/v1/passages/:id — a cited passage in context (issue 11 "clickable to open the passage in context"). */
export function createPassageRoutes({
  db,
  verificationKey,
  contextPassages,
}: PassageRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(verificationKey, db);
  routes.use('*', noStore);

  routes.get('/:id', auth, async (c) => {
    const { session } = c.var;
    const id = PassageIdSchema.safeParse(c.req.param('id'));
    // Another user's passage and one that never existed look the same.
    if (!id.success) throw NOT_FOUND();
    const context = await passageInContext(db, session.userId, id.data, contextPassages);
    if (context === undefined) throw NOT_FOUND();
    return c.json<PassageContextResponse>(context, 200);
  });

  return routes;
}
