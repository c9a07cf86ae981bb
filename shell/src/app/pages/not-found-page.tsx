import { Link } from 'react-router';
import { CompassIcon } from '@trove/kit/icons';
import * as styles from './pages.module.css';

/** docs/product/shell.md#routes: any other path. */
export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <CompassIcon />
        </span>
        <p className={styles.eyebrow}>404</p>
        <h1 className={styles.title}>Page not found</h1>
        <p className={styles.text}>The address may be mistyped, or the page has moved.</p>
        <div className={styles.actions}>
          <Link className={styles.primary} to="/">
            Go Home
          </Link>
          <Link className={styles.secondary} to="/chats">
            Open Chats
          </Link>
        </div>
      </div>
    </section>
  );
}
