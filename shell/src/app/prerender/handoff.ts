import { useLayoutEffect } from 'react';

/**
 * `/` arrives with the landing page already drawn (docs/decisions/008): nginx serves landing.html, the
 * shell's page plus markup prerendered at build time, and `#root` hidden. The app renders into the
 * hidden root meanwhile; once the page is really there (the remote has rendered, or its error with Retry
 * has) the prerendered copy goes and the root is shown, in one layout pass before the next paint, so
 * nothing flashes or moves. Every other path gets the plain index.html, where this does nothing.
 */
const PRERENDERED = '[data-prerendered]';

export function hasPrerenderedPage(doc: Document = document): boolean {
  return doc.querySelector(PRERENDERED) !== null;
}

/** Removes the prerendered markup and its stylesheet and shows the app's root. Safe to call again. */
export function handOffPrerenderedPage(doc: Document = document): void {
  const copies = doc.querySelectorAll(PRERENDERED);
  if (copies.length === 0) return;
  // The scroll position is kept as it is: both pages are laid out alike, so the same offset shows the
  // same content (a visitor may have scrolled, or followed #pricing, before the app arrived).
  const root = doc.getElementById('root');
  if (root) root.hidden = false;
  for (const copy of copies) copy.remove();
}

/**
 * Rendered beside a page's content, inside the same Suspense boundary: its layout effect runs in the
 * commit that puts that content in the DOM, before the browser paints it.
 */
export function PageShown() {
  useLayoutEffect(() => handOffPrerenderedPage(), []);
  return null;
}
