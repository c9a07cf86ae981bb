import { type RefObject, useEffect } from 'react';

/**
 * While `open`, Escape or a press outside every one of `inside` calls `onDismiss` (docs/product/shell.md#navigation: the account
 * menu and the drawer close on Escape and on outside click). `pointerdown` rather than `click`, so a
 * press that starts outside and drags in still counts as outside, as people expect of menus.
 */
export function useDismiss(
  open: boolean,
  onDismiss: () => void,
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onDismiss();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (inside.some((ref) => ref.current?.contains(target))) return;
      onDismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, onDismiss, inside]);
}
