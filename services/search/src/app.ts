import { API_PATHS } from '@trove/contracts';
import {
  createServiceApp,
  DEFAULT_APP_NAME,
  type DatabaseHandle,
  type Logger,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import type { Hono } from 'hono';
import { CHAT_DEFAULTS, type ChatAppSettings } from './chats/chat-settings';
import type { DestinationPostLimit } from './destinations/post-limit';
import type { DestinationTestSettings } from './destinations/destination-test';
import type { UploadSettings } from './documents/uploads.service';
import { DOCUMENT_VIEW_DEFAULTS, type DocumentViewSettings } from './documents/document-view.service';
import type { DestinationsDeps } from './destinations/destinations.service';
import type { DestinationPostQueue } from './destinations/destination-jobs';
import { createChatRoutes } from './routes/chats';
import { createDestinationRoutes } from './routes/destinations';
import { createDocumentRoutes } from './routes/documents';
import { createPassageRoutes } from './routes/passages';
import { createSearchRoutes } from './routes/search';
import { createUploadRoutes } from './routes/uploads';
import { createWorkflowRoutes } from './routes/workflows';
import type { SearchSettings } from './search/search.service';
import { WORKFLOW_DEFAULTS, type WorkflowLimits } from './workflows/workflows.service';

export const SEARCH_PREFIX = API_PATHS.search;
export const UPLOADS_PREFIX = API_PATHS.uploads;
export const CHATS_PREFIX = API_PATHS.chats;
export const PASSAGES_PREFIX = API_PATHS.passages;
export const DESTINATIONS_PREFIX = API_PATHS.destinations;
export const WORKFLOWS_PREFIX = API_PATHS.workflows;
export const DOCUMENTS_PREFIX = API_PATHS.documents;

export interface SearchAppDeps {
  db: DatabaseHandle;
  logger: Logger;
  /** The auth service's public keys: in production its JWKS (AUTH_JWKS_URL). */
  verificationKey: VerificationKey;
  /** Product name for mails, pages and messages (APP_NAME). */
  product?: string;
  /** concurrencyPerUser: UPLOAD_CONCURRENCY_PER_USER (default 2). */
  uploads: Omit<UploadSettings, 'product'> & {
    maxRequestBytes: number;
    quotaBytes: number;
    requestsPerMinute: number;
    concurrencyPerUser?: number | undefined;
  };
  /** The search settings, and SEARCH_REQUESTS_PER_MINUTE for the route (default 120). */
  search: SearchSettings & { requestsPerMinute?: number | undefined };
  /** A document's page (issue 38 item 1): DOCUMENT_VIEW_PASSAGES and _ATTACHMENTS; unset takes the defaults. */
  documents?: Partial<DocumentViewSettings>;
  /** Chats (issue 11); unset values take CHAT_DEFAULTS (asksPerMinute, trustedProxies among them). `now` pins the clock questions are read against. */
  chats?: Partial<ChatAppSettings> & { now?: () => Date };
  /**
   * Destinations (issue 22 "Ship"): the secret box for their URLs, the hosts allowed and the post queue.
   * Unset: /api/v1/destinations is not served and `-> #channel` says it is not set up.
   */
  destinations?: Omit<DestinationsDeps, 'db'> & {
    queue: DestinationPostQueue;
    /** DESTINATION_POSTS_PER_MINUTE and _PER_DAY (issue 35 item 2). */
    postLimit?: DestinationPostLimit | undefined;
    /** The Test button's post (issue 38 item 4); unset: POST /:id/test answers 404. */
    test?: DestinationTestSettings | undefined;
  };
  /** Workflows (issue 40): WORKFLOWS_PER_USER and WORKFLOW_RUNS_PER_HOUR; unset, WORKFLOW_DEFAULTS. */
  workflows?: Partial<WorkflowLimits>;
}

/** The search service: health at the root and under /api/v1/search, then search and uploads. */
export function createSearchApp(deps: SearchAppDeps): Hono<ServiceEnv> {
  const app = createServiceApp({
    db: deps.db,
    logger: deps.logger,
    prefix: SEARCH_PREFIX,
    // Uploads are the one large body; every other route takes none.
    maxBodyBytes: deps.uploads.maxRequestBytes,
  });
  const product = deps.product ?? DEFAULT_APP_NAME;
  app.route(
    SEARCH_PREFIX,
    createSearchRoutes({
      db: deps.db,
      verificationKey: deps.verificationKey,
      settings: deps.search,
      product,
    }),
  );
  app.route(
    UPLOADS_PREFIX,
    createUploadRoutes({
      db: deps.db,
      verificationKey: deps.verificationKey,
      settings: { ...deps.uploads, product },
    }),
  );
  const chats = {
    ...CHAT_DEFAULTS,
    ...deps.chats,
    product,
    search: deps.search,
    destinationQueue: deps.destinations?.queue,
    destinationPostLimit: deps.destinations?.postLimit,
  };
  app.route(
    CHATS_PREFIX,
    createChatRoutes({
      db: deps.db,
      verificationKey: deps.verificationKey,
      settings: chats,
      now: deps.chats?.now,
    }),
  );
  app.route(
    PASSAGES_PREFIX,
    createPassageRoutes({
      db: deps.db,
      verificationKey: deps.verificationKey,
      contextPassages: chats.contextPassages,
    }),
  );
  app.route(
    DOCUMENTS_PREFIX,
    createDocumentRoutes({
      db: deps.db,
      verificationKey: deps.verificationKey,
      settings: { ...DOCUMENT_VIEW_DEFAULTS, ...deps.documents },
    }),
  );
  if (deps.destinations !== undefined) {
    app.route(
      DESTINATIONS_PREFIX,
      createDestinationRoutes({ ...deps.destinations, db: deps.db, verificationKey: deps.verificationKey }),
    );
  }
  app.route(
    WORKFLOWS_PREFIX,
    createWorkflowRoutes({
      db: deps.db,
      verificationKey: deps.verificationKey,
      chats,
      limits: { ...WORKFLOW_DEFAULTS, ...deps.workflows },
      now: deps.chats?.now,
    }),
  );
  return app;
}
