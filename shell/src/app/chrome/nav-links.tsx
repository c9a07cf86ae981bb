import { Fragment, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { preloadRoute, routePageLoaded } from '../remotes/remote-preload';
import * as styles from './chrome.module.css';
import { isNavItemActive, navGroups } from './nav-items';

const groupLabels = { work: 'Work', sources: 'Sources' } as const;

/**
 * The navigation entries (docs/product/shell.md#rail): icon buttons with a hover tooltip in the desktop rail, labelled
 * rows under their group names in the mobile drawer.
 */
export function NavLinks({ variant }: { variant: 'rail' | 'drawer' }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A plain press on a link whose page has arrived renders that page at once (flushSync) instead of as a
  // transition, which React slices into 5 ms pieces with a frame of the old page between each: at CPU ×4 that
  // doubled the time to the new page painted (docs/decisions/237). A page still loading keeps the transition,
  // so the current page stays until the next is ready; a modified press opens a tab as a link does.
  const paintAtOnce = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (!routePageLoaded(to)) return;
    event.preventDefault();
    navigate(to, { flushSync: true, replace: to === pathname });
  };
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
        const preload = {
          onPointerEnter: () => preloadRoute(to),
          onFocus: () => preloadRoute(to),
          onClick: paintAtOnce(to),
        };
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
