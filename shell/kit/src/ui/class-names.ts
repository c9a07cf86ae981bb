/** Joins the class names that are set: a primitive's own, then the caller's (which win, ADR 041). */
export function classNames(...names: readonly (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
