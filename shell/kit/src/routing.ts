import { useLocation } from 'react-router';
import { returnPathAfterLogin } from './return-path';

// The kit's one hook that needs the router, in a subpath of its own (`@trove/kit/routing`): the kit's index
// stays router-free, so an island of a drawn page (docs/decisions/190, 222) can use the kit's providers
// without fetching react-router.

/** For the auth remote (and the guest-only guard): where to go after a successful sign-in. */
export function useReturnPath(): string {
  const location = useLocation();
  return returnPathAfterLogin(location.state, location.search);
}
