import {
  WORKFLOW_MESSAGES,
  WorkflowBodySchema,
  WorkflowIdSchema,
  type WorkflowListResponse,
  WorkflowPauseBodySchema,
  type WorkflowPreviewResponse,
  type WorkflowResponse,
  type WorkflowRunResponse,
  type WorkflowRunsResponse,
} from '@trove/contracts';
import {
  ApiError,
  limitBody,
  noStore,
  parseJson,
  type ServiceEnv,
  type SessionEnv,
  signedIn,
  type VerificationKey,
} from '@trove/service-core';
import { type Context, Hono } from 'hono';
import {
  createWorkflow,
  pauseWorkflow,
  previewWorkflow,
  removeWorkflow,
  replaceWorkflow,
  runsOf,
  runWorkflowNow,
  type WorkflowDeps,
  workflowOf,
  workflowsOf,
} from '../workflows/workflows.service';

export interface WorkflowRoutesDeps extends WorkflowDeps {
  verificationKey: VerificationKey;
  /** The clock schedules and questions are read against; tests pin it. */
  now?: () => Date;
}

/** A workflow is a few short questions and settings. */
export const WORKFLOW_MAX_BODY_BYTES = 32 * 1024;

/** An id in the path: anything but a UUID is a 404, like another user's id. */
function idParam(c: Context<SessionEnv>): string {
  const id = WorkflowIdSchema.safeParse(c.req.param('id'));
  if (!id.success) throw new ApiError(404, WORKFLOW_MESSAGES.notFound, 'not_found');
  return id.data;
}

/**
 * /api/v1/workflows — issue 40 item 6. Every route needs a session (and, for a change, the CSRF header the
 * session middleware checks); bodies are parsed with the contracts' schemas.
 */
export function createWorkflowRoutes(deps: WorkflowRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(deps.verificationKey, deps.db);
  const now = deps.now ?? (() => new Date());
  routes.use('*', noStore);
  routes.use('*', limitBody(WORKFLOW_MAX_BODY_BYTES));

  routes.get('/', auth, async (c) =>
    c.json<WorkflowListResponse>({ workflows: await workflowsOf(deps, c.var.session.userId) }, 200),
  );

  routes.post('/', auth, async (c) => {
    const body = await parseJson(c, WorkflowBodySchema);
    const workflow = await createWorkflow(deps, c.var.session.userId, body, now());
    return c.json<WorkflowResponse>({ workflow }, 201);
  });

  routes.get('/:id', auth, async (c) =>
    c.json<WorkflowResponse>({ workflow: await workflowOf(deps, c.var.session.userId, idParam(c)) }, 200),
  );

  routes.put('/:id', auth, async (c) => {
    const id = idParam(c);
    const body = await parseJson(c, WorkflowBodySchema);
    const workflow = await replaceWorkflow(deps, c.var.session.userId, id, body, now());
    return c.json<WorkflowResponse>({ workflow }, 200);
  });

  routes.patch('/:id', auth, async (c) => {
    const id = idParam(c);
    const body = await parseJson(c, WorkflowPauseBodySchema);
    const workflow = await pauseWorkflow(deps, c.var.session.userId, id, body.paused, now());
    return c.json<WorkflowResponse>({ workflow }, 200);
  });

  routes.delete('/:id', auth, async (c) => {
    await removeWorkflow(deps, c.var.session.userId, idParam(c));
    return c.body(null, 204);
  });

  routes.post('/:id/preview', auth, async (c) => {
    const preview = await previewWorkflow(deps, c.var.session.userId, idParam(c), now());
    return c.json<WorkflowPreviewResponse>(preview, 200);
  });

  routes.post('/:id/run', auth, async (c) => {
    const run = await runWorkflowNow(deps, c.var.session.userId, idParam(c), now);
    return c.json<WorkflowRunResponse>({ run }, 201);
  });

  routes.get('/:id/runs', auth, async (c) =>
    c.json<WorkflowRunsResponse>({ runs: await runsOf(deps, c.var.session.userId, idParam(c)) }, 200),
  );

  return routes;
}
