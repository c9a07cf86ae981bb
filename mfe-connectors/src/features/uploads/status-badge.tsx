import type { DocumentStatus } from '@trove/contracts';
import * as styles from './uploads.module.css';

export const STATUS_LABELS: Record<DocumentStatus, string> = {
  queued: 'Queued',
  extracting: 'Extracting',
  indexed: 'Indexed',
  failed: 'Failed',
};

export function StatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <span className={styles.badge} data-status={status}>
      <span className={styles.badgeDot} aria-hidden="true" />
      {STATUS_LABELS[status]}
    </span>
  );
}
