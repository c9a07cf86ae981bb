import { useId } from 'react';
import { BrandMark } from '../catalog/brand-mark';
import { Button, Card, Cluster, Text, VisuallyHidden } from '@trove/kit/ui';
import * as shared from '../catalog/catalog.module.css';
import { Heading, type HeadingLevel } from '../catalog/heading';
import { configureHint, type ConnectorState } from './connector-state';
import * as styles from './connectors.module.css';
import { authLabels, type Connector, categoryLabels, roleLabels } from './connectors';

const stateLabels: Readonly<Record<ConnectorState['kind'], string>> = {
  connected: 'Connected',
  ready: 'Ready',
  manual: 'Manual setup',
  configure: 'Needs setup',
  checking: 'Checking setup',
};

export interface ConnectorCardProps {
  connector: Connector;
  state: ConnectorState;
  headingLevel: HeadingLevel;
  /** The session is still being checked: acting now could send a signed-in person to login. */
  waiting: boolean;
  onConnect: (connector: Connector) => void;
  onAddServer: (connector: Connector) => void;
}

/** One connector and its docs/product/connections.md#card-states state; the action button's name carries the connector's name. */
export function ConnectorCard({
  connector,
  state,
  headingLevel,
  waiting,
  onConnect,
  onAddServer,
}: ConnectorCardProps) {
  const titleId = useId();
  const hintId = useId();
  // Read-only is left out: every connector is (docs/product/connections.md#read-only), and the page says so once.
  const facts = [
    roleLabels[connector.role],
    authLabels[connector.auth],
    connector.index === 'server' ? 'Server index' : 'On-device',
    ...(connector.deltaSync ? ['Delta sync'] : []),
  ];

  return (
    <Card
      as="article"
      shadow="sm"
      className={styles.card}
      aria-labelledby={titleId}
      data-connector={connector.id}
      data-state={state.kind}
    >
      <Cluster gap={3} align="start" justify="between" wrap={false}>
        <BrandMark initials={connector.mark.initials} hue={connector.mark.hue} />
        <Text as="span" size="xs" weight="semibold" className={styles.state} data-state={state.kind}>
          {stateLabels[state.kind]}
        </Text>
      </Cluster>
      <div>
        <Heading level={headingLevel} id={titleId} className={styles.cardTitle}>
          {connector.name}
        </Heading>
        <Text tone="muted" size="xs">
          {connector.brand} · {categoryLabels[connector.category]}
        </Text>
      </div>
      <Text tone="muted" size="sm" className={styles.notes}>
        {connector.notes}
      </Text>
      <Cluster as="ul" gap={1} aria-label={`${connector.name} details`}>
        {facts.map((fact) => (
          <li key={fact} className={shared.chip}>
            {fact}
          </li>
        ))}
      </Cluster>
      <Cluster gap={3} rowGap={2} align="center" className={styles.cardFoot}>
        {state.kind === 'connected' ? (
          <Text tone="success" size="sm" weight="semibold" className={styles.connected}>
            <span aria-hidden="true">●</span> Always on
          </Text>
        ) : state.kind === 'manual' ? (
          <Button className={`${shared.button} ${shared.secondary}`} onClick={() => onAddServer(connector)}>
            {connector.adds === 'file'
              ? 'Add file'
              : connector.adds === 'repository'
                ? 'Connect a repository by URL'
                : 'Add server'}
            <VisuallyHidden> for {connector.name}</VisuallyHidden>
          </Button>
        ) : state.kind === 'ready' || state.kind === 'checking' ? (
          <Button
            variant="primary"
            className={shared.button}
            disabled={waiting || state.kind === 'checking'}
            aria-busy={waiting || state.kind === 'checking' || undefined}
            onClick={() => onConnect(connector)}
          >
            Connect<VisuallyHidden> {connector.name}</VisuallyHidden>
          </Button>
        ) : (
          <>
            <Button variant="primary" className={shared.button} disabled aria-describedby={hintId}>
              Connect<VisuallyHidden> {connector.name}</VisuallyHidden>
            </Button>
            <Text id={hintId} tone="muted" size="xs">
              {configureHint(state)}
            </Text>
          </>
        )}
        {state.kind !== 'manual' && connector.calendarAddress !== undefined ? (
          // Beside the provider's sign-in: its calendar's secret address connects today, with no app (issue 43).
          <Button className={`${shared.button} ${shared.secondary}`} onClick={() => onAddServer(connector)}>
            Use a calendar address<VisuallyHidden> for {connector.name}</VisuallyHidden>
          </Button>
        ) : null}
      </Cluster>
    </Card>
  );
}
