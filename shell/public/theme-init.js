// Sets the theme class on <html> before the first paint, so a reload never flashes the other theme
// (docs/product/shell.md#theme). It is a file loaded by a blocking <script src> in <head>, not inline code, so the CSP
// stays `script-src 'self'`. The rule matches the kit's applyInitialTheme: the saved `theme`, else the
// system preference. Kept tiny and dependency-free: it runs before anything else on the page.
//
// On a prerendered page (docs/decisions/055, 056) it also answers the first presses, before the app's
// code has arrived: the theme toggle works here and now; any other control of the drawn page (the
// account menu, a tab) is remembered, the app is asked to start at once, and the shell presses the same
// control of its own page when it takes over (shell/src/app/prerender/handoff.ts). Links need nothing:
// they are real links.
(() => {
  const root = document.documentElement;
  const apply = (theme) => {
    root.classList.toggle('dark', theme === 'dark');
    root.classList.toggle('light', theme === 'light');
    // The stylesheets arrive with the app's code, later; until then the browser paints its own canvas,
    // which follows color-scheme. Setting it here keeps that canvas in the chosen theme too.
    root.style.colorScheme = theme;
  };
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
  apply(theme);

  // The drawn page was drawn in the light theme: the toggles' names follow the theme actually shown.
  const copy = () => document.querySelector('div[data-prerendered]');
  const nameToggles = () => {
    const dark = root.classList.contains('dark');
    for (const toggle of copy()?.querySelectorAll('[data-theme-toggle]') ?? []) {
      if (toggle.dataset.themeToggle === 'drawer') toggle.setAttribute('aria-pressed', String(dark));
      else toggle.setAttribute('aria-label', dark ? 'Switch to light theme' : 'Switch to dark theme');
    }
  };
  document.addEventListener('DOMContentLoaded', nameToggles, { once: true });

  const islandsPage = () => document.querySelector('script[data-boot="islands"]') !== null;
  // What the shell presses again on its own page: the same list, in the same order (handoff.ts).
  const CONTROLS = 'button, [role="tab"], summary, input, select, textarea';
  const onPress = (event) => {
    const drawn = copy();
    if (!drawn) {
      // The app has taken over: from here on its own handlers answer.
      if (document.readyState !== 'loading') document.removeEventListener('click', onPress, true);
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    const toggle = target?.closest('[data-theme-toggle]');
    if (toggle && drawn.contains(toggle)) {
      event.preventDefault();
      const next = root.classList.contains('dark') ? 'light' : 'dark';
      apply(next);
      try {
        window.localStorage.setItem('theme', next);
      } catch {
        // Not saved; the page still switches.
      }
      nameToggles();
      return;
    }
    const control = target?.closest(CONTROLS);
    if (!control || !drawn.contains(control)) return;
    // docs/decisions/222: on a page whose parts that move run as islands (the sign-in card, the catalog),
    // a press inside one is that island's: once it runs, its own handlers answer; before, the island is
    // asked to start at once and the press (never a field's: those work natively) is pressed again there.
    const island = islandsPage() ? control.closest('[data-island]') : null;
    if (island?.hasAttribute('data-island-live')) return;
    if (island) document.dispatchEvent(new Event('trove:island-now'));
    if (control.matches('input, select, textarea')) return;
    event.preventDefault();
    if (island) {
      island.dataset.pendingPress = String(Array.from(island.querySelectorAll(CONTROLS)).indexOf(control));
      return;
    }
    root.dataset.pendingPress = String(Array.from(drawn.querySelectorAll(CONTROLS)).indexOf(control));
    if (control.hasAttribute('aria-expanded')) control.setAttribute('aria-busy', 'true');
    document.dispatchEvent(new Event('trove:start-now'));
  };
  // Once a page, however often the file runs.
  if (!window.__troveEarlyPresses) {
    window.__troveEarlyPresses = true;
    document.addEventListener('click', onPress, true);
  }
})();
