import {
  API_PATHS,
  type Workflow,
  type WorkflowBody,
  WorkflowListResponseSchema,
  type WorkflowPreviewResponse,
  WorkflowPreviewResponseSchema,
  WorkflowResponseSchema,
  type WorkflowRun,
  WorkflowRunResponseSchema,
  WorkflowRunsResponseSchema,
} from '@trove/contracts';
import { api } from '@trove/kit';

// Issue 40: the Workflows page's calls (services/search, routes/workflows.ts) through the kit's fetch wrapper,
// answers read with the contracts' schemas.

const WORKFLOWS = API_PATHS.workflows;
const one = (id: string) => `${WORKFLOWS}/${encodeURIComponent(id)}`;

export async function listWorkflows(signal?: AbortSignal): Promise<Workflow[]> {
  return WorkflowListResponseSchema.parse(await api.get(WORKFLOWS, { signal, cache: 'no-store' })).workflows;
}

export async function getWorkflow(id: string, signal?: AbortSignal): Promise<Workflow> {
  return WorkflowResponseSchema.parse(await api.get(one(id), { signal, cache: 'no-store' })).workflow;
}

export async function saveWorkflow(id: string | null, body: WorkflowBody): Promise<Workflow> {
  const answer = id === null ? await api.post(WORKFLOWS, body) : await api.put(one(id), body);
  return WorkflowResponseSchema.parse(answer).workflow;
}

export async function pauseWorkflow(id: string, paused: boolean): Promise<Workflow> {
  return WorkflowResponseSchema.parse(await api.patch(one(id), { paused })).workflow;
}

export async function deleteWorkflow(id: string): Promise<void> {
  await api.delete(one(id));
}

export async function previewWorkflow(id: string): Promise<WorkflowPreviewResponse> {
  return WorkflowPreviewResponseSchema.parse(await api.post(`${one(id)}/preview`));
}

export async function runWorkflow(id: string): Promise<WorkflowRun> {
  return WorkflowRunResponseSchema.parse(await api.post(`${one(id)}/run`)).run;
}

export async function listRuns(id: string, signal?: AbortSignal): Promise<WorkflowRun[]> {
  return WorkflowRunsResponseSchema.parse(await api.get(`${one(id)}/runs`, { signal, cache: 'no-store' }))
    .runs;
}
