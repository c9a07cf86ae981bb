import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export type Theme = 'dark' | 'light';

/** docs/product/shell.md#theme: the choice is saved under this local-storage key. */
export const THEME_STORAGE_KEY = 'theme';

function root(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.documentElement;
}

export function readSavedTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme | null {
  try {
    const saved = storage?.getItem(THEME_STORAGE_KEY);
    return saved === 'dark' || saved === 'light' ? saved : null;
  } catch {
    // Storage can throw (blocked cookies, private modes); then nothing was saved.
    return null;
  }
}

/**
 * Sets exactly one of the `dark` / `light` classes on <html>; the design tokens key off them. The inline
 * color-scheme matches what shell/public/theme-init.js sets before the first paint, so the two agree.
 */
export function applyTheme(theme: Theme, element: HTMLElement | null = root()): void {
  element?.classList.toggle('dark', theme === 'dark');
  element?.classList.toggle('light', theme === 'light');
  if (element) element.style.colorScheme = theme;
}

/**
 * The saved choice, else the system preference — the same rule as shell/public/theme-init.js, which the
 * shell's page runs in <head> before the first paint. Remotes' standalone dev pages call this instead.
 */
export function applyInitialTheme(): Theme {
  const systemDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  const theme =
    readSavedTheme(typeof localStorage === 'undefined' ? undefined : localStorage) ??
    (systemDark ? 'dark' : 'light');
  applyTheme(theme);
  return theme;
}

interface ThemeValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  // docs/product/shell.md#theme: the initial value is the page's current dark class.
  const [theme, setThemeState] = useState<Theme>(() =>
    root()?.classList.contains('dark') ? 'dark' : 'light',
  );

  const setTheme = useCallback((next: Theme) => {
    applyTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not saved when storage is unavailable; the class still changes for this visit.
    }
    setThemeState(next);
  }, []);

  const value = useMemo<ThemeValue>(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
