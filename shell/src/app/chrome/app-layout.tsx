import { useSession } from '@trove/kit';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { preloadRoutesWhenIdle } from '../remotes/remote-preload';
import { AccountMenu } from './account-menu';
import { Brand } from './brand';
import * as styles from './chrome.module.css';
import { MenuIcon } from '@trove/kit/icons';
import { MobileDrawer } from './mobile-drawer';
import { navGroups } from './nav-items';
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
  // Signed in, the rail's pages load while nothing else happens, so following a link paints its page at
  // once (issue 41, docs/decisions/211). Never for a guest on /integrations: those pages need sign-in.
  const signedIn = useSession().status === 'user';
  useEffect(() => {
    if (!signedIn) return;
    return preloadRoutesWhenIdle(navGroups.flatMap((group) => group.items.map((item) => item.to)));
  }, [signedIn]);

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
        <BarAccount />
      </header>
      <Rail />
      <MobileDrawer open={drawerOpen} onClose={closeDrawer} />
      <Content />
    </div>
  );
}

// Opening or closing the drawer re-renders the layout: the parts below take no props, so they are left as
// they are (issue 41: the drawer's next paint within 100 ms at CPU ×4, docs/decisions/211). Each still
// renders again when what it reads changes (the path, the session, the theme).
const BarAccount = memo(function BarAccount() {
  return (
    <div className={styles.topBarAccount}>
      <AccountMenu placement="bar" />
    </div>
  );
});

const Rail = memo(function Rail() {
  return (
    <nav className={styles.rail} aria-label="Main">
      <div className={styles.railItems}>
        <NavLinks variant="rail" />
      </div>
      <div className={styles.railItems}>
        <ThemeToggle variant="rail" />
        <AccountMenu placement="rail" />
      </div>
    </nav>
  );
});

const Content = memo(function Content() {
  return (
    <main className={styles.content}>
      <Outlet />
    </main>
  );
});
