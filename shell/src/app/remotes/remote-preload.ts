import type { ComponentType } from 'react';
import { type ExposedComponentModule, loadExposedComponent } from './remote-registry';

/**
 * The remote page each signed-in route of the rail mounts (routes.tsx mounts the same ones): what a press on
 * its link will need, loaded before the press lands (issue 41: a route change painted within 150 ms at CPU
 * ×4, docs/decisions/210).
 */
export const ROUTE_REMOTE_PAGES: Readonly<Record<string, { remote: string; expose: string }>> = {
  '/chats': { remote: 'chat', expose: 'ChatsPage' },
  '/search': { remote: 'connectors', expose: 'SearchPage' },
  '/workflows': { remote: 'connectors', expose: 'WorkflowsPage' },
  '/connections': { remote: 'connectors', expose: 'ConnectionsPage' },
  '/uploads': { remote: 'connectors', expose: 'UploadsPage' },
  '/profile': { remote: 'profile', expose: 'ProfilePage' },
};

const key = (remote: string, expose: string) => `${remote}/${expose}`;
const pending = new Map<string, Promise<ExposedComponentModule>>();
const loaded = new Map<string, ComponentType>();

/**
 * Loads a remote's exposed page once for the visit, whoever asks first — the mount, or a preload on a
 * link's hover, focus or press. A failed load is forgotten, so the mount's own attempt (and its Retry)
 * decide what the person sees.
 */
export function loadRemotePage(remote: string, expose: string): Promise<ExposedComponentModule> {
  const id = key(remote, expose);
  let load = pending.get(id);
  if (!load) {
    load = loadExposedComponent(remote, expose).then((module) => {
      loaded.set(id, module.default);
      return module;
    });
    load.catch(() => pending.delete(id));
    pending.set(id, load);
  }
  return load;
}

/** The page's component if it has arrived already: the mount renders it at once, with no suspending. */
export function loadedRemotePage(remote: string, expose: string): ComponentType | undefined {
  return loaded.get(key(remote, expose));
}

const remotePageOf = (path: string) =>
  Object.entries(ROUTE_REMOTE_PAGES).find(([route]) => path === route || path.startsWith(`${route}/`))?.[1];

/** Whether `path`'s remote page has arrived: following a link to it renders the page with no wait. */
export function routePageLoaded(path: string): boolean {
  const page = remotePageOf(path);
  return page !== undefined && loadedRemotePage(page.remote, page.expose) !== undefined;
}

/** A link to `path` may be followed: its remote page starts loading now. Never throws. */
export function preloadRoute(path: string): void {
  const page = remotePageOf(path);
  if (!page) return;
  loadRemotePage(page.remote, page.expose).catch(() => undefined);
}

/**
 * Once the signed-in shell is idle, the pages its rail leads to load one by one, each in an idle moment of
 * its own: a press on the rail then renders the page at once instead of fetching a manifest, an entry and
 * five chunks first. Their evaluation is a few milliseconds each (V8 compiles functions when first called).
 * Returns a function that stops what has not started yet.
 */
export function preloadRoutesWhenIdle(paths: readonly string[]): () => void {
  let stopped = false;
  let idle: number | undefined;
  const later = (next: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(next, { timeout: 5000 })
      : window.setTimeout(next, 1000);
  const step = (index: number) => {
    const path = paths[index];
    if (stopped || path === undefined) return;
    idle = later(() => {
      preloadRoute(path);
      step(index + 1);
    });
  };
  step(0);
  return () => {
    stopped = true;
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
