// What a visitor did on a drawn part carries over to the live one that replaces it (docs/decisions/056): the
// app's hand-off (handoff.ts) and an island's first render (shell/src/islands.ts, docs/decisions/222). No
// imports: the islands' chunk must not pull the kit or the app in.

/** The controls theme-init.js remembers a press on, in the same order (shell/public/theme-init.js). */
export const CONTROLS = 'button, [role="tab"], summary, input, select, textarea';
export const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';
const FIELDS = 'input, textarea';

/** The element at the same place in `to`'s list as `element` holds in `from`'s. */
export function counterpart(
  element: Element,
  from: Element,
  to: Element,
  selector: string,
): HTMLElement | null {
  const index = Array.from(from.querySelectorAll(selector)).indexOf(element);
  return index < 0 ? null : (to.querySelectorAll<HTMLElement>(selector)[index] ?? null);
}

/**
 * Values typed into the copy's fields, set on the live ones the way React notices (the native setter and
 * an input event), and boxes ticked there ticked here (a click, as a person would).
 */
export function carryValues(copy: Element, root: Element): void {
  const drawn = Array.from(copy.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELDS));
  const live = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELDS);
  drawn.forEach((field, index) => {
    const target = live[index];
    if (!target || target.type !== field.type) return;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked && (target as HTMLInputElement).checked !== field.checked) {
        target.click();
      }
      return;
    }
    if (field.value === field.defaultValue || target.value === field.value) return;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value')?.set;
    setter?.call(target, field.value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
