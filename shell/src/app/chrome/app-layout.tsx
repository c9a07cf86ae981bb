import { useAppConfig } from '@trove/kit';
import { Link, Outlet } from 'react-router';
import * as styles from './chrome.module.css';
import { NavLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';

/**
 * The chrome every page sits in: a top bar and, on wide screens, the 64px rail (SPEC §2.2). The mobile
 * drawer and the account menu come with the chrome issue; until then narrow screens get the nav icons
 * in the top bar.
 */
export function AppLayout() {
  const { name, shortName } = useAppConfig();
  return (
    <div className={styles.layout}>
      <header className={styles.topBar}>
        <Link to="/" className={styles.brand}>
          <span className={styles.badge} aria-hidden="true">
            {shortName}
          </span>
          <span className={styles.brandName}>{name}</span>
        </Link>
        <nav className={styles.barNav} aria-label="Main">
          <NavLinks variant="bar" />
          <ThemeToggle variant="bar" />
        </nav>
      </header>
      <nav className={styles.rail} aria-label="Main">
        <div className={styles.railItems}>
          <NavLinks variant="rail" />
        </div>
        <ThemeToggle variant="rail" />
      </nav>
      <main className={styles.content}>
        <Outlet />
      </main>
    </div>
  );
}
