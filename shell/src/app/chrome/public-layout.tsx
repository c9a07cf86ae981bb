import { Outlet } from 'react-router';
import { AccountMenu } from './account-menu';
import { Brand } from './brand';
import * as styles from './chrome.module.css';
import { ThemeToggle } from './theme-toggle';
import { useScrolledPast } from './use-scrolled';

/**
 * Public pages (landing, auth, contact, not-found): a header with the brand, the theme toggle and the
 * account menu, which turns translucent once the page scrolls past 8px (docs/product/shell.md#account-menu).
 */
export function PublicLayout() {
  const scrolled = useScrolledPast();
  return (
    <div className={styles.publicLayout}>
      <header className={styles.publicHeader} data-scrolled={scrolled || undefined}>
        <div className={styles.publicHeaderInner}>
          <Brand />
          <div className={styles.publicActions}>
            <ThemeToggle variant="bar" />
            <AccountMenu placement="bar" />
          </div>
        </div>
      </header>
      <main className={styles.publicContent}>
        <Outlet />
      </main>
    </div>
  );
}
