import { useTheme } from '@trove/kit';
import * as styles from './chrome.module.css';
import { MoonIcon, SunIcon } from '@trove/kit/icons';

/** SPEC §2.2 / §4.2: the light/dark toggle; in the rail, the drawer and the public header. */
export function ThemeToggle({ variant }: { variant: 'rail' | 'bar' | 'drawer' }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  if (variant === 'drawer') {
    return (
      <button
        type="button"
        className={styles.drawerLink}
        onClick={toggleTheme}
        aria-pressed={theme === 'dark'}
      >
        {theme === 'dark' ? <MoonIcon /> : <SunIcon />}
        Dark theme
        <span className={styles.switch} aria-hidden="true" />
      </button>
    );
  }
  return (
    <button
      type="button"
      className={variant === 'rail' ? styles.railButton : styles.barButton}
      onClick={toggleTheme}
      aria-label={label}
      data-tooltip={variant === 'rail' ? label : undefined}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
