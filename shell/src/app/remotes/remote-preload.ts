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

/** A link to `path` may be followed: its remote page starts loading now. Never throws. */
export function preloadRoute(path: string): void {
  const page = Object.entries(ROUTE_REMOTE_PAGES).find(
    ([route]) => path === route || path.startsWith(`${route}/`),
  )?.[1];
  if (!page) return;
  loadRemotePage(page.remote, page.expose).catch(() => undefined);
}
