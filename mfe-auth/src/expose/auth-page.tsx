import { BuildLabel } from '@trove/kit';
import { useLocation } from 'react-router';
import { AuthLayout } from '../features/auth-layout/auth-layout';
import { IdentifyStep } from '../features/identify/identify-step';

/**
 * trove_auth/AuthPage (docs/decisions/001), mounted on /auth/login and /auth/register: one unified step
 * flow (SPEC §2.4). This first cut has the identify step; the other steps arrive with the auth flow.
 */
export default function AuthPage() {
  const { pathname } = useLocation();
  const registering = pathname.endsWith('/register');
  return (
    <AuthLayout
      title={registering ? 'Create your account' : 'Welcome back'}
      footer={<BuildLabel label={__TROVE_BUILD_LABEL__} />}
    >
      <IdentifyStep />
    </AuthLayout>
  );
}
