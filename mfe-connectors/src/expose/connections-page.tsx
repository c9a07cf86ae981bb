import { BuildLabel, useAppConfig } from '@trove/kit';
import { PageHeader, VisuallyHidden } from '@trove/kit/ui';
import { ConnectorCatalog } from '../features/connectors/connector-catalog';
import { PlaybookCatalog } from '../features/playbooks/playbook-catalog';
import * as styles from './connections-page.module.css';

/**
 * trove_connectors/ConnectionsPage (docs/decisions/001, /connections): the connector catalog, then the
 * playbooks that put those sources to work. Takes no props: the shell mounts it as a route.
 */
export default function ConnectionsPage() {
  const { name } = useAppConfig();
  return (
    <div className={styles.page}>
      <PageHeader
        className={styles.header}
        title="Connections"
        lede={`The apps ${name} can search for you. Every connector is read-only, and most are indexed on your device.`}
      />
      <VisuallyHidden as="h2">Integrations</VisuallyHidden>
      <ConnectorCatalog label="Integrations" cardHeadingLevel={3} />
      <section className={styles.section} aria-labelledby="connections-playbooks">
        <h2 id="connections-playbooks" className={styles.sectionTitle}>
          Playbooks
        </h2>
        <p className={styles.lede}>Ready-made routines that search your sources and send the result on.</p>
        <PlaybookCatalog label="Playbooks" cardHeadingLevel={3} />
      </section>
      <BuildLabel label={__TROVE_BUILD_LABEL__} />
    </div>
  );
}
