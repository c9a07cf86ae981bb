import { BuildLabel, useAfterPaint, useAppConfig } from '@trove/kit';
import { PageHeader, Text, VisuallyHidden } from '@trove/kit/ui';
import { useCallback } from 'react';
import { ConnectorCatalog } from '../features/connectors/connector-catalog';
import type { Connector } from '../features/connectors/connectors';
import { DestinationsSection } from '../features/destinations/destinations-section';
import { PlaybookCatalog } from '../features/playbooks/playbook-catalog';
import { catalogForm } from '../features/sources/kinds/registry';
import { SourceList } from '../features/sources/source-list';
import { useSourceDialogs } from '../features/sources/use-source-dialogs';
import { useSources } from '../features/sources/use-sources';
import * as styles from './connections-page.module.css';

/**
 * trove_connectors/ConnectionsPage (docs/decisions/001, /connections): the user's sources and
 * their live status (issue 21), the connector catalog, then the playbooks that put those sources to work. Takes no props: the shell mounts it as a route.
 */
export default function ConnectionsPage() {
  const { name } = useAppConfig();
  // The catalogs (~900 of the page's ~1000 elements) start below the fold: the page's first screen is
  // painted without them, and they render right after (docs/decisions/211).
  const catalogs = useAfterPaint();
  const sources = useSources();
  const { openForm, onAdd, onAction } = useSourceDialogs(sources);
  // A manual connector's "Add server" ("Add file", "Use a calendar address") opens its kind's form where the
  // kind has one (kinds/registry); the others (MongoDB, S3) are still to come.
  const openServerForm = useCallback(
    (connector: Connector) => {
      const form = catalogForm(connector);
      if (form === null) return false;
      openForm(form.kind, form.start);
      return true;
    },
    [openForm],
  );
  return (
    <div className={styles.page}>
      <PageHeader
        className={styles.header}
        title="Connections"
        lede={
          <>
            The apps {name} can search for you. Every connector is read-only, and most are indexed on your
            device.
          </>
        }
      />
      <SourceList state={sources} onAdd={onAdd} onAction={onAction} />
      <DestinationsSection />
      {catalogs ? (
        <>
          <VisuallyHidden as="h2">Integrations</VisuallyHidden>
          <ConnectorCatalog label="Integrations" cardHeadingLevel={3} openServerForm={openServerForm} />
          <section className={styles.section} aria-labelledby="connections-playbooks">
            <h2 id="connections-playbooks" className={styles.sectionTitle}>
              Playbooks
            </h2>
            <Text tone="muted" className={styles.lede}>
              Ready-made routines that search your sources and send the result on.
            </Text>
            <PlaybookCatalog label="Playbooks" cardHeadingLevel={3} />
          </section>
        </>
      ) : (
        // Holds the place so the page's height barely moves when they arrive.
        <div className={styles.later} />
      )}
      <BuildLabel label={__TROVE_BUILD_LABEL__} />
    </div>
  );
}
