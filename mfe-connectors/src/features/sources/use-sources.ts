import type { Source } from '@trove/contracts';
import { useToasts } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
import { useCallback, useEffect, useState } from 'react';
import type { ServiceAction } from './source-card';
import { isMoving } from './source-status';
import { listSources, removeSource, setSourcePaused, syncSource } from './sources-api';

/** Issue 21: a sync's progress is live; every 2 s reads "n of N" often enough without a stream. */
export const SOURCES_POLL_MS = 2000;
/** Relative times ("5 min ago") move on by themselves. */
const CLOCK_MS = 30_000;

/**
 * The user's sources, polled while one is syncing or about to, with the card's actions. Each action's
 * answer replaces the source at once (so "Sync now" starts the polling); Remove leaves at once and comes
 * back if the service says no.
 */
export function useSources() {
  const sources = useServerState(listSources, []);
  const { data, setData, refetch } = sources;
  const toasts = useToasts();
  const [busy, setBusy] = useState<ReadonlyMap<string, ServiceAction>>(new Map());
  const [now, setNow] = useState(() => Date.now());

  // Read against the page's clock, so a scheduled sync that falls due starts the polling too.
  const moving = data?.some((source) => isMoving(source.status, now)) ?? false;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void refetch({ cancelRefetch: false }), SOURCES_POLL_MS);
    return () => clearInterval(timer);
  }, [moving, refetch]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), moving ? SOURCES_POLL_MS : CLOCK_MS);
    return () => clearInterval(timer);
  }, [moving]);

  const replace = useCallback(
    (next: Source) =>
      setData((list) => {
        const others = (list ?? []).filter((source) => source.id !== next.id);
        const at = (list ?? []).findIndex((source) => source.id === next.id);
        return at === -1 ? [...others, next] : [...others.slice(0, at), next, ...others.slice(at)];
      }),
    [setData],
  );

  const act = useCallback(
    async (source: Source, action: ServiceAction) => {
      setBusy((current) => new Map(current).set(source.id, action));
      try {
        if (action === 'remove') {
          setData((list) => list?.filter((each) => each.id !== source.id));
          await removeSource(source.id);
          toasts.show({
            type: 'success',
            // The service removes its documents in the background (a job): out of search within a minute.
            message: `${source.name} was removed; what it brought in leaves search within a minute.`,
          });
        } else if (action === 'sync') {
          replace(await syncSource(source.id));
        } else {
          replace(await setSourcePaused(source.id, action === 'pause'));
        }
      } catch (error) {
        if (action === 'remove') replace(source);
        const what = { remove: 'remove', sync: 'start a sync of', pause: 'pause', resume: 'resume' }[action];
        toasts.show({
          type: 'error',
          message: `Could not ${what} ${source.name}: ${error instanceof Error ? error.message : 'try again'}.`,
        });
      } finally {
        setBusy((current) => {
          const next = new Map(current);
          next.delete(source.id);
          return next;
        });
      }
    },
    [replace, setData, toasts],
  );

  return {
    status: sources.status,
    sources: data ?? null,
    error: sources.error,
    fetching: sources.fetching,
    retry: () => void refetch(),
    now,
    busy,
    add: replace,
    act,
  };
}

export type SourcesState = ReturnType<typeof useSources>;
