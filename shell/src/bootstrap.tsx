import '@trove/kit/tokens.css';
import { type AppConfig, applyInitialTheme, fetchAppConfig, KitProviders } from '@trove/kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { StartupError } from './app/pages/startup-error';
import { fetchRemotesConfig, registerAllRemotes } from './app/remotes/remote-registry';
import { routes } from './app/routes';

async function start(): Promise<void> {
  applyInitialTheme();
  const root = createRoot(document.getElementById('root') ?? document.body);

  // Both files are runtime config, fetched in parallel with no-store (docs/decisions/001).
  const [appConfig, remotesConfig] = await Promise.allSettled([fetchAppConfig(), fetchRemotesConfig()]);

  if (remotesConfig.status === 'fulfilled') {
    registerAllRemotes(remotesConfig.value);
  } else {
    // Not fatal: each remote mount shows its error with Retry, and Retry reads the map again.
    console.warn('[trove] could not read the remotes map', remotesConfig.reason);
  }

  if (appConfig.status === 'rejected') {
    console.error('[trove] could not read the public settings', appConfig.reason);
    root.render(<StartupError />);
    return;
  }

  const config: AppConfig = appConfig.value;
  document.title = config.name;
  const router = createBrowserRouter(routes);
  root.render(
    <StrictMode>
      <KitProviders config={config}>
        <RouterProvider router={router} />
      </KitProviders>
    </StrictMode>,
  );
}

void start();
