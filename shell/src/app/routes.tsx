import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './chrome/app-layout';
import { NotFoundPage } from './pages/not-found-page';
import { PlaceholderPage } from './pages/placeholder-page';
import { RemoteMount } from './remotes/remote-mount';

/**
 * SPEC §2.1. Each remote route keys its mount by remote name so a failure in one never leaks into
 * another. The signed-in and guest-only guards arrive with the session issue.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        index: true,
        element: <RemoteMount key="marketing" remote="marketing" expose="LandingPage" what="the home page" />,
      },
      { path: 'auth', element: <Navigate to="/auth/login" replace /> },
      ...['auth/login', 'auth/register'].map((path) => ({
        path,
        element: <RemoteMount key="auth" remote="auth" expose="AuthPage" what="sign-in" />,
      })),
      {
        path: 'profile',
        element: <RemoteMount key="profile" remote="profile" expose="ProfilePage" what="your profile" />,
      },
      {
        path: 'connections',
        element: (
          <RemoteMount key="connectors" remote="connectors" expose="ConnectionsPage" what="Connections" />
        ),
      },
      { path: 'chats', element: <PlaceholderPage title="Chats" text="Your conversations will live here." /> },
      {
        path: 'uploads',
        element: <PlaceholderPage title="Uploads" text="Files you add will be listed here." />,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
