import { VisuallyHidden } from '@trove/kit/ui';
import type { ReactNode } from 'react';
import { RemoteMount } from '../remotes/remote-mount';
import * as styles from './pages.module.css';

/**
 * /integrations (docs/product/shell.md#routes: where "Connect" leads after login; the screen itself is not specified): our
 * page around the connectors remote's catalog (docs/decisions/004), which owns the cards and filters.
 */
export function IntegrationsPage({
  catalog = <RemoteMount remote="connectors" expose="ConnectorCatalog" what="the integration catalog" />,
}: {
  /** The build's prerender draws the catalog itself (docs/decisions/055); the app mounts the remote's. */
  catalog?: ReactNode;
}) {
  return (
    <div className={styles.wide}>
      <header className={styles.wideHeader}>
        <p className={styles.eyebrow}>Integrations</p>
        <h1 className={styles.title}>Connect the apps your team works in</h1>
        <p className={styles.lede}>
          Every connector is read-only and asks for the least access it needs. Pick a source to search it
          alongside the rest.
        </p>
      </header>
      {/* The catalog's cards are h3s (its default), under this section's heading. */}
      <VisuallyHidden as="h2">All integrations</VisuallyHidden>
      {catalog}
    </div>
  );
}
