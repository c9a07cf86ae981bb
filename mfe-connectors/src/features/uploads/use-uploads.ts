import type { UploadedDocument } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { checkFiles } from './upload-checks';
import { deleteUpload, listUploads, sendFile } from './uploads-api';
import { finishedSince, needsPolling, nextToStart, queueReducer, type UploadItem } from './upload-queue';

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
  /** null while the first answer is on its way. */
  documents: UploadedDocument[] | null;
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
  const [documents, setDocuments] = useState<UploadedDocument[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [items, dispatch] = useReducer(queueReducer, []);
  const [announcement, setAnnouncement] = useState('');
  const files = useRef(new Map<string, File>());
  const started = useRef(new Set<string>());
  const deleting = useRef(new Set<string>());
  const nextKey = useRef(0);
  const inFlight = useRef(false);
  const visible = usePageVisible();

  const refresh = useCallback(async () => {
    // One list request at a time: a slow answer must not be overtaken by an older one.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // A document being deleted stays out even if this answer was read before the delete landed.
      const fresh = (await listUploads()).filter((document) => !deleting.current.has(document.id));
      setLoadError(null);
      setDocuments((previous) => {
        const news = finishedSince(previous ?? [], fresh);
        if (news.length > 0) setAnnouncement(news.join(' '));
        return fresh;
      });
    } catch (error) {
      setLoadError(userMessage(error, 'Your uploads could not be loaded.'));
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Poll while something is moving and the page is seen; a hidden tab asks nothing (issue 10: live).
  const polling = documents !== null && visible && needsPolling(items, documents);
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

  const start = useCallback((key: string) => {
    const file = files.current.get(key);
    if (file === undefined || started.current.has(key)) return;
    started.current.add(key);
    dispatch({ type: 'start', key });
    sendFile(file, ({ loaded, total }) => dispatch({ type: 'progress', key, loaded, total }))
      .then((document) => {
        files.current.delete(key);
        dispatch({ type: 'sent', key, documentId: document.id });
        setDocuments((current) =>
          current === null || current.some((known) => known.id === document.id)
            ? current
            : [document, ...current],
        );
      })
      .catch((error: unknown) => {
        started.current.delete(key);
        const reason = userMessage(error, 'The upload did not finish.');
        dispatch({ type: 'failed', key, error: reason });
        setAnnouncement(`${file.name} was not uploaded: ${reason}`);
      });
  }, []);

  useEffect(() => {
    for (const key of nextToStart(items)) start(key);
  }, [items, start]);

  const addFiles = useCallback((chosen: readonly File[]) => {
    if (chosen.length === 0) return;
    const { accepted, rejected } = checkFiles(chosen);
    const keyed = <T extends { file: File }>(entry: T) => ({ ...entry, key: `u${nextKey.current++}` });
    const acceptedKeyed = accepted.map(keyed);
    for (const entry of acceptedKeyed) files.current.set(entry.key, entry.file);
    dispatch({
      type: 'add',
      accepted: acceptedKeyed.map(({ key, file, kind }) => ({ key, name: file.name, size: file.size, kind })),
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
  }, []);

  const remove = useCallback(async (document: UploadedDocument) => {
    // A second confirm (a double click while the popup fades) must not send a second DELETE, whose 404
    // would put the document back.
    if (deleting.current.has(document.id)) return;
    deleting.current.add(document.id);
    let position = -1;
    setDocuments((current) => {
      position = current?.findIndex((known) => known.id === document.id) ?? -1;
      return current?.filter((known) => known.id !== document.id) ?? current;
    });
    dispatch({ type: 'forget-documents', ids: [document.id] });
    try {
      await deleteUpload(document.id);
      setAnnouncement(`${document.name} deleted.`);
    } catch (error) {
      // Put it back where it was: the service still has it.
      setDocuments((current) => {
        if (current === null || current.some((known) => known.id === document.id)) return current;
        const at = position < 0 ? 0 : Math.min(position, current.length);
        return [...current.slice(0, at), document, ...current.slice(at)];
      });
      throw new Error(userMessage(error, `${document.name} could not be deleted; it is still there.`));
    } finally {
      deleting.current.delete(document.id);
    }
  }, []);

  return {
    documents,
    loadError,
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
