import { useNavigate } from 'react-router';
import { type ConnectorCatalogProps, ConnectorCatalogView } from './catalog-view';

export type { ConnectorCatalogProps };

/**
 * The connector catalog in the app: a guest's "Connect" goes to login through the router. The view itself
 * (catalog-view.tsx) imports no router, so the drawn /integrations page's island (expose/islands.tsx,
 * docs/decisions/222) runs it without fetching react-router.
 */
export function ConnectorCatalog(props: ConnectorCatalogProps) {
  const navigate = useNavigate();
  return <ConnectorCatalogView {...props} go={navigate} />;
}
