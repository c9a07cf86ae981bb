import {
  UPLOAD_CONCURRENCY_PER_USER,
  type UploadResponse,
  UploadIdSchema,
  type UploadsListResponse,
  UploadsListQuerySchema,
  type UploadsResponse,
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
import {
  acceptUploads,
  deleteUpload,
  findUpload,
  type UploadSettings,
  uploadsPage,
} from '../documents/uploads.service';
import { perUserConcurrency, perUserPerMinute, UPLOADS_AT_ONCE, UPLOADS_TOO_FAST } from './rate-limits';

export interface UploadRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  /**
   * requestsPerMinute: upload requests one user may make a minute (UPLOAD_REQUESTS_PER_MINUTE);
   * concurrencyPerUser: how many may run at once (UPLOAD_CONCURRENCY_PER_USER, default 2).
   */
  settings: UploadSettings & {
    product: string;
    quotaBytes: number;
    requestsPerMinute: number;
    concurrencyPerUser?: number | undefined;
  };
}

const NOT_FOUND = () => new ApiError(404, 'Not found', 'not_found');

/** /api/v1/uploads — issue 10 "Uploads" and "Storage and jobs". Every route needs a session. */
export function createUploadRoutes({ db, verificationKey, settings }: UploadRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(verificationKey, db);
  const uploads = perUserPerMinute(
    db,
    'upload',
    settings.requestsPerMinute,
    UPLOADS_TOO_FAST(settings.product),
  );
  const concurrency = settings.concurrencyPerUser ?? UPLOAD_CONCURRENCY_PER_USER;
  const running = perUserConcurrency(concurrency, UPLOADS_AT_ONCE(concurrency));
  routes.use('*', noStore);

  routes.post('/', auth, async (c) => {
    const { session } = c.var;
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('Content-Type') ?? '')) {
      throw new ApiError(415, 'Content-Type must be multipart/form-data', 'unsupported_media_type');
    }
    // Counted before the body is read: reading and storing it is the cost the limits bound.
    const release = running.enter(session.userId);
    try {
      await uploads.consume(session.userId);
      const documents = await acceptUploads(
        db,
        session.userId,
        { stream: c.req.raw.body, contentType: c.req.header('Content-Type') ?? '' },
        settings,
      );
      return c.json<UploadsResponse>({ documents }, 202);
    } finally {
      release();
    }
  });

  routes.get('/', auth, async (c) => {
    const { session } = c.var;
    // A ZodError becomes a 400 with the schema's first message (core's error handler).
    const query = UploadsListQuerySchema.parse(c.req.query());
    return c.json<UploadsListResponse>(await uploadsPage(db, session.userId, query), 200);
  });

  routes.get('/:id', auth, async (c) => {
    const { session } = c.var;
    const id = UploadIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw NOT_FOUND();
    const document = await findUpload(db, session.userId, id.data);
    if (document === undefined) throw NOT_FOUND();
    return c.json<UploadResponse>({ document }, 200);
  });

  routes.delete('/:id', auth, async (c) => {
    const { session } = c.var;
    const id = UploadIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw NOT_FOUND();
    if (!(await deleteUpload(db, session.userId, id.data))) throw NOT_FOUND();
    return c.body(null, 204);
  });

  return routes;
}
