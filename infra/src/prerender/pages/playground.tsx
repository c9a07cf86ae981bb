import { PlaygroundPage } from '../../../../shell/src/app/pages/playground-page';
import { type RenderPage, renderPublicPage } from '../public-pages';

export const render: RenderPage = (config) =>
  renderPublicPage(config, '/playground', 'app', <PlaygroundPage />);
