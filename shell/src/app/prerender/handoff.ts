import { releasePrerenderedStyles } from '@trove/kit';
import { useLayoutEffect } from 'react';
import { CONTROLS, carryValues, counterpart, FOCUSABLE } from './carry-state';

/**
 * A public page arrives already drawn (docs/decisions/008, 055): nginx serves the shell's page plus the
 * page's markup prerendered at build time, with `#root` hidden. The app renders into the hidden root
 * meanwhile; once its page is really there (the remote has rendered, or its error with Retry has) the
 * drawn copy goes and the root is shown, in one layout pass before the next paint, so nothing flashes or
 * moves. What the visitor did on the copy carries over (docs/decisions/056): the control they pressed
 * before the app arrived is pressed again on the live page, the focus and typed values move with them.
 * A page served without a copy (the signed-in area) is untouched.
 */
const COPY = 'div[data-prerendered]';

export function hasPrerenderedPage(doc: Document = document): boolean {
  return doc.querySelector(COPY) !== null;
}

/** Removes the prerendered markup and shows the app's root, carrying the visitor's state. Safe to call again. */
export function handOffPrerenderedPage(doc: Document = document): void {
  const copies = Array.from(doc.querySelectorAll(COPY));
  const root = doc.getElementById('root');
  if (copies.length === 0) {
    releasePrerenderedStyles(doc);
    return;
  }
  const copy = copies[0] as Element;
  const active = doc.activeElement;
  const focused = root && active && copy.contains(active) ? counterpart(active, copy, root, FOCUSABLE) : null;
  const pending = doc.documentElement.dataset.pendingPress;
  delete doc.documentElement.dataset.pendingPress;
  const pressed =
    root && pending !== undefined ? root.querySelectorAll<HTMLElement>(CONTROLS)[Number(pending)] : null;
  if (root) carryValues(copy, root);
  // The scroll position is kept as it is: both pages are laid out alike, so the same offset shows the
  // same content (a visitor may have scrolled, or followed #pricing, before the app arrived).
  if (root) root.hidden = false;
  for (const element of copies) element.remove();
  // The drawn page's islands (shell/src/islands.ts, docs/decisions/190) left with it: their roots can go.
  doc.dispatchEvent(new Event('trove:prerender-gone'));
  releasePrerenderedStyles(doc);
  focused?.focus({ preventScroll: true });
  if (pressed) {
    pressed.focus({ preventScroll: true });
    // After this commit's effects: a component's mount effects (the account menu closes itself on a
    // new path) must not undo the press.
    setTimeout(() => pressed.click(), 0);
  }
}

/**
 * Rendered beside a page's content, inside the same Suspense boundary: its layout effect runs in the
 * commit that puts that content in the DOM, before the browser paints it.
 */
export function PageShown() {
  useLayoutEffect(() => handOffPrerenderedPage(), []);
  return null;
}
