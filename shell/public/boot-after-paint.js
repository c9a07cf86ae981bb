// Prerendered pages only (docs/decisions/008, 055): starts the app's entry once the drawn page has been
// painted. With a plain <script defer>, a fast connection can run the entry (the federation runtime,
// ~50-100 ms of work on a slow phone) before the first frame, holding that frame back — the very paint
// the prerender exists for. A file, not inline code: the CSP allows scripts from 'self' only.
//
// data-boot="visible" (the landing page): on input, or when a section that moves comes near (below).
// data-boot="interaction" (every other public page, which reads and takes input without the app): later still —
// on the first press, key or touch, or once the browser has been idle after the load — so the app's code
// neither competes with the page's own bytes nor runs before the visitor does anything. Either way a
// press on a drawn control that needs the app (theme-init.js sends trove:start-now) starts it at once.
(() => {
  const script = document.currentScript;
  const main = script?.dataset.main;
  if (!main) return;
  const html = document.documentElement;
  let requested = false;
  const load = () => {
    if (requested) return;
    requested = true;
    const entry = document.createElement('script');
    entry.src = main;
    document.head.append(entry);
  };
  let started = false;
  const boot = () => {
    if (started) return;
    started = true;
    // The entry may be here already for the landing page's islands (index.ts): then it is told to go on.
    const islandsOnly = html.dataset.troveBoot === 'islands';
    html.dataset.troveBoot = 'app';
    if (islandsOnly) document.dispatchEvent(new Event('trove:boot-app'));
    load();
  };
  // The islands of the sign-in pages and /integrations (docs/decisions/222): the entry, told to start only
  // the parts that move.
  const islands = () => {
    if (started || requested) return;
    html.dataset.troveBoot = 'islands';
    load();
  };
  document.addEventListener('trove:start-now', boot, { once: true });
  /** Whether the sign-in card remembers an email here (its step then differs from the drawn one). */
  const rememberedEmail = () => {
    try {
      return window.localStorage.getItem('rememberEmail') === '1';
    } catch {
      // Storage can be blocked; then nothing is remembered.
      return false;
    }
  };

  const mode = script.dataset.boot;
  if (mode === 'islands') {
    // docs/decisions/222 (the sign-in pages, /integrations): the parts that move are islands of their own
    // (the sign-in card, the catalog). They start when the visitor does something — the first press, key,
    // touch or value typed into a field; theme-init.js sends trove:island-now for a press inside one. The
    // app starts only when a drawn control outside them needs it (trove:start-now, above), never on idle:
    // it would redraw an island the visitor is using.
    // docs/decisions/245: not on idle either for a visitor whose page is what was drawn — untouched, the page
    // runs no script of ours after this one, so nothing can block the first press (issue 41's blocking time).
    // Two kinds of visitor see something the drawn page lacks, and get it on idle: one holding a session's
    // readable CSRF cookie (the app: the signed-in chrome, the guest-only pages' redirect) and one whose
    // email the sign-in card remembers (its first step is that email's; the keys are the auth remote's,
    // mfe-auth/src/features/auth-flow/remembered-email.ts).
    const signedIn = /(?:^|;\s*)(?:__Host-)?csrf_(?:access|refresh)_token=/.test(document.cookie);
    const start = signedIn ? boot : islands;
    document.addEventListener('trove:island-now', start, { once: true });
    const inputs = ['pointerdown', 'keydown', 'touchstart', 'input'];
    const onInput = () => {
      for (const type of inputs) window.removeEventListener(type, onInput, true);
      start();
    };
    for (const type of inputs) window.addEventListener(type, onInput, { capture: true, passive: true });
    if (!signedIn && !rememberedEmail()) return;
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(start, { timeout: 4000 });
      else setTimeout(start, 2000);
    };
    if (document.readyState === 'complete') setTimeout(idle, 1000);
    else window.addEventListener('load', () => setTimeout(idle, 1000), { once: true });
    return;
  }
  if (mode === 'interaction' || mode === 'visible') {
    // Not focus: a page's autofocus field would start the app at once. Tabbing to a field is a keydown.
    const inputs = ['pointerdown', 'keydown', 'touchstart'];
    const onInput = () => {
      for (const type of inputs) window.removeEventListener(type, onInput, true);
      boot();
    };
    for (const type of inputs) window.addEventListener(type, onInput, { capture: true, passive: true });
    if (mode === 'visible') {
      // docs/decisions/190: the landing page's static sections (data-static) never need the app; a section
      // that moves does once it comes within 200px of the viewport — scrolled to, or opened at its #anchor.
      // Nothing starts just because the browser is idle: the hero's typing demo is the page's own script's.
      const moving = () =>
        document.querySelectorAll('div[data-prerendered] [data-section]:not([data-static])');
      const watch = () => {
        if (typeof window.IntersectionObserver !== 'function') return boot();
        const observer = new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            observer.disconnect();
            boot();
          },
          { rootMargin: '200px 0px' },
        );
        for (const section of moving()) observer.observe(section);
      };
      if (document.readyState === 'loading')
        document.addEventListener('DOMContentLoaded', watch, { once: true });
      else watch();
      // What moves without anyone asking (the hero's typing demo, the downloads) is the page's own plain
      // script's (docs/decisions/245): nothing of the app starts just because the browser is idle.
      return;
    }
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(boot, { timeout: 4000 });
      else setTimeout(boot, 2000);
    };
    // After the load and a quiet moment: the page's own images and fonts have their bandwidth first.
    if (document.readyState === 'complete') setTimeout(whenIdle, 1000);
    else window.addEventListener('load', () => setTimeout(whenIdle, 1000), { once: true });
    return;
  }

  // The browser's own record of the first contentful paint, reported once that paint has happened.
  // A frame callback alone was not enough: under load the first frame's paint could still come after.
  const paints = window.PerformanceObserver?.supportedEntryTypes?.includes('paint');
  if (paints) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        setTimeout(boot, 0);
      }
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(boot, 0));
  }
  // A page opened in a background tab paints nothing until it is shown; start it anyway.
  setTimeout(boot, 1000);
})();
