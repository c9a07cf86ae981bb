import type { ReactNode } from 'react';

/**
 * Opens the kit's popup with a title and content, whichever shape of `open` the running kit has. The kit
 * is a run-time singleton owned by the shell, and its popup API is moving from `open({ title, content })`
 * to `open(content, { title })`; a remote deployed beside either shell must work, so this asks the
 * function itself (its declared parameter count) instead of assuming. Remove once every shell is on the
 * two-argument form.
 */
export function openPopup(popup: { open: unknown }, title: string, content: ReactNode): void {
  // Typed loosely on purpose: the two kit versions' signatures have nothing in common to name.
  const open = popup.open as (...args: unknown[]) => unknown;
  if (open.length >= 2) open(content, { title, size: 'md' });
  else open({ title, content, size: 'md' });
}
