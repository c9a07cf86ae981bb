import { useSession } from '@trove/kit';
import { useReturnPath } from '@trove/kit/routing';
import { Navigate, Outlet } from 'react-router';
import { SessionPending } from '../pages/session-pending';

/**
 * The guest-only guard (docs/product/shell.md#guards): "Loading…" while loading; a signed-in user is redirected — to
 * /chats, or to the page they were sent here from, so signing in on this page lands them there.
 */
export function GuestOnly() {
  const { status } = useSession();
  const returnPath = useReturnPath();
  if (status === 'loading') return <SessionPending message="Loading…" />;
  if (status === 'user') return <Navigate to={returnPath} replace />;
  return <Outlet />;
}
