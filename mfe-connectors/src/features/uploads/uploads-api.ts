import {
  API_PATHS,
  SearchResponseSchema,
  type SearchResponse,
  type UploadedDocument,
  type UploadsListResponse,
  UploadsListResponseSchema,
  UploadsResponseSchema,
} from '@trove/contracts';
import { api, type UploadProgress, upload } from '@trove/kit';
import { type SearchRequest, searchParams } from './search-filters';

// Issue 10: the calls of the Uploads page, through the kit's one fetch wrapper, answers read with the
// contracts' schemas (services/search, docs/decisions/010).

const UPLOADS = API_PATHS.uploads;

/** One page of the user's documents, newest first: the first without a cursor, then each next_cursor. */
export async function listUploads(
  page: { limit?: number; cursor?: string } = {},
  signal?: AbortSignal,
): Promise<UploadsListResponse> {
  const query = new URLSearchParams();
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.cursor !== undefined) query.set('cursor', page.cursor);
  const url = query.size === 0 ? UPLOADS : `${UPLOADS}?${query}`;
  return UploadsListResponseSchema.parse(await api.get(url, { signal, cache: 'no-store' }));
}

/**
 * One file a request (docs/decisions/013): each gets its own progress bar and its own answer, so a file
 * the service refuses never takes the rest of the batch with it.
 */
export async function sendFile(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadedDocument> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { documents } = UploadsResponseSchema.parse(await upload(UPLOADS, form, { onProgress, signal }));
  const document = documents[0];
  if (document === undefined) throw new Error('The service accepted the upload but returned no document');
  return document;
}

export async function deleteUpload(id: string): Promise<void> {
  await api.delete(`${UPLOADS}/${encodeURIComponent(id)}`);
}

export const SEARCH_PAGE_SIZE = 10;

/** GET /api/v1/search: everything the user has, uploads, mail and databases alike (the /search page's). */
export async function searchUploads(
  request: SearchRequest,
  signal?: AbortSignal,
  limit = SEARCH_PAGE_SIZE,
): Promise<SearchResponse> {
  const query = searchParams(request, limit);
  return SearchResponseSchema.parse(
    await api.get(`${API_PATHS.search}?${query}`, { signal, cache: 'no-store' }),
  );
}
