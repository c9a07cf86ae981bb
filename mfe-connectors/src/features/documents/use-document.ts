import { ApiError, userMessage } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
import { useEffect, useState } from 'react';
import { fetchDocument } from './documents-api';
import { passageFromHash } from './document-sections';

/** The passage the URL's fragment names, following the fragment as it changes (a link on the same page). */
export function usePassageInHash(): string | null {
  const [passage, setPassage] = useState(() => passageFromHash(window.location.hash));
  useEffect(() => {
    const follow = () => setPassage(passageFromHash(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return passage;
}

/**
 * GET /api/v1/documents/:id for the page: read once per document, with the passage the page opened at (a long
 * document is read around it). A passage picked later on the same page is already on it.
 */
export function useDocument(id: string, passageId: string | null) {
  const [openedAt] = useState(passageId);
  const loaded = useServerState((signal) => fetchDocument(id, openedAt, signal), [id, openedAt]);
  return {
    document: loaded.data,
    error: loaded.status === 'error' ? userMessage(loaded.error, 'This document could not be opened.') : null,
    notFound: loaded.status === 'error' && loaded.error instanceof ApiError && loaded.error.status === 404,
    reload: () => void loaded.refetch(),
  };
}
