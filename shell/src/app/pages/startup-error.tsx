import { PageShown } from '../prerender/handoff';
import * as styles from './pages.module.css';

/**
 * Shown when the public settings cannot be read at start. It names no product on purpose: the name is
 * itself one of those settings.
 */
export function StartupError() {
  return (
    <section className={styles.page} role="alert">
      <div className={styles.card}>
        <h1 className={styles.title}>The app couldn't start</h1>
        <p className={styles.text}>
          Its settings could not be loaded. Check your connection and reload the page.
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
      <PageShown />
    </section>
  );
}
