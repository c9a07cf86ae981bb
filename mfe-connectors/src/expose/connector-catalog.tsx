import { ConnectorCatalog, type ConnectorCatalogProps } from '../features/connectors/connector-catalog';

/**
 * trove_connectors/ConnectorCatalog (docs/decisions/004): the connector catalog for the landing page's
 * Integrations tab and /integrations. All props are optional; see ConnectorCatalogProps.
 */
export default ConnectorCatalog;
export type { ConnectorCatalogProps };
