import { returnStateFor, useSession } from '@trove/kit';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionPending } from '../pages/session-pending';

/**
 * The protected-route guard (docs/product/shell.md#guards): "Checking session…" while loading; a guest goes to /auth/login
 * carrying the original path in router state, where the auth page (through the kit's useReturnPath)
 * and the guest-only guard send them back to it after login.
 */
export function RequireSession() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <SessionPending message="Checking session…" />;
  if (status === 'guest') return <Navigate to="/auth/login" replace state={returnStateFor(location)} />;
  return <Outlet />;
}
