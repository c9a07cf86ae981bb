import * as styles from './pages.module.css';

/** What a guard shows while the session is still loading (docs/product/shell.md#guards). */
export function SessionPending({ message }: { message: string }) {
  return (
    <div className={styles.pending} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
