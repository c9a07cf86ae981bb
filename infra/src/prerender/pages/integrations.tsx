import ConnectorCatalog from '../../../../mfe-connectors/src/expose/connector-catalog';
import { IntegrationsPage } from '../../../../shell/src/app/pages/integrations-page';
import * as mount from '../../../../shell/src/app/remotes/remote-mount.module.css';
import { type RenderPage, renderPublicPage } from '../public-pages';

// The catalog in the same wrapper the shell's remote mount gives it, so the two lay out alike.
export const render: RenderPage = (config) =>
  renderPublicPage(
    config,
    '/integrations',
    'app',
    <IntegrationsPage
      catalog={
        <div className={mount.mount}>
          <ConnectorCatalog />
        </div>
      }
    />,
  );
