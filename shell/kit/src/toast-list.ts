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

/**
 * The flashes on screen when a page leaves for another with a page load (an island of a drawn page has no
 * router, docs/decisions/222): kept for the next page of this tab, which shows them again as it starts —
 * "Welcome back!" stays in view across the sign-in's page load as it does across a route change.
 */
const CARRIED_KEY = 'trove:carried-toasts';

export function carryToasts(
  list: readonly Toast[],
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    storage?.setItem(
      CARRIED_KEY,
      JSON.stringify(list.map(({ type, message, autoCloseMs }) => ({ type, message, autoCloseMs }))),
    );
  } catch {
    // Storage blocked or full: the next page starts without them, as before.
  }
}

const TYPES: readonly string[] = ['info', 'success', 'error'];

/** The flashes the previous page carried over, once: read and forgotten. Plain checks, no schema. */
export function takeCarriedToasts(
  firstId: number,
  storage: Storage | undefined = globalThis.sessionStorage,
): Toast[] {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(CARRIED_KEY) ?? null;
    storage?.removeItem(CARRIED_KEY);
  } catch {
    return [];
  }
  let parsed: unknown;
  try {
    parsed = raw === null ? [] : JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const toasts: Toast[] = [];
  for (const item of parsed.slice(0, MAX_TOASTS)) {
    const { type, message, autoCloseMs } = (item ?? {}) as Record<string, unknown>;
    if (typeof type !== 'string' || !TYPES.includes(type) || typeof message !== 'string') continue;
    const close = typeof autoCloseMs === 'number' && autoCloseMs > 0 ? autoCloseMs : null;
    toasts.push({ id: firstId + toasts.length, type: type as ToastType, message, autoCloseMs: close });
  }
  return toasts;
}
