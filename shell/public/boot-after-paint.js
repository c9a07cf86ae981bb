// landing.html only (docs/decisions/008): starts the app's entry script once the prerendered page has
// been painted. With a plain <script defer>, a fast connection can run the entry (the federation
// runtime, ~50-100 ms of work on a slow phone) before the first frame, holding that frame back — the
// very paint the prerender exists for. The entry is preloaded (low priority) by a <link> beside this
// file, so waiting for the paint costs no download time. A file, not inline code: the CSP allows
// scripts from 'self' only.
(() => {
  const main = document.currentScript?.dataset.main;
  if (!main) return;
  let started = false;
  const boot = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.src = main;
    document.head.append(script);
  };
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
