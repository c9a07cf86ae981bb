export type ToastType = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** Milliseconds until it closes by itself; null keeps it until closed. */
  autoCloseMs: number | null;
}

/** docs/product/shell.md#toasts: the flash list keeps at most three, newest first. */
export const MAX_TOASTS = 3;
/** docs/product/shell.md#toasts: default auto-close. */
export const DEFAULT_TOAST_TIMEOUT_MS = 4000;

export function addToast(list: readonly Toast[], toast: Toast): Toast[] {
  return [toast, ...list].slice(0, MAX_TOASTS);
}

export function removeToast(list: readonly Toast[], id: number): Toast[] {
  return list.filter((toast) => toast.id !== id);
}
