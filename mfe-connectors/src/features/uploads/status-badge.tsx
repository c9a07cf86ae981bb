import type { DocumentStatus } from '@trove/contracts';
import { Text } from '@trove/kit/ui';
import * as badgeStyles from '../catalog/status-badge.module.css';
import * as styles from './uploads.module.css';

export const STATUS_LABELS: Record<DocumentStatus, string> = {
  queued: 'Queued',
  extracting: 'Extracting',
  indexed: 'Indexed',
  failed: 'Failed',
};

export function StatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <Text
      as="span"
      tone="muted"
      size="xs"
      weight="semibold"
      className={`${badgeStyles.badge} ${styles.badge}`}
      data-status={status}
    >
      <span className={`${badgeStyles.dot} ${styles.badgeDot}`} aria-hidden="true" />
      {STATUS_LABELS[status]}
    </Text>
  );
}
