import AuthPage from '../../../../mfe-auth/src/expose/auth-page';
import { type RenderPage, renderPublicPage } from '../public-pages';

// /auth/login and /auth/register are one page (the remote's step flow), which starts at the same step.
export const render: RenderPage = (config) => renderPublicPage(config, '/auth/login', 'public', <AuthPage />);
