import { type ReactNode, startTransition, useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CONTROLS, carryValues, counterpart, FOCUSABLE } from './carry-state';

// One island of a drawn page (shell/src/islands.ts, docs/decisions/190, 222) replacing its drawn part: what
// the visitor did there before the island's code ran carries over to the island's first commit — typed
// values, ticked boxes, the focus and caret, and the press theme-init.js held back (`data-pending-press`),
// pressed again. No kit here: the islands' chunk must not pull the kit or the app in.

/** Set on an island's element once its root has committed: theme-init.js leaves its presses alone then. */
export const ISLAND_LIVE = 'data-island-live';

/** The element focused last inside each drawn part, so the focus moves to its counterpart. */
let lastFocused: Element | null = null;
globalThis.document?.addEventListener('focusin', (event) => {
  lastFocused = event.target instanceof Element ? event.target : null;
});

/**
 * After the island's first commit has replaced the drawn nodes (createRoot clears its container), in the
 * same task and before the paint: the drawn nodes, still holding what was typed, hand it to the live ones.
 */
export function carryIntoIsland(place: HTMLElement, drawn: Node[]): void {
  const before = document.createElement('div');
  before.append(...drawn);
  carryValues(before, place);
  if (lastFocused && before.contains(lastFocused)) {
    const field = lastFocused;
    const target = counterpart(field, before, place, FOCUSABLE);
    target?.focus({ preventScroll: true });
    if (target instanceof HTMLInputElement && field instanceof HTMLInputElement) {
      try {
        target.setSelectionRange(field.selectionStart, field.selectionEnd);
      } catch {
        // Not every input type has a caret (checkboxes, email in some engines).
      }
    }
  }
  hideDrawnTwins(place);
  place.setAttribute(ISLAND_LIVE, '');
  const pending = place.dataset.pendingPress;
  delete place.dataset.pendingPress;
  const pressed =
    pending === undefined ? null : place.querySelectorAll<HTMLElement>(CONTROLS)[Number(pending)];
  // After this commit's effects, as the app's hand-off does: a mount effect must not undo the press.
  if (pressed) setTimeout(() => pressed.click(), 0);
}

/**
 * A named region the island renders that the drawn page also holds outside its islands — the kit's flash
 * region ("Notifications"), drawn empty with the page and rendered again by an island's kit providers: the
 * drawn one (always empty) leaves, so the page keeps one region of each name and the flashes show in the
 * live one. Removed, not `hidden`: the region's own `display` rule would override the attribute.
 */
function hideDrawnTwins(place: HTMLElement): void {
  const copy = place.closest('div[data-prerendered]');
  if (!copy) return;
  for (const region of place.querySelectorAll('section[aria-label]')) {
    const label = CSS.escape(region.getAttribute('aria-label') ?? '');
    for (const twin of copy.querySelectorAll<HTMLElement>(`section[aria-label="${label}"]`)) {
      if (!twin.closest('[data-island]')) twin.remove();
    }
  }
}

/** boot-after-paint.js marks the page once the app itself has been asked to start. */
export function appRequested(doc: Document = document): boolean {
  return doc.documentElement.dataset.troveBoot === 'app';
}

/**
 * A press theme-init.js held back for an island that will not run (`data-pending-press`, the control's
 * index among the island's) becomes the page's (its index among the drawn copy's), which the app's hand-off
 * presses again (handoff.ts) — unless a press is held for the page already.
 */
export function handPressToApp(place: HTMLElement, doc: Document = document): void {
  const pending = place.dataset.pendingPress;
  if (pending === undefined) return;
  delete place.dataset.pendingPress;
  const control = place.querySelectorAll(CONTROLS)[Number(pending)];
  const copy = place.closest('div[data-prerendered]');
  if (!control || !copy || doc.documentElement.dataset.pendingPress !== undefined) return;
  doc.documentElement.dataset.pendingPress = String(
    Array.from(copy.querySelectorAll(CONTROLS)).indexOf(control),
  );
}

/** Renders beside the island: its layout effect runs in the commit that put the island in the DOM. */
function IslandShown({ onShown, children }: { onShown: () => void; children: ReactNode }) {
  useLayoutEffect(onShown, [onShown]);
  return children;
}

/**
 * Renders `island` into `place` (createRoot clears the drawn nodes in the commit that puts the island's in,
 * so nothing flashes) and carries the visitor's state over in that same commit. The render is a transition:
 * React renders it in 5 ms slices, where the sign-in card's first render was one 82 ms task at CPU ×4 (issue
 * 41's blocking time, docs/decisions/238); the drawn part answers meanwhile as before the island ran.
 */
export function mountIsland(place: HTMLElement, island: ReactNode): Root {
  const drawn = Array.from(place.childNodes);
  const root = createRoot(place);
  const onShown = () => carryIntoIsland(place, drawn);
  startTransition(() => root.render(<IslandShown onShown={onShown}>{island}</IslandShown>));
  return root;
}
