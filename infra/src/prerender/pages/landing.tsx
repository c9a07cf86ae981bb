import '../catalogs';
import LandingPage from '../../../../mfe-marketing/src/expose/landing-page';
import { DrawnRemote } from '../../../../shell/src/app/remotes/drawn-remote';
import { type RenderPage, renderPublicPage } from '../public-pages';

// Marked as the marketing remote's drawn part: kept if the remote fails to load (docs/product/shell.md#remote-failure).
export const render: RenderPage = (config) =>
  renderPublicPage(
    config,
    '/',
    'public',
    <DrawnRemote remote="marketing" expose="LandingPage">
      <LandingPage />
    </DrawnRemote>,
  );
