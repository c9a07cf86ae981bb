// @trove/kit/server-state — one way for a page to read from a service (issue 20, docs/decisions/044). A
// subpath, not the kit's index: the index is the Module Federation singleton every page loads first, so
// this stays off `/` (ADR 008). It holds no state shared across apps (each component owns its read), so
// the copy each front-end bundles is harmless, like @trove/kit/ui and @trove/kit/icons (ADRs 041, 018).
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

/**
 * - `idle`: nothing to read (`load` is null);
 * - `loading`: no answer yet for these deps;
 * - `ready`: `data` holds an answer (a later read that fails keeps it, and sets `error`);
 * - `error`: the read failed and there is no answer to show. It stays `error` while a refetch is under way
 *   (`fetching`), so a page chooses whether a retry shows its error or its loading state.
 */
export type ServerStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Reads once. The signal is aborted when the deps change, on unmount, and when a refetch replaces it. */
export type ServerLoad<A> = (signal: AbortSignal) => Promise<A>;

export interface ServerStateOptions<T, A> {
  /**
   * Data already known for these deps (read when they change): shown as `ready`, and no read starts
   * until a refetch (a chat created a moment ago is known to be empty).
   */
  initialData?: T;
  /**
   * While the first read for new deps is under way, `data` stays the last deps' answer, so what is on
   * screen (and the focus in it) stays until the new answer replaces it. If that read fails, it goes.
   */
  keepPreviousData?: boolean;
  /**
   * How an answer becomes the data; by default it replaces it. `current` is the data as it is when the
   * answer arrives (with every `setData` since the read began), undefined before the first answer.
   */
  merge?: (current: T | undefined, answer: A) => T;
}

export interface RefetchOptions {
  /**
   * true (the default): a read already under way is aborted and a new one starts — the data changed,
   * read it again. false: join the read under way instead (a poll, which must not starve a slow answer).
   */
  cancelRefetch?: boolean;
}

export interface ServerState<T, S extends ServerStatus = ServerStatus> {
  status: S;
  data: T | undefined;
  /** Why the last read failed; null after an answer (and before any read ends). */
  error: unknown;
  /** A read is under way (the first one or a refetch). */
  fetching: boolean;
  /** Reads again with the latest `load`; resolves once that read has ended (never rejects). */
  refetch: (options?: RefetchOptions) => Promise<void>;
  /**
   * Changes what is shown without a read: a write's answer, an optimistic change, a page appended. An
   * updater that returns its argument changes nothing. `status` stays as it is; ignored after unmount.
   */
  setData: (next: T | ((current: T | undefined) => T | undefined)) => void;
}

interface Snapshot<T> {
  /** The deps this snapshot belongs to; a new array means new deps. */
  deps: DependencyList;
  /** Made anew for each deps: the effect that starts (and aborts) their read is keyed on it. */
  start: { read: boolean };
  status: ServerStatus;
  data: T | undefined;
  /** `data` is the previous deps' answer, kept on screen by `keepPreviousData`. */
  placeholder: boolean;
  error: unknown;
  fetching: boolean;
}

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

function snapshotFor<T>(
  deps: DependencyList,
  canRead: boolean,
  initialData: T | undefined,
  previous: T | undefined,
): Snapshot<T> {
  const common = { deps, error: null };
  if (initialData !== undefined)
    return {
      ...common,
      start: { read: false },
      status: 'ready',
      data: initialData,
      placeholder: false,
      fetching: false,
    };
  if (!canRead)
    return {
      ...common,
      start: { read: false },
      status: 'idle',
      data: undefined,
      placeholder: false,
      fetching: false,
    };
  return {
    ...common,
    start: { read: true },
    status: 'loading',
    data: previous,
    placeholder: previous !== undefined,
    fetching: true,
  };
}

/**
 * Server state for one component: reads with `load` on mount and whenever `deps` change (as an effect's
 * deps: every value `load` uses), aborting the read it replaces, and never updates state after a read
 * was aborted or the component unmounted. `load` null means there is nothing to read (`idle`).
 */
export function useServerState<A, T = A>(
  load: ServerLoad<A>,
  deps: DependencyList,
  options?: ServerStateOptions<T, A>,
): ServerState<T, Exclude<ServerStatus, 'idle'>>;
export function useServerState<A, T = A>(
  load: ServerLoad<A> | null,
  deps: DependencyList,
  options?: ServerStateOptions<T, A>,
): ServerState<T>;
export function useServerState<A, T = A>(
  load: ServerLoad<A> | null,
  deps: DependencyList,
  options: ServerStateOptions<T, A> = {},
): ServerState<T> {
  const [snapshot, setSnapshot] = useState<Snapshot<T>>(() =>
    snapshotFor<T>(deps, load !== null, options.initialData, undefined),
  );
  let current = snapshot;
  // New deps start afresh in this very render (React's "adjusting state when a prop changes"), so the
  // previous deps' answer is never shown under the new ones (unless `keepPreviousData` asks for it).
  if (!sameDeps(snapshot.deps, deps)) {
    const previous = options.keepPreviousData && snapshot.status === 'ready' ? snapshot.data : undefined;
    current = snapshotFor(deps, load !== null, options.initialData, previous);
    setSnapshot(current);
  }

  // The latest load and options, for reads started after this render (a refetch, a poll).
  const latest = useRef({ load, options, start: current.start });
  latest.current = { load, options, start: current.start };
  const inFlight = useRef<{ controller: AbortController; done: Promise<void> } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const read = useCallback((): Promise<void> => {
    const { load, start } = latest.current;
    if (load === null) return Promise.resolve();
    inFlight.current?.controller.abort();
    const controller = new AbortController();
    const { signal } = controller;
    // Only the read of the deps it was started for may answer (the abort comes after the commit).
    const settle = (update: (snapshot: Snapshot<T>) => Snapshot<T>) => {
      if (!signal.aborted && mounted.current)
        setSnapshot((snapshot) => (snapshot.start === start ? update(snapshot) : snapshot));
    };
    setSnapshot((snapshot) =>
      snapshot.start === start && !snapshot.fetching ? { ...snapshot, fetching: true } : snapshot,
    );
    const done = new Promise<A>((resolve) => resolve(load(signal)))
      .then(
        (answer) =>
          settle((snapshot) => {
            const merge = latest.current.options.merge;
            const known = snapshot.placeholder ? undefined : snapshot.data;
            return {
              ...snapshot,
              status: 'ready',
              // Without merge, A is T (the overloads' default), so the answer is the data.
              data: merge ? merge(known, answer) : (answer as unknown as T),
              placeholder: false,
              error: null,
              fetching: false,
            };
          }),
        (failure: unknown) =>
          settle((snapshot) => ({
            ...snapshot,
            status: snapshot.status === 'ready' ? 'ready' : 'error',
            data: snapshot.placeholder ? undefined : snapshot.data,
            placeholder: false,
            // A rejection without a reason still reads as a failure.
            error: failure ?? new Error('The read failed without a reason'),
            fetching: false,
          })),
      )
      .finally(() => {
        if (inFlight.current?.controller === controller) inFlight.current = null;
      });
    inFlight.current = { controller, done };
    return done;
  }, []);

  const start = current.start;
  useEffect(() => {
    if (start.read) void read();
    // New deps or unmount: whatever read is under way (this one or a refetch's) is no longer wanted.
    return () => {
      inFlight.current?.controller.abort();
      inFlight.current = null;
    };
  }, [start, read]);

  const refetch = useCallback(
    (refetchOptions?: RefetchOptions): Promise<void> => {
      const running = inFlight.current;
      if (running !== null && refetchOptions?.cancelRefetch === false) return running.done;
      return read();
    },
    [read],
  );

  const setData = useCallback((next: T | ((current: T | undefined) => T | undefined)) => {
    if (!mounted.current) return;
    setSnapshot((snapshot) => {
      const data =
        typeof next === 'function'
          ? (next as (current: T | undefined) => T | undefined)(snapshot.data)
          : next;
      return Object.is(data, snapshot.data) ? snapshot : { ...snapshot, data };
    });
  }, []);

  return {
    status: current.status,
    data: current.data,
    error: current.error,
    fetching: current.fetching,
    refetch,
    setData,
  };
}

// The pages after the first ("Load more"), read the one way every list reads them.
export { type NextPage, type NextPageOptions, useNextPage } from './next-page';
