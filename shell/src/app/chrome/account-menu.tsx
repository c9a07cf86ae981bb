import { Avatar, displayName, secondaryLine, useSession } from '@trove/kit';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import * as styles from './chrome.module.css';
import { CreateAccountIcon, LoginIcon, LogoutIcon, ProfileIcon } from '@trove/kit/icons';
import { useDismiss } from './use-dismiss';

/**
 * The account menu (docs/product/shell.md#rail): 18rem, opened from the rail or a header, closed by Escape or a press
 * outside. Signed in: Profile and Logout (then /). Guest: Login and Create account.
 */
export function AccountMenu({ placement }: { placement: 'rail' | 'bar' }) {
  const { status, user, logout } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const inside = useMemo(() => [buttonRef, panelRef], []);

  const close = useCallback(() => setOpen(false), []);
  const closeAndRefocus = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useDismiss(open, closeAndRefocus, inside);

  // A new page closes the menu, like any navigation would. Only a change: on mount the menu may already
  // have been opened by a press made on the prerendered page (docs/decisions/056).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
  }, [pathname]);

  const signedIn = status === 'user' && user !== null;
  const name = displayName(signedIn ? user : null);

  const onLogout = async () => {
    setOpen(false);
    // docs/product/shell.md#account-menu: after logout the user goes to /. Leaving first means a guarded page never flashes its
    // "sign in" redirect while the request is out; logout ends as guest whatever the server says.
    navigate('/');
    await logout();
  };

  return (
    <div className={styles.accountMenu} data-placement={placement}>
      <button
        ref={buttonRef}
        type="button"
        className={placement === 'rail' ? styles.railButton : styles.avatarButton}
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-tooltip={placement === 'rail' ? 'Account' : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuAvatar signedIn={signedIn} name={name} size={32} />
      </button>
      {open ? (
        <section
          ref={panelRef}
          id={panelId}
          className={styles.accountPanel}
          data-placement={placement}
          aria-label="Account"
        >
          <div className={styles.accountHeader}>
            <MenuAvatar signedIn={signedIn} name={name} size={44} />
            <div className={styles.accountWho}>
              <p className={styles.accountName}>{name}</p>
              <p className={styles.accountSecondary}>{secondaryLine(signedIn ? user : null)}</p>
            </div>
          </div>
          <ul className={styles.accountItems}>
            {signedIn ? (
              <>
                <li>
                  <Link to="/profile" className={styles.accountItem} onClick={close}>
                    <ProfileIcon />
                    Profile
                  </Link>
                </li>
                <li>
                  <button type="button" className={styles.accountItem} onClick={() => void onLogout()}>
                    <LogoutIcon />
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to="/auth/login" className={styles.accountItem} onClick={close}>
                    <LoginIcon />
                    Login
                  </Link>
                </li>
                <li>
                  <Link to="/auth/register" className={styles.accountItem} data-primary="" onClick={close}>
                    <CreateAccountIcon />
                    Create account
                  </Link>
                </li>
              </>
            )}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** The kit's Avatar (docs/product/shell.md#avatar): the user's initials, or a person icon for a guest. */
function MenuAvatar({ signedIn, name, size }: { signedIn: boolean; name: string; size: number }) {
  return (
    <Avatar name={name} size={size} icon={signedIn ? undefined : <ProfileIcon />} className={styles.avatar} />
  );
}
