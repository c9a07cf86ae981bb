import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import * as styles from './kit.module.css';
import {
  addToast,
  DEFAULT_TOAST_TIMEOUT_MS,
  removeToast,
  type Toast,
  type ToastType,
  takeCarriedToasts,
} from './toast-list';

export interface ShowToastOptions {
  type?: ToastType;
  message: string;
  /** Defaults to 4000 ms (docs/product/shell.md#toasts); null keeps the toast until it is closed. */
  autoCloseMs?: number | null;
}

/** The app's one toast layer (docs/product/shell.md#toasts); remotes reach it through `useToasts`, never their own. */

interface ToastsValue {
  toasts: readonly Toast[];
  show: (options: ShowToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastsContext = createContext<ToastsValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  // A previous page's flashes, carried across a page load (toast-list.ts), shown from the first render.
  const [toasts, setToasts] = useState<Toast[]>(() => takeCarriedToasts(1));
  const nextId = useRef(toasts.length + 1);

  const dismiss = useCallback((id: number) => setToasts((list) => removeToast(list, id)), []);
  const show = useCallback((options: ShowToastOptions) => {
    const id = nextId.current++;
    const autoCloseMs = options.autoCloseMs === undefined ? DEFAULT_TOAST_TIMEOUT_MS : options.autoCloseMs;
    setToasts((list) =>
      addToast(list, { id, type: options.type ?? 'info', message: options.message, autoCloseMs }),
    );
    return id;
  }, []);

  const value = useMemo(() => ({ toasts, show, dismiss }), [toasts, show, dismiss]);
  return (
    <ToastsContext.Provider value={value}>
      {children}
      <section className={styles.toasts} aria-label="Notifications" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastsContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.autoCloseMs === null) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.autoCloseMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.autoCloseMs, onDismiss]);

  return (
    <div className={styles.toast} data-type={toast.type} role={toast.type === 'error' ? 'alert' : 'status'}>
      <span className={styles.toastMessage}>{toast.message}</span>
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

export function useToasts(): ToastsValue {
  const value = useContext(ToastsContext);
  if (!value) throw new Error('useToasts must be used inside <ToastProvider>');
  return value;
}
