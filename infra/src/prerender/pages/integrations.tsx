import ConnectorCatalog from '../../../../mfe-connectors/src/expose/connector-catalog';
import { IntegrationsPage } from '../../../../shell/src/app/pages/integrations-page';
import { DrawnRemote } from '../../../../shell/src/app/remotes/drawn-remote';
import { type RenderPage, renderPublicPage } from '../public-pages';

// The catalog in the same wrapper the shell's remote mount gives it, so the two lay out alike, marked as
// the connectors remote's drawn part: kept if the remote fails to load (docs/product/shell.md#remote-failure). The
// catalog is the page's one island, run before the app (docs/decisions/222).
export const render: RenderPage = (config) =>
  renderPublicPage(
    config,
    '/integrations',
    'app',
    <IntegrationsPage
      catalog={
        <DrawnRemote remote="connectors" expose="ConnectorCatalog" island="connectors/catalog">
          <ConnectorCatalog />
        </DrawnRemote>
      }
    />,
  );
