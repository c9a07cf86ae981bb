// The drawn page's islands (docs/decisions/190, 222), behind index.ts's async boundary: each element
// marked `data-island="<name>"` in the drawn copy gets a React root of its own, rendered from a remote's
// Islands module — `<remote>/<name>` (`auth/form`, `connectors/catalog`), or a bare name for the marketing
// remote's (`hero-demo`). Only React DOM, the remote's island code and, for islands that use them, the
// kit's providers load — no router, no app — so the idle page runs a few short tasks instead of rendering
// the whole page.
//
// What the visitor did on the drawn part before its island ran carries over to its first commit
// (island-mount.tsx): an early click is never lost.
//
// The islands live only as long as the drawn copy: when the app takes the page over (handoff.ts sends
// trove:prerender-gone) they are unmounted, the app's own page showing the same parts in their place —
// unless the app kept the drawn part because its own page failed (remote-failure.tsx).
import { type ComponentType, createElement } from 'react';
import type { Root } from 'react-dom/client';
import { CONTROLS } from './app/prerender/carry-state';
import { appRequested, handPressToApp, mountIsland } from './app/prerender/island-mount';
import { loadExposedModule, parseRemotesConfig, registerAllRemotes } from './app/remotes/remote-registry';
import { startupRequests } from './app/startup-requests';

const COPY = 'div[data-prerendered]';

type IslandProps = { config: Record<string, unknown> };
type IslandComponents = Record<string, ComponentType<IslandProps>>;

function readIslands(loaded: unknown): IslandComponents | null {
  const islands =
    typeof loaded === 'object' && loaded !== null ? (loaded as { islands?: unknown }).islands : null;
  return typeof islands === 'object' && islands !== null ? (islands as IslandComponents) : null;
}

/** The public settings as fetched: each island reads the fields it shows with plain checks (no validation library). */
function islandProps(config: unknown): IslandProps | null {
  return typeof config === 'object' && config !== null ? { config: config as Record<string, unknown> } : null;
}

/** `auth/form` → the auth remote's `form`; a bare name is the marketing remote's (docs/decisions/190). */
export function islandAddress(name: string): { remote: string; island: string } {
  const slash = name.indexOf('/');
  return slash < 0
    ? { remote: 'marketing', island: name }
    : { remote: name.slice(0, slash), island: name.slice(slash + 1) };
}

const roots: Array<{ root: Root; place: HTMLElement }> = [];

/** One remote's Islands module, loaded once for every island of that remote on the page. */
const modules = new Map<string, Promise<IslandComponents | null>>();
function islandsOf(remote: string): Promise<IslandComponents | null> {
  let loaded = modules.get(remote);
  if (!loaded) {
    loaded = loadExposedModule(remote, 'Islands').then(readIslands);
    modules.set(remote, loaded);
  }
  return loaded;
}

async function mountIslands(): Promise<void> {
  const places = Array.from(document.querySelectorAll<HTMLElement>(`${COPY} [data-island]`));
  if (places.length === 0) return;
  const requests = startupRequests();
  const [appConfig, remotesConfig] = await Promise.all([requests.appConfig, requests.remotes]);
  if (!appConfig.ok || !remotesConfig.ok) return;
  const props = islandProps(appConfig.value);
  if (!props) return;
  registerAllRemotes(parseRemotesConfig(remotesConfig.value));
  let lost = false;
  for (const place of places) {
    const { remote, island: name } = islandAddress(place.dataset.island ?? '');
    if (appRequested()) {
      handPressToApp(place);
      continue;
    }
    const loaded = await islandsOf(remote).catch(() => null);
    // A part whose remote failed and that holds a control would not answer it (a dead press): the app
    // starts, and keeps the drawn part with Retry where a control was lost (docs/product/shell.md#remote-failure).
    if (!loaded && place.querySelector(CONTROLS)) lost = true;
    const island = loaded?.[name];
    // The app may have taken over while the code arrived; a part with no island stays as it was drawn.
    if (!island || !place.isConnected) continue;
    // The app was asked for meanwhile (a press on the account menu): the part stays drawn for it, with any
    // press held back for it — an island's first render beside the app's once broke the app's (docs/decisions/235).
    if (appRequested()) {
      handPressToApp(place);
      continue;
    }
    roots.push({ root: mountIsland(place, createElement(island, props)), place });
    // One island a task: each is a short task of its own, never one long one.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (lost) document.dispatchEvent(new Event('trove:start-now'));
}

document.addEventListener(
  'trove:prerender-gone',
  // After the app's commit that removed the copy, never inside it. An island the app kept on the page (its
  // remote's page failed and the drawn part stayed, docs/product/shell.md#remote-failure) goes on moving.
  () =>
    setTimeout(() => {
      for (const { root, place } of roots.splice(0)) {
        if (place.isConnected) continue;
        try {
          root.unmount();
        } catch {
          // Its nodes were moved elsewhere (a kept drawn part): nothing of it is on the page to clean.
        }
      }
    }, 0),
  { once: true },
);

// An island that fails keeps its drawn markup, which reads the same: nothing to show the visitor.
mountIslands().catch((error: unknown) => console.warn('[trove] the drawn page islands did not start', error));
