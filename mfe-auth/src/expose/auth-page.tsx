import { useReturnPath } from '@trove/kit/routing';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { AuthFlowPage } from '../features/auth-flow/auth-flow-page';
import type { FlowExit } from '../features/auth-flow/use-auth-flow';

/**
 * trove_auth/AuthPage (docs/decisions/001), mounted on /auth/login and /auth/register: the unified step
 * flow, leaving for the return path through the router once signed in.
 */
export default function AuthPage() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const exit = useMemo<FlowExit>(
    () => ({ returnPath, go: (path) => navigate(path, { replace: true }) }),
    [navigate, returnPath],
  );
  return <AuthFlowPage exit={exit} />;
}
