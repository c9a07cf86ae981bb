import '../catalogs';
import LandingPage from '../../../../mfe-marketing/src/expose/landing-page';
import { type RenderPage, renderPublicPage } from '../public-pages';

export const render: RenderPage = (config) => renderPublicPage(config, '/', 'public', <LandingPage />);
