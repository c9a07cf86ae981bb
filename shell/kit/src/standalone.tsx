import './tokens.css';
// Through the package name, not relative paths: that is the Module Federation shared singleton, the
// same kit instance the page itself imports. A relative import would make a second copy with its own
// React contexts.
import { applyInitialTheme, fetchAppConfig, KitProviders } from '@trove/kit';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';

/**
 * A remote's standalone development page: its exposed page with the same kit providers and tokens the
 * shell gives it, on every path (so /auth/login and /auth/register both work on the auth dev server).
 */
export async function renderStandalone(Page: ComponentType): Promise<void> {
  applyInitialTheme();
  const config = await fetchAppConfig();
  document.title = `${config.name} (standalone)`;
  createRoot(document.getElementById('root') ?? document.body).render(
    <StrictMode>
      <KitProviders config={config}>
        <BrowserRouter>
          <Routes>
            <Route path="*" element={<Page />} />
          </Routes>
        </BrowserRouter>
      </KitProviders>
    </StrictMode>,
  );
}
