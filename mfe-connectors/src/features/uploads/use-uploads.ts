import type { UploadedDocument, UploadsListResponse } from '@trove/contracts';
import { useAppConfig, userMessage } from '@trove/kit';
import { useNextPage, useServerState } from '@trove/kit/server-state';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { checkFiles } from './upload-checks';
import { deleteUpload, listUploads, sendFile } from './uploads-api';
import { finishedSince, needsPolling, nextToStart, queueReducer, type UploadItem } from './upload-queue';
import {
  countLine,
  pollLimit,
  pollReach,
  type UploadsList,
  withFirstPage,
  withNextPage,
} from './uploads-list';

/** Issue 10 "live": about once a second while anything is on its way or being read. */
export const POLL_MS = 1_000;

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || !document.hidden);
  useEffect(() => {
    const onChange = () => setVisible(!document.hidden);
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

export interface UploadsValue {
  /** The pages loaded so far, newest first; null while the first answer is on its way. */
  documents: UploadedDocument[] | null;
  /** Every document the user has, loaded or not. */
  total: number;
  /** Whether the user has connected a source: its documents can be searched here even with no upload. */
  hasSources: boolean;
  /** Whether "Show more" has a page to read. */
  hasMore: boolean;
  loadingMore: boolean;
  moreError: string | null;
  /** Appends the next page; resolves with the first document it added (for focus), or null. */
  loadMore: () => Promise<string | null>;
  loadError: string | null;
  items: UploadItem[];
  /** The latest status news, for the page's live region. */
  announcement: string;
  addFiles: (files: readonly File[]) => void;
  retry: (key: string) => void;
  dismiss: (key: string) => void;
  /** Takes the finished files (indexed, failed, refused) off the batch panel. */
  clearFinished: (keys: readonly string[]) => void;
  reload: () => void;
  /** Removes at once; puts it back and rejects if the service says no. */
  remove: (document: UploadedDocument) => Promise<void>;
}

export function useUploads(): UploadsValue {
  const { name: appName } = useAppConfig();
  // The list as last rendered, for the callbacks that must read it without being re-made on each change.
  const latest = useRef<UploadsList | null>(null);
  const [items, dispatch] = useReducer(queueReducer, []);
  const [announcement, setAnnouncement] = useState('');
  const files = useRef(new Map<string, File>());
  const started = useRef(new Set<string>());
  const deleting = useRef(new Set<string>());
  const nextKey = useRef(0);
  const visible = usePageVisible();
  const [hasSources, setHasSources] = useState(false);

  const uploads = useServerState(
    (signal) => {
      // Polling re-reads the first page only, long enough to hold what is still indexing
      // (uploads-list.ts says what a poll cannot see).
      const shown = latest.current?.documents;
      return listUploads(shown === undefined ? {} : { limit: pollLimit(shown) }, signal);
    },
    [],
    {
      merge: (previous: UploadsList | undefined, page: UploadsListResponse) => {
        // A document being deleted stays out even if this answer was read before the delete landed.
        const next = withFirstPage(previous ?? null, page, deleting.current);
        setHasSources(page.has_sources === true);
        const news = finishedSince(previous?.documents ?? [], next.documents);
        if (news.length > 0) setAnnouncement(news.join(' '));
        return next;
      },
    },
  );
  const { setData: setList, refetch } = uploads;
  const list = uploads.data ?? null;
  latest.current = list;
  // One list request at a time: a poll, a return to the tab or Try again joins the read under way, so a
  // slow answer is neither overtaken by an older one nor starved by the next tick.
  const refresh = useCallback(() => refetch({ cancelRefetch: false }), [refetch]);

  // Poll while something is moving and the page is seen; a hidden tab asks nothing (issue 10: live).
  // Only documents a poll can refresh count: one further down would keep it asking for nothing new.
  const documents = list?.documents ?? null;
  const polling = documents !== null && visible && needsPolling(items, pollReach(documents));
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [polling, refresh]);

  // Coming back to the tab catches up at once rather than at the next tick.
  useEffect(() => {
    if (visible) void refresh();
  }, [visible, refresh]);

  // Leaving the page stops the uploads under way; the browser asks first while any is still going.
  const sending = items.some((item) => item.phase === 'waiting' || item.phase === 'uploading');
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);

  const start = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (file === undefined || started.current.has(key)) return;
      started.current.add(key);
      dispatch({ type: 'start', key });
      sendFile(file, ({ loaded, total }) => dispatch({ type: 'progress', key, loaded, total }))
        .then((document) => {
          files.current.delete(key);
          dispatch({ type: 'sent', key, documentId: document.id });
          setList((current) =>
            current === undefined || current.documents.some((known) => known.id === document.id)
              ? current
              : { ...current, documents: [document, ...current.documents], total: current.total + 1 },
          );
        })
        .catch((error: unknown) => {
          started.current.delete(key);
          const reason = userMessage(error, 'The upload did not finish.');
          dispatch({ type: 'failed', key, error: reason });
          setAnnouncement(`${file.name} was not uploaded: ${reason}`);
        });
    },
    [setList],
  );

  useEffect(() => {
    for (const key of nextToStart(items)) start(key);
  }, [items, start]);

  const addFiles = useCallback(
    (chosen: readonly File[]) => {
      if (chosen.length === 0) return;
      const { accepted, rejected } = checkFiles(chosen, appName);
      const keyed = <T extends { file: File }>(entry: T) => ({ ...entry, key: `u${nextKey.current++}` });
      const acceptedKeyed = accepted.map(keyed);
      for (const entry of acceptedKeyed) files.current.set(entry.key, entry.file);
      dispatch({
        type: 'add',
        accepted: acceptedKeyed.map(({ key, file, kind }) => ({
          key,
          name: file.name,
          size: file.size,
          kind,
        })),
        rejected: rejected
          .map(keyed)
          .map(({ key, file, reason }) => ({ key, name: file.name, size: file.size, reason })),
      });
      const count = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;
      setAnnouncement(
        rejected.length === 0
          ? `Uploading ${count(accepted.length)}.`
          : `Uploading ${count(accepted.length)}; ${count(rejected.length)} not accepted.`,
      );
    },
    [appName],
  );

  const remove = useCallback(
    async (document: UploadedDocument) => {
      // A second confirm (a double click while the popup fades) must not send a second DELETE, whose 404
      // would put the document back.
      if (deleting.current.has(document.id)) return;
      deleting.current.add(document.id);
      let position = -1;
      setList((current) => {
        position = current?.documents.findIndex((known) => known.id === document.id) ?? -1;
        if (current === undefined || position < 0) return current;
        return {
          ...current,
          documents: current.documents.filter((known) => known.id !== document.id),
          total: Math.max(0, current.total - 1),
        };
      });
      dispatch({ type: 'forget-documents', ids: [document.id] });
      try {
        await deleteUpload(document.id);
        setAnnouncement(`${document.name} deleted.`);
      } catch (error) {
        // Put it back where it was: the service still has it.
        setList((current) => {
          if (current === undefined || current.documents.some((known) => known.id === document.id))
            return current;
          const at = position < 0 ? 0 : Math.min(position, current.documents.length);
          return {
            ...current,
            documents: [...current.documents.slice(0, at), document, ...current.documents.slice(at)],
            total: current.total + 1,
          };
        });
        throw new Error(userMessage(error, `${document.name} could not be deleted; it is still there.`));
      } finally {
        deleting.current.delete(document.id);
      }
    },
    [setList],
  );

  const nextPage = useNextPage({
    cursor: list?.nextCursor ?? null,
    read: (cursor, signal) => listUploads({ cursor }, signal),
    // A poll that found the whole list in one page while this one was on its way already has it all.
    apply: (page: UploadsListResponse, cursor) =>
      setList((current) =>
        current === undefined || current.nextCursor !== cursor
          ? current
          : withNextPage(current, page, deleting.current),
      ),
    describe: (error) => userMessage(error, 'More of your uploads could not be loaded.'),
  });
  const { loadingMore, moreError, loadMore: loadNextPage } = nextPage;
  const loadMore = useCallback(async (): Promise<string | null> => {
    const page = await loadNextPage();
    const shown = latest.current;
    if (page === null || shown === null) return null;
    const next = withNextPage(shown, page, deleting.current);
    // Heard after the click, since the count line itself is plain text and says nothing when it changes.
    setAnnouncement(`${countLine(next.documents.length, next.total)}.`);
    return next.documents[shown.documents.length]?.id ?? null;
  }, [loadNextPage]);

  return {
    documents,
    total: list?.total ?? 0,
    hasSources,
    hasMore: list !== null && list.nextCursor !== null,
    loadingMore,
    moreError,
    loadMore,
    loadError:
      uploads.error === null ? null : userMessage(uploads.error, 'Your uploads could not be loaded.'),
    items,
    announcement,
    addFiles,
    retry: useCallback((key: string) => dispatch({ type: 'retry', key }), []),
    dismiss: useCallback((key: string) => {
      files.current.delete(key);
      dispatch({ type: 'dismiss', key });
    }, []),
    clearFinished: useCallback((keys: readonly string[]) => {
      for (const key of keys) dispatch({ type: 'dismiss', key });
    }, []),
    reload: useCallback(() => void refresh(), [refresh]),
    remove,
  };
}
