import { PlaybookCatalog, type PlaybookCatalogProps } from '../features/playbooks/playbook-catalog';

/**
 * trove_connectors/PlaybookCatalog (docs/decisions/004): the playbook catalog for the landing page's
 * Playbooks tab. All props are optional; see PlaybookCatalogProps.
 */
export default PlaybookCatalog;
export type { PlaybookCatalogProps };
