import AuthPage from '../../../../mfe-auth/src/expose/auth-page';
import { DrawnRemote } from '../../../../shell/src/app/remotes/drawn-remote';
import { type RenderPage, renderPublicPage } from '../public-pages';

// /auth/login and /auth/register are one page (the remote's step flow), which starts at the same step.
// Marked as the auth remote's drawn part: kept if the remote fails to load (docs/product/shell.md#remote-failure).
export const render: RenderPage = (config) =>
  renderPublicPage(
    config,
    '/auth/login',
    'public',
    <DrawnRemote remote="auth" expose="AuthPage">
      <AuthPage />
    </DrawnRemote>,
  );
