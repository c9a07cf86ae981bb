import {
  type ContextPassage,
  type DocumentKind,
  PassageIdSchema,
  type PassageContextResponse,
} from '@trove/contracts';
import {
  ApiError,
  type DatabaseHandle,
  noStore,
  signedIn,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import { Hono } from 'hono';
import { passageWithNeighbours } from '../chats/passages.repository';

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
    const rows = await passageWithNeighbours(db, session.userId, id.data, contextPassages);
    const index = rows.findIndex((row) => row.id === id.data);
    const target = rows[index];
    if (target === undefined) throw NOT_FOUND();
    const toPassage = (row: (typeof rows)[number]): ContextPassage => ({
      id: row.id,
      ordinal: row.ordinal,
      location: row.location,
      text: row.body,
    });
    return c.json<PassageContextResponse>(
      {
        document: {
          id: target.document_id,
          name: target.document_name,
          title: target.document_title,
          type: target.kind as DocumentKind,
        },
        passage: toPassage(target),
        before: rows.slice(0, index).map(toPassage),
        after: rows.slice(index + 1).map(toPassage),
      },
      200,
    );
  });

  return routes;
}
