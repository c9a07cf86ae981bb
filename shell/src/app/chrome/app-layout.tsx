import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AccountMenu } from './account-menu';
import { Brand } from './brand';
import * as styles from './chrome.module.css';
import { MenuIcon } from '@trove/kit/icons';
import { MobileDrawer } from './mobile-drawer';
import { NavLinks } from './nav-links';
import { useSearchShortcut } from './search-shortcut';
import { ThemeToggle } from './theme-toggle';

/**
 * The signed-in area's chrome (docs/product/shell.md#drawer): a top bar (drawer button, short-name badge, app name, account
 * menu), the 64px desktop rail (navigation with tooltips, theme toggle, account menu) and, on small
 * screens, the slide-in drawer.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const drawerButton = useRef<HTMLButtonElement>(null);
  useSearchShortcut();

  // docs/product/shell.md#drawer: the drawer closes on route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read.
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className={styles.layout}>
      <header className={styles.topBar}>
        <div className={styles.topBarStart}>
          <button
            ref={drawerButton}
            type="button"
            className={`${styles.barButton} ${styles.drawerButton}`}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          <Brand />
        </div>
        <div className={styles.topBarAccount}>
          <AccountMenu placement="bar" />
        </div>
      </header>
      <nav className={styles.rail} aria-label="Main">
        <div className={styles.railItems}>
          <NavLinks variant="rail" />
        </div>
        <div className={styles.railItems}>
          <ThemeToggle variant="rail" />
          <AccountMenu placement="rail" />
        </div>
      </nav>
      <MobileDrawer open={drawerOpen} onClose={closeDrawer} />
      <main className={styles.content}>
        <Outlet />
      </main>
    </div>
  );
}
