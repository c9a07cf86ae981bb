import { useTheme } from '@trove/kit';
import { MoonIcon, SunIcon } from './icons';
import * as styles from './chrome.module.css';

export function ThemeToggle({ variant }: { variant: 'rail' | 'bar' }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button
      type="button"
      className={variant === 'rail' ? styles.railButton : styles.barLink}
      onClick={toggleTheme}
      aria-label={label}
      data-tooltip={label}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
