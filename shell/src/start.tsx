import '@trove/kit/tokens.css';
import {
  type AppConfig,
  applyInitialTheme,
  KitProviders,
  parseAppConfig,
  provideExposedModuleLoader,
} from '@trove/kit';
import { parseWithoutEval } from '@trove/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// react-router/dom's RouterProvider hands ReactDOM.flushSync to the router: a navigation asked with `flushSync`
// (the search box's, docs/decisions/221) renders at once instead of as a transition.
import { RouterProvider } from 'react-router/dom';
import { StartupError } from './app/pages/startup-error';
import { handOffPrerenderedPage, hasPrerenderedPage } from './app/prerender/handoff';
import { loadExposedModule, parseRemotesConfig, registerAllRemotes } from './app/remotes/remote-registry';
import { routes } from './app/routes';
import { startupRequests } from './app/startup-requests';

// The site's CSP allows no eval: the shell's zod parses without compiling (contracts' parseWithoutEval).
parseWithoutEval();

/** Reads the runtime config, registers the remotes and renders the app (after bootstrap's stages). */
export async function start(): Promise<void> {
  applyInitialTheme();
  const root = createRoot(document.getElementById('root') ?? document.body);

  // Both files are runtime config, requested by the entry chunk already (startup-requests.ts).
  const requests = startupRequests();
  const [appConfig, remotesConfig] = await Promise.all([requests.appConfig, requests.remotes]);

  // Remotes load each other's exposed modules through the kit (the landing tabs mount the connectors
  // catalogs), never through the federation runtime's globals.
  provideExposedModuleLoader(loadExposedModule);
  try {
    if (!remotesConfig.ok) throw remotesConfig.error;
    registerAllRemotes(parseRemotesConfig(remotesConfig.value));
  } catch (error) {
    // Not fatal: each remote mount shows its error with Retry, and Retry reads the map again.
    console.warn('[trove] could not read the remotes map', error);
  }

  let config: AppConfig;
  try {
    if (!appConfig.ok) throw appConfig.error;
    config = parseAppConfig(appConfig.value);
  } catch (error) {
    console.error('[trove] could not read the public settings', error);
    root.render(<StartupError />);
    return;
  }

  // A prerendered page came with its own title (docs/decisions/049); the plain page names the product.
  if (!hasPrerenderedPage()) document.title = config.name;
  // A task boundary: creating the router matches every route pattern (regular expressions compiled on
  // first use), which adds up to a long task with the work above on a slow phone.
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  const router = createBrowserRouter(routes);
  // A prerendered page is taken over when the app's page has rendered (PageShown); if the app moves
  // elsewhere first (a guard's redirect), the copy is not that page, and goes at once.
  const served = window.location.pathname;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === served) return;
    unsubscribe();
    handOffPrerenderedPage();
  });
  // A transition: React builds the first screen in slices that give the main thread back every few
  // milliseconds, instead of one long task that would block input (issue 8's TBT budget). On `/` the
  // prerendered page is on screen meanwhile (docs/decisions/008).
  startTransition(() => {
    root.render(
      <StrictMode>
        <KitProviders config={config}>
          <RouterProvider router={router} />
        </KitProviders>
      </StrictMode>,
    );
  });
}
