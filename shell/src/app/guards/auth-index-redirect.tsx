import { Navigate, useLocation } from 'react-router';

/** docs/product/shell.md#routes: /auth → /auth/login, keeping `?next=` and any router state on the way. */
export function AuthIndexRedirect() {
  const { search, state } = useLocation();
  return <Navigate to={{ pathname: '/auth/login', search }} state={state} replace />;
}
