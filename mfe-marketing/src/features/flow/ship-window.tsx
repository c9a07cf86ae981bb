import { type Destination, destinationLabel } from '@trove/contracts';
import { useAppConfig } from '@trove/kit';
import { Cluster, Text } from '@trove/kit/ui';
import { Icon } from '../content/icons';
import type { ShipPhase } from './flow-timeline';
import * as styles from './how-it-works.module.css';

interface ShipWindowProps {
  destination: Destination;
  phase: ShipPhase;
  summary: string;
  onSend: () => void;
  onClose: () => void;
}

const phaseText: Record<ShipPhase, string> = {
  opening: 'Opening…',
  composing: 'Composing…',
  delivered: 'Delivered',
};

/**
 * docs/product/public-pages.md#flow: on the ship step a destination window — a Teams mock for a Teams destination, a chat mock
 * otherwise — goes through opening, composing and delivered. Send and Close are real buttons.
 */
export function ShipWindow({ destination, phase, summary, onSend, onClose }: ShipWindowProps) {
  const { name, shortName } = useAppConfig();
  const teams = destination.kind === 'teams';
  const where = destination.kind === 'unknown' ? '#general' : destinationLabel(destination);
  return (
    <div
      className={styles.shipWindow}
      data-kind={teams ? 'teams' : 'chat'}
      data-phase={phase}
      role="dialog"
      aria-modal="false"
      aria-label={teams ? 'Microsoft Teams preview' : 'Chat preview'}
      data-testid="ship-window"
    >
      <Cluster wrap={false} align="center" justify="between" className={styles.shipBar}>
        <span className={styles.shipApp}>
          <Icon name="chat" size={16} />
          {teams ? 'Teams' : 'Chat'} · {where}
        </span>
        <button type="button" className={styles.iconButton} onClick={onClose} aria-label="Close preview">
          <Icon name="close" size={16} />
        </button>
      </Cluster>
      <div className={styles.shipBody}>
        <Text tone="muted" size="xs" className={styles.shipStatus} role="status" data-testid="ship-phase">
          {phaseText[phase]}
        </Text>
        <Cluster
          gap={2}
          wrap={false}
          className={styles.message}
          data-visible={phase !== 'opening' || undefined}
        >
          <span className={styles.avatar} aria-hidden="true">
            {shortName}
          </span>
          <div>
            <Text size="sm" weight="bold">
              {name}
            </Text>
            <Text size="sm">{phase === 'composing' ? 'Writing a summary…' : summary}</Text>
          </div>
        </Cluster>
      </div>
      <Cluster wrap={false} justify="end" className={styles.shipActions}>
        <button type="button" className={styles.sendButton} onClick={onSend} disabled={phase === 'delivered'}>
          <Icon name="send" size={16} />
          {phase === 'delivered' ? 'Sent' : 'Send'}
        </button>
      </Cluster>
    </div>
  );
}
