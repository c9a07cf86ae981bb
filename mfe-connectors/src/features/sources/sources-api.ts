import {
  API_PATHS,
  type CreateSourceInput,
  type Source,
  SourceResponseSchema,
  SourcesListResponseSchema,
  SourceSyncResponseSchema,
  type SourceTestResult,
  SourceTestResultSchema,
  type TestSavedSource,
  type TestNewSource,
  type TestSource,
  type UpdateSource,
} from '@trove/contracts';
import { api } from '@trove/kit';

// Issue 21: the calls of the Connections page's sources, through the kit's one fetch wrapper, answers
// read with the contracts' schemas (services/search, routes/sources.ts).

const SOURCES = API_PATHS.sources;
const one = (id: string) => `${SOURCES}/${encodeURIComponent(id)}`;

export async function listSources(signal?: AbortSignal): Promise<Source[]> {
  return SourcesListResponseSchema.parse(await api.get(SOURCES, { signal, cache: 'no-store' })).sources;
}

/** Settings and password before they are saved; a failed test is an answer (200), not an error. */
export async function testSourceSettings(request: TestSource): Promise<SourceTestResult> {
  return SourceTestResultSchema.parse(await api.post(`${SOURCES}/test`, request));
}

/** A file share's or a repository's settings before they are saved (issue 43): their folders or branches. */
export async function testNewSource(request: TestNewSource): Promise<SourceTestResult> {
  return SourceTestResultSchema.parse(await api.post(`${SOURCES}/test`, request));
}

export async function createSource(request: CreateSourceInput): Promise<Source> {
  return SourceResponseSchema.parse(await api.post(SOURCES, request)).source;
}

export async function syncSource(id: string): Promise<Source> {
  return SourceSyncResponseSchema.parse(await api.post(`${one(id)}/sync`)).source;
}

export async function setSourcePaused(id: string, paused: boolean): Promise<Source> {
  return SourceResponseSchema.parse(await api.patch(one(id), { paused })).source;
}

export async function removeSource(id: string): Promise<void> {
  await api.delete(one(id));
}

/** The saved source, or it with these changes (a new password, a pin, edited settings), without saving. */
export async function testSavedSource(id: string, request: TestSavedSource = {}): Promise<SourceTestResult> {
  return SourceTestResultSchema.parse(await api.post(`${one(id)}/test`, request));
}

/** A new password, settings or pin; the service tries a source that needed attention again at once. */
export async function updateSource(id: string, update: UpdateSource): Promise<Source> {
  return SourceResponseSchema.parse(await api.patch(one(id), update)).source;
}
