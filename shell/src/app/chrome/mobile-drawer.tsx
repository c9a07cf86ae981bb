import { useFocusTrap, useScrollLock } from '@trove/kit';
import { useId, useMemo, useRef } from 'react';
import * as styles from './chrome.module.css';
import { CloseIcon } from '@trove/kit/icons';
import { NavLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import { useDismiss } from './use-dismiss';

/**
 * The mobile slide-in drawer (docs/product/shell.md#drawer): titled Menu, 18rem wide, closed by its close button, Escape,
 * a press outside and a route change (the layout does that one); page scrolling is locked while open.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inside = useMemo(() => [panelRef], []);
  useDismiss(open, onClose, inside);
  useScrollLock(open);
  useFocusTrap(panelRef, open);

  if (!open) return null;
  return (
    <div className={styles.drawerLayer}>
      <div className={styles.drawerBackdrop} data-testid="drawer-backdrop" aria-hidden="true" />
      <div
        ref={panelRef}
        className={styles.drawer}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className={styles.drawerHeader}>
          <h2 id={titleId} className={styles.drawerTitle}>
            Menu
          </h2>
          <button type="button" className={styles.iconButton} aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <nav className={styles.drawerNav} aria-label="Main">
          <NavLinks variant="drawer" />
        </nav>
        <div className={styles.drawerFooter}>
          <ThemeToggle variant="drawer" />
        </div>
      </div>
    </div>
  );
}
