import { DocumentIdSchema, type DocumentView, DocumentViewQuerySchema } from '@trove/contracts';
import {
  ApiError,
  type DatabaseHandle,
  noStore,
  signedIn,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import { Hono } from 'hono';
import { documentView, type DocumentViewSettings, originalFile } from '../documents/document-view.service';

export interface DocumentRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  settings: DocumentViewSettings;
}

const NOT_FOUND = () => new ApiError(404, 'Not found', 'not_found');

/** A file name for Content-Disposition: RFC 6266's ASCII fallback beside the UTF-8 name (RFC 5987). */
function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * /api/v1/documents/:id — one document as a whole, for its page (issue 38 item 1,
 * docs/decisions/100-document-view.md); /:id/original its file. Another user's document and one that never
 * existed are the same 404.
 */
export function createDocumentRoutes({
  db,
  verificationKey,
  settings,
}: DocumentRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(verificationKey, db);
  routes.use('*', noStore);

  routes.get('/:id', auth, async (c) => {
    const { session } = c.var;
    const id = DocumentIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw NOT_FOUND();
    // A ZodError becomes a 400 with the schema's first message (core's error handler).
    const query = DocumentViewQuerySchema.parse(c.req.query());
    const view = await documentView(db, session.userId, id.data, query.passage, settings);
    if (view === undefined) throw NOT_FOUND();
    return c.json<DocumentView>(view, 200);
  });

  routes.get('/:id/original', auth, async (c) => {
    const { session } = c.var;
    const id = DocumentIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw NOT_FOUND();
    const file = await originalFile(db, session.userId, id.data);
    if (file === undefined) throw NOT_FOUND();
    // Always a download, never shown on our origin: an uploaded HTML page or SVG must not run as the site
    // (the sandbox CSP covers a browser that shows it anyway).
    return c.body(new Uint8Array(file.original), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': attachmentDisposition(file.name),
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return routes;
}
