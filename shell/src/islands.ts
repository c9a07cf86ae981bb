// The drawn landing page's islands (docs/decisions/190), behind index.ts's async boundary: each element
// marked `data-island="<name>"` in the drawn copy gets a React root of its own, rendered from the
// marketing remote's Islands module. Only React DOM and the remote's island code load — no router, no kit,
// no app — so the idle page runs a few short tasks instead of rendering the whole landing page.
//
// The islands live only as long as the drawn copy: when the app takes the page over (handoff.ts sends
// trove:prerender-gone) they are unmounted, the app's own page showing the same parts in their place —
// unless the app kept the drawn part because its own page failed (remote-failure.tsx).
import { type ComponentType, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
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

const roots: Array<{ root: Root; place: HTMLElement }> = [];

async function mountIslands(): Promise<void> {
  const places = Array.from(document.querySelectorAll<HTMLElement>(`${COPY} [data-island]`));
  if (places.length === 0) return;
  const requests = startupRequests();
  const [appConfig, remotesConfig] = await Promise.all([requests.appConfig, requests.remotes]);
  if (!appConfig.ok || !remotesConfig.ok) return;
  const props = islandProps(appConfig.value);
  if (!props) return;
  registerAllRemotes(parseRemotesConfig(remotesConfig.value));
  const islands = readIslands(await loadExposedModule('marketing', 'Islands'));
  for (const place of places) {
    const island = islands?.[place.dataset.island ?? ''];
    // The app may have taken over while the code arrived; a part with no island stays as it was drawn.
    if (!island || !place.isConnected) continue;
    const root = createRoot(place);
    root.render(createElement(island, props));
    roots.push({ root, place });
    // One island a task: each is a short task of its own, never one long one.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

document.addEventListener(
  'trove:prerender-gone',
  // After the app's commit that removed the copy, never inside it. An island the app kept on the page (its
  // remote's page failed and the drawn part stayed, docs/product/shell.md#remote-failure) goes on moving.
  () =>
    setTimeout(() => {
      for (const { root, place } of roots.splice(0)) if (!place.isConnected) root.unmount();
    }, 0),
  { once: true },
);

// An island that fails keeps its drawn markup, which reads the same: nothing to show the visitor.
mountIslands().catch((error: unknown) =>
  console.warn('[trove] the landing page islands did not start', error),
);
