import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { preloadRoute } from '../remotes/remote-preload';
import * as styles from './chrome.module.css';
import { isNavItemActive, navGroups } from './nav-items';

const groupLabels = { work: 'Work', sources: 'Sources' } as const;

/**
 * The navigation entries (docs/product/shell.md#rail): icon buttons with a hover tooltip in the desktop rail, labelled
 * rows under their group names in the mobile drawer.
 */
export function NavLinks({ variant }: { variant: 'rail' | 'drawer' }) {
  const { pathname } = useLocation();
  return navGroups.map((group, index) => (
    <Fragment key={group.name}>
      {variant === 'rail' ? (
        index > 0 ? (
          <hr className={styles.railDivider} />
        ) : null
      ) : (
        <p className={styles.drawerGroup}>{groupLabels[group.name]}</p>
      )}
      {group.items.map(({ to, label, icon: Icon }) => {
        const active = isNavItemActive(pathname, to);
        // Where the pointer or the focus goes, a press may follow: its page starts loading (remote-preload.ts).
        const preload = { onPointerEnter: () => preloadRoute(to), onFocus: () => preloadRoute(to) };
        return variant === 'rail' ? (
          <Link
            key={to}
            to={to}
            className={styles.railButton}
            aria-label={label}
            aria-current={active ? 'page' : undefined}
            data-tooltip={label}
            {...preload}
          >
            <Icon />
          </Link>
        ) : (
          <Link
            key={to}
            to={to}
            className={styles.drawerLink}
            aria-current={active ? 'page' : undefined}
            {...preload}
          >
            <Icon />
            {label}
          </Link>
        );
      })}
    </Fragment>
  ));
}
