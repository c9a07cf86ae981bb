import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import * as styles from './chrome.module.css';
import { isNavItemActive, navGroups } from './nav-items';

/** The navigation entries; the rail shows them on wide screens and the top bar on narrow ones. */
export function NavLinks({ variant }: { variant: 'rail' | 'bar' }) {
  const { pathname } = useLocation();
  return navGroups.map((group, index) => (
    <Fragment key={group.name}>
      {index > 0 && variant === 'rail' ? <hr className={styles.railDivider} /> : null}
      {group.items.map(({ to, label, icon: Icon }) => {
        const active = isNavItemActive(pathname, to);
        return (
          <Link
            key={to}
            to={to}
            className={variant === 'rail' ? styles.railButton : styles.barLink}
            aria-label={label}
            aria-current={active ? 'page' : undefined}
            data-tooltip={label}
          >
            <Icon />
          </Link>
        );
      })}
    </Fragment>
  ));
}
