import { useCallback, useEffect, useRef, useState } from 'react';

// "Load more" in one place (issue 44 item 4): the chat list, the uploads list and the uploads search each read
// the page after a cursor the same way. Part of @trove/kit/server-state: a list's first page comes from
// useServerState, the pages after it from here.

export interface NextPage<P> {
  /** True while the next page is on its way. */
  loadingMore: boolean;
  /** Why the last read failed, in the caller's words; cleared by the next try. */
  moreError: string | null;
  /**
   * Reads the page after the cursor and hands it to `apply`; resolves to it, or to null when there is no next
   * page, a read is already on its way (a second click does nothing), it failed, or `stop` dropped it.
   */
  loadMore: () => Promise<P | null>;
  /** Drops a read on its way (a new search, a cleared one) and its error. */
  stop: () => void;
}

export interface NextPageOptions<P> {
  /** The cursor of the list as now shown; null when it has no next page. */
  cursor: string | null;
  read: (cursor: string, signal: AbortSignal) => Promise<P>;
  /**
   * Puts the page into the list. `cursor` is the one it was read after: a list whose cursor has moved since
   * (a refresh that read it all) already has it.
   */
  apply: (page: P, cursor: string) => void;
  /** The message for a failed read (e.g. `userMessage(failure, 'More chats could not be loaded.')`). */
  describe: (failure: unknown) => string;
}

export function useNextPage<P>({ cursor, read, apply, describe }: NextPageOptions<P>): NextPage<P> {
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  // Read by loadMore, so it stays one function across pages.
  const latest = useRef({ cursor, read, apply, describe });
  latest.current = { cursor, read, apply, describe };
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const loadMore = useCallback(async (): Promise<P | null> => {
    const { cursor: after, read: readPage } = latest.current;
    if (after === null || inFlight.current !== null) return null;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await readPage(after, controller.signal);
      if (controller.signal.aborted) return null;
      latest.current.apply(page, after);
      return page;
    } catch (failure) {
      if (!controller.signal.aborted) setMoreError(latest.current.describe(failure));
      return null;
    } finally {
      // A stopped read has already handed its place to the next one.
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoadingMore(false);
      }
    }
  }, []);

  const stop = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setLoadingMore(false);
    setMoreError(null);
  }, []);

  return { loadingMore, moreError, loadMore, stop };
}
