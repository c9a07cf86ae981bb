import type { RouteObject } from 'react-router';
import { AppLayout } from './chrome/app-layout';
import { PublicLayout } from './chrome/public-layout';
import { AuthIndexRedirect } from './guards/auth-index-redirect';
import { GuestOnly } from './guards/guest-only';
import { RequireSession } from './guards/require-session';
import { ChatsPage } from './pages/chats-page';
import { ContactPage } from './pages/contact-page';
import { IntegrationsPage } from './pages/integrations-page';
import { NotFoundPage } from './pages/not-found-page';
import { PlaygroundPage } from './pages/playground-page';
import { UploadsPage } from './pages/uploads-page';
import { RemoteMount } from './remotes/remote-mount';

/**
 * SPEC §2.1. Public pages sit in the public header's layout; the signed-in area in the rail and top
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
        // SPEC §2.1: guests only; a signed-in user goes to /chats (or back where they came from).
        element: <GuestOnly />,
        children: ['auth/login', 'auth/register'].map((path) => ({
          path,
          element: <RemoteMount key="auth" remote="auth" expose="AuthPage" what="sign-in" />,
        })),
      },
      { path: 'contact', element: <ContactPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: 'integrations', element: <IntegrationsPage /> },
      { path: 'playground', element: <PlaygroundPage /> },
      {
        // SPEC §2.1 / §6: signed-in only.
        element: <RequireSession />,
        children: [
          { path: 'chats', element: <ChatsPage /> },
          {
            path: 'connections',
            element: (
              <RemoteMount key="connectors" remote="connectors" expose="ConnectionsPage" what="Connections" />
            ),
          },
          { path: 'uploads', element: <UploadsPage /> },
          {
            path: 'profile',
            element: <RemoteMount key="profile" remote="profile" expose="ProfilePage" what="your profile" />,
          },
        ],
      },
    ],
  },
];
