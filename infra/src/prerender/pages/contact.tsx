import { ContactPage } from '../../../../shell/src/app/pages/contact-page';
import { type RenderPage, renderPublicPage } from '../public-pages';

export const render: RenderPage = (config) => renderPublicPage(config, '/contact', 'public', <ContactPage />);
