import { KitProviders, parseAppConfig } from '@trove/kit';
import { type ComponentType, useMemo } from 'react';
import { ConnectorCatalogView } from '../features/connectors/catalog-view';

/**
 * trove_connectors/Islands (docs/decisions/222): the part of the drawn /integrations page that moves — the
 * catalog, its filters and paging — rendered by the shell into its own root before the app has started.
 * The kit's providers come along (its index has no router); the router does not: a guest's "Connect"
 * goes to the sign-in page with a page load, as a link would.
 */
export interface IslandProps {
  config: Record<string, unknown>;
}

const leave = (to: string) => window.location.assign(to);

function CatalogIsland({ config }: IslandProps) {
  const settings = useMemo(() => parseAppConfig(config), [config]);
  return (
    <KitProviders config={settings}>
      <ConnectorCatalogView go={leave} />
    </KitProviders>
  );
}

export const islands: Record<string, ComponentType<IslandProps>> = { catalog: CatalogIsland };
