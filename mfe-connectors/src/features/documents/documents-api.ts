import { API_PATHS, type DocumentView, DocumentViewSchema } from '@trove/contracts';
import { api } from '@trove/kit';

// Issue 38 item 1: the document page's one call, through the kit's fetch wrapper, read with the contracts' schema.

/** The user's document; opened at `passageId` when given, so a long document is read around it. */
export async function fetchDocument(
  id: string,
  passageId: string | null,
  signal?: AbortSignal,
): Promise<DocumentView> {
  const query = passageId === null ? '' : `?${new URLSearchParams({ passage: passageId })}`;
  return DocumentViewSchema.parse(
    await api.get(`${API_PATHS.documents}/${encodeURIComponent(id)}${query}`, { signal, cache: 'no-store' }),
  );
}
