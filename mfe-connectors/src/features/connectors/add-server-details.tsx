import { useAppConfig } from '@trove/kit';
import { Button, Cluster, Text } from '@trove/kit/ui';
import type { Connector } from './connectors';
import * as styles from './connectors.module.css';
import { serverNeeds } from './server-needs';

/** The popup body for "Add server": honest that it is not built yet, useful about what it will need. */
export function AddServerDetails({ connector, onClose }: { connector: Connector; onClose: () => void }) {
  const { name } = useAppConfig();
  const needs = serverNeeds(name)[connector.id] ?? [];
  return (
    <div className={styles.addServer}>
      <Text size="xs" weight="semibold" className={styles.soon}>
        Coming soon
      </Text>
      <p className={styles.addServerLede}>
        Adding {connector.name} yourself is not available yet. When it arrives, you will need:
      </p>
      <dl className={styles.needs}>
        {needs.map((need) => (
          <div key={need.label} className={styles.need}>
            <dt>{need.label}</dt>
            <dd>{need.detail}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.addServerNote}>
        {name} only ever reads: it never writes to {connector.name} or changes its settings.
      </p>
      <Cluster justify="end" wrap={false}>
        <Button variant="primary" onClick={onClose}>
          Got it
        </Button>
      </Cluster>
    </div>
  );
}
