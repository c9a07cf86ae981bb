import { useTheme } from '@trove/kit';
import { MoonIcon, SunIcon } from '@trove/kit/icons';
import * as styles from './chrome.module.css';

/**
 * Both icons, the one for the page's current theme shown by CSS (the `dark` class on <html>): right from
 * the first paint of a prerendered page in either theme, and after shell/public/theme-init.js has
 * switched the theme before the app's code runs (docs/decisions/056).
 */
function ThemeIcons({ inDark, inLight }: { inDark: 'sun' | 'moon'; inLight: 'sun' | 'moon' }) {
  const icon = (which: 'sun' | 'moon') => (which === 'sun' ? <SunIcon /> : <MoonIcon />);
  return (
    <>
      <span className={styles.themeIconDark}>{icon(inDark)}</span>
      <span className={styles.themeIconLight}>{icon(inLight)}</span>
    </>
  );
}

/** docs/product/shell.md#drawer, docs/product/shell.md#theme: the light/dark toggle; in the rail, the drawer and the public header. */
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
        data-theme-toggle="drawer"
      >
        <ThemeIcons inDark="moon" inLight="sun" />
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
      // theme-init.js operates this button until the app has taken over a prerendered page.
      data-theme-toggle={variant}
    >
      <ThemeIcons inDark="sun" inLight="moon" />
    </button>
  );
}
