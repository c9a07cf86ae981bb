import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PublicLayout } from './chrome/public-layout';
import { AuthIndexRedirect } from './guards/auth-index-redirect';
import { GuestOnly } from './guards/guest-only';
import { RequireSession } from './guards/require-session';
import { ContactPage } from './pages/contact-page';
import { NotFoundPage } from './pages/not-found-page';
import { PageShown } from './prerender/handoff';
import { RemoteMount } from './remotes/remote-mount';

/**
 * The signed-in area's chrome and pages are never on the landing page, so they load on first use
 * instead of with every start (issue 8: the JS budget for `/`). Navigations are transitions, so the
 * current page stays until the next one is ready. A page takes over from its prerendered copy
 * (docs/decisions/055) once it has rendered — unless what it holds is still to come: a layout's page,
 * or a remote, whose mount takes over when it has rendered.
 */
function page(load: () => Promise<ComponentType>, { takesOver = true } = {}) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={null}>
      <Page />
      {takesOver ? <PageShown /> : null}
    </Suspense>
  );
}

/** A page of the shell's own, shown in place of its prerendered copy as soon as it renders. */
function shown(element: ReactElement) {
  return (
    <>
      {element}
      <PageShown />
    </>
  );
}

const appLayout = page(async () => (await import('./chrome/app-layout')).AppLayout, { takesOver: false });
const chatsPage = page(async () => (await import('./pages/chats-page')).ChatsPage, { takesOver: false });
const integrationsPage = page(async () => (await import('./pages/integrations-page')).IntegrationsPage, {
  takesOver: false,
});
const playgroundPage = page(async () => (await import('./pages/playground-page')).PlaygroundPage);

/**
 * docs/product/shell.md#routes. Public pages sit in the public header's layout; the signed-in area in the rail and top
 * bar. Each remote route keys its mount by remote name so a failure in one never leaks into another.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        index: true,
        element: <RemoteMount key="marketing" remote="marketing" expose="LandingPage" what="the home page" />,
      },
      { path: 'auth', element: <AuthIndexRedirect /> },
      {
        // docs/product/shell.md#guards: guests only; a signed-in user goes to /chats (or back where they came from).
        element: <GuestOnly />,
        children: ['auth/login', 'auth/register'].map((path) => ({
          path,
          element: <RemoteMount key="auth" remote="auth" expose="AuthPage" what="sign-in" />,
        })),
      },
      { path: 'contact', element: shown(<ContactPage />) },
      { path: '*', element: shown(<NotFoundPage />) },
    ],
  },
  {
    element: appLayout,
    children: [
      { path: 'integrations', element: integrationsPage },
      { path: 'playground', element: playgroundPage },
      {
        // docs/product/shell.md#routes, docs/product/shell.md#roles: signed-in only.
        element: <RequireSession />,
        children: [
          // Issue 11: a thread's URL is /chats/:chatId, so it survives a reload.
          { path: 'chats/*', element: chatsPage },
          {
            path: 'connections',
            element: (
              <RemoteMount key="connectors" remote="connectors" expose="ConnectionsPage" what="Connections" />
            ),
          },
          {
            // Issue 10: its own key, so leaving /connections for /uploads mounts the other module.
            path: 'uploads',
            element: (
              <RemoteMount
                key="connectors-uploads"
                remote="connectors"
                expose="UploadsPage"
                what="your uploads"
              />
            ),
          },
          {
            // Issue 40: the list, /workflows/new?tpl=… and /workflows/:id, all in one exposed page.
            path: 'workflows/*',
            element: (
              <RemoteMount
                key="connectors-workflows"
                remote="connectors"
                expose="WorkflowsPage"
                what="your workflows"
              />
            ),
          },
          {
            // Issue 38 item 2: search as a page of its own; the query, filters and page live in the URL.
            path: 'search',
            element: (
              <RemoteMount key="connectors-search" remote="connectors" expose="SearchPage" what="search" />
            ),
          },
          {
            // Issue 38 item 1: /documents/:id#passage-<id>, where results, citations and shipped answers lead.
            path: 'documents/:id',
            element: (
              <RemoteMount
                key="connectors-document"
                remote="connectors"
                expose="DocumentPage"
                what="this document"
              />
            ),
          },
          {
            path: 'profile',
            element: <RemoteMount key="profile" remote="profile" expose="ProfilePage" what="your profile" />,
          },
        ],
      },
    ],
  },
];
