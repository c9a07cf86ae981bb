import AuthPage from '../../../../mfe-auth/src/expose/auth-page';
import { DrawnRemote } from '../../../../shell/src/app/remotes/drawn-remote';
import { type RenderPage, renderPublicPage } from '../public-pages';

// /auth/login and /auth/register are one page (the remote's step flow), which starts at the same step.
// Marked as the auth remote's drawn part: kept if the remote fails to load (docs/product/shell.md#remote-failure);
// the card is the page's one island, run before the app (docs/decisions/222).
export const render: RenderPage = (config) =>
  renderPublicPage(
    config,
    '/auth/login',
    'public',
    <DrawnRemote remote="auth" expose="AuthPage" island="auth/form">
      <AuthPage />
    </DrawnRemote>,
  );
