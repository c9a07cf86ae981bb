// Sets the theme class on <html> before the first paint, so a reload never flashes the other theme
// (SPEC §4.2). It is a file loaded by a blocking <script src> in <head>, not inline code, so the CSP
// stays `script-src 'self'`. The rule matches the kit's applyInitialTheme: the saved `theme`, else the
// system preference. Kept tiny and dependency-free: it runs before anything else on the page.
(() => {
  let theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    // Storage can be blocked; then nothing was saved.
  }
  if (theme !== 'dark' && theme !== 'light') {
    const dark =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
    theme = dark ? 'dark' : 'light';
  }
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  // The stylesheets arrive with the app's code, later; until then the browser paints its own canvas,
  // which follows color-scheme. Setting it here keeps that canvas in the chosen theme too.
  root.style.colorScheme = theme;
})();
