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
import { addToast, DEFAULT_TOAST_TIMEOUT_MS, removeToast, type Toast, type ToastType } from './toast-list';

export interface ShowToastOptions {
  type?: ToastType;
  message: string;
  /** Defaults to 4000 ms (SPEC §4.6); null keeps the toast until it is closed. */
  timeoutMs?: number | null;
}

interface ToastsValue {
  toasts: readonly Toast[];
  show: (options: ShowToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastsContext = createContext<ToastsValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => removeToast(list, id)), []);
  const show = useCallback((options: ShowToastOptions) => {
    const id = nextId.current++;
    const timeoutMs = options.timeoutMs === undefined ? DEFAULT_TOAST_TIMEOUT_MS : options.timeoutMs;
    setToasts((list) =>
      addToast(list, { id, type: options.type ?? 'info', message: options.message, timeoutMs }),
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
    if (toast.timeoutMs === null) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.timeoutMs, onDismiss]);

  return (
    <div className={styles.toast} data-type={toast.type} role={toast.type === 'error' ? 'alert' : 'status'}>
      <span className={styles.toastMessage}>{toast.message}</span>
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Dismiss"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function useToasts(): ToastsValue {
  const value = useContext(ToastsContext);
  if (!value) throw new Error('useToasts must be used inside <ToastProvider>');
  return value;
}
