import { DRAWN_REMOTE_ATTRIBUTE, drawnRemoteKey } from './drawn-remote';

/**
 * The drawn part of a page whose remote failed to load (docs/product/shell.md#remote-failure): its nodes,
 * taken out of the served copy the first time the remote's mount fails on that page and held for the
 * visit, so a Retry that fails again, or a return to the page, shows them again. Forgotten once the remote
 * has rendered its own page there. Keyed by remote and exposed module: each drawn part is one module's
 * page (drawn-remote.tsx), never shown for another page of the same remote.
 */
const held = new Map<string, Node[]>();

const COPY = 'div[data-prerendered]';

/** The nodes held for this module, or taken now from the served copy while it is still on the page. */
export function takeDrawnPage(
  remote: string,
  expose: string,
  doc: Document | undefined = globalThis.document,
): Node[] | null {
  const key = drawnRemoteKey(remote, expose);
  const nodes = held.get(key);
  if (nodes) return nodes;
  const drawn = doc?.querySelector(`${COPY} [${DRAWN_REMOTE_ATTRIBUTE}="${CSS.escape(key)}"]`);
  if (!drawn) return null;
  const taken = Array.from(drawn.childNodes);
  held.set(key, taken);
  return taken;
}

/** The nodes already held for this module (a Retry in progress shows them meanwhile). */
export function heldDrawnPage(remote: string, expose: string): Node[] | null {
  return held.get(drawnRemoteKey(remote, expose)) ?? null;
}

/** The remote rendered its page: what was drawn is not needed again. */
export function forgetDrawnPage(remote: string, expose: string): void {
  held.delete(drawnRemoteKey(remote, expose));
}

/** What a drawn page can operate only with its code: links and `<details>` work without it. */
const CONTROLS = 'button, [role="tab"], input:not([type="hidden"]), select, textarea';

/**
 * The parts of a kept drawn page that lost something interactive, each once, in page order: the page's
 * top-level part holding a control (a landing section, the catalog) — or, when every control of that part
 * is in one form, the form (the sign-in step), so its notice stands right above the fields.
 */
export function lostParts(container: Element): Element[] {
  const byPart = new Map<Element, Set<HTMLFormElement | null>>();
  for (const control of container.querySelectorAll(CONTROLS)) {
    let part: Element | null = control;
    while (part && part.parentElement !== container) part = part.parentElement;
    if (!part) continue;
    const form = control.closest('form');
    const forms = byPart.get(part) ?? new Set();
    forms.add(form && part.contains(form) ? form : null);
    byPart.set(part, forms);
  }
  return Array.from(byPart, ([part, forms]) => {
    const [only] = forms;
    return forms.size === 1 && only ? only : part;
  });
}

/** The controls in `container` that no longer respond, marked so for assistive technology. */
export function markLostControls(container: Element): void {
  for (const control of container.querySelectorAll(CONTROLS)) control.setAttribute('aria-disabled', 'true');
}

export const isLostControl = (target: Element) => target.closest(CONTROLS) !== null;
