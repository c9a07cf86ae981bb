import { NotFoundPage } from '../../../../shell/src/app/pages/not-found-page';
import { type RenderPage, renderPublicPage } from '../public-pages';

export const render: RenderPage = (config) => renderPublicPage(config, '/404', 'public', <NotFoundPage />);
