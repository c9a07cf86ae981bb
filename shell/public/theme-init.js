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
  // zod, in every bundle this page loads, builds its parsers without `new Function`: its probe for eval is
  // refused by the CSP (script-src 'self'), and Chromium reports the refusal as an issue even though zod catches
  // it (Lighthouse's best practices on every page with a form, docs/decisions/233). zod keeps its settings on
  // globalThis.__zod_globalConfig, one object for every copy of it, so set here, before any bundle, it reaches all.
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
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

  // docs/decisions/227: a press begun on a drawn control and finished after the live page has replaced it
  // (the island's first commit, or the app's hand-off, between the finger going down and coming up — a
  // person's press lasts 50–150 ms, long enough on a slow phone). The browser sends no click then (the
  // control went down on is gone), so the press would be lost: it is pressed on the live counterpart, the
  // control at the same place in the same list (the island's, else the whole page's, as handoff.ts reads
  // it), if the finger came up on it (or Space, below, on it). Fields are left alone: a press on one only
  // focuses it, and the focus moves with the visitor anyway.
  const FIELD = 'select, textarea, input:not([type="checkbox"]):not([type="radio"])';
  let down = null;
  const onDown = (event) => {
    down = null;
    const drawn = copy();
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest(CONTROLS);
    if (!drawn || !control || !drawn.contains(control) || control.matches(FIELD)) return;
    if (control.closest('[data-island-live]')) return;
    const island = control.closest('[data-island]');
    down = {
      control,
      island,
      inIsland: island ? Array.from(island.querySelectorAll(CONTROLS)).indexOf(control) : -1,
      inPage: Array.from(drawn.querySelectorAll(CONTROLS)).indexOf(control),
    };
  };
  const onUp = (event) => {
    const pressed = down;
    down = null;
    // Still on the page: the browser's own click follows, answered as any other.
    if (!pressed || pressed.control.isConnected) return;
    const live = pressed.island?.isConnected
      ? pressed.island.querySelectorAll(CONTROLS)[pressed.inIsland]
      : document.getElementById('root')?.querySelectorAll(CONTROLS)[pressed.inPage];
    const target = event.target instanceof Element ? event.target : null;
    // Come up somewhere else: no press, as on any button the finger slides off.
    if (!live || !target || !live.contains(target)) return;
    // A browser that does send the click to the live control presses it once, never twice.
    let clicked = false;
    const onClick = (click) => {
      if (click.target instanceof Node && live.contains(click.target)) clicked = true;
    };
    document.addEventListener('click', onClick, true);
    setTimeout(() => {
      document.removeEventListener('click', onClick, true);
      if (!clicked) live.click();
    }, 0);
  };

  // Once a page, however often the file runs.
  if (!window.__troveEarlyPresses) {
    window.__troveEarlyPresses = true;
    document.addEventListener('click', onPress, true);
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('pointerup', onUp, true);
    // The same for Space on a focused button (its click comes on the key's release; the focus has moved
    // to the live counterpart by then, handoff.ts and island-mount.tsx carry it).
    document.addEventListener(
      'keydown',
      (event) => event.key === ' ' && !event.repeat && onDown(event),
      true,
    );
    document.addEventListener('keyup', (event) => event.key === ' ' && onUp(event), true);
  }
})();
