import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import * as styles from './kit.module.css';

export type PopupSize = 'sm' | 'md' | 'lg' | 'xl';

export interface PopupOptions {
  title?: string;
  content: ReactNode;
  size?: PopupSize;
  /** Shows a close button and lets Escape close it. */
  closable?: boolean;
  backdrop?: boolean;
  /** A click on the backdrop closes it (SPEC §2.4: the unknown-email dialog turns this off). */
  closeOnBackdrop?: boolean;
  fade?: boolean;
  autoCloseSeconds?: number;
  onClose?: () => void;
}

type ResolvedOptions = Required<Omit<PopupOptions, 'title' | 'autoCloseSeconds' | 'onClose'>> &
  Pick<PopupOptions, 'title' | 'autoCloseSeconds' | 'onClose'>;

const defaults = { size: 'md', closable: true, backdrop: true, closeOnBackdrop: true, fade: true } as const;

/** SPEC §4.6: closed → open → closing (animates out) → closed. */
type Phase = 'closed' | 'open' | 'closing';
const CLOSE_ANIMATION_MS = 150;

interface PopupValue {
  isOpen: boolean;
  open: (options: PopupOptions) => void;
  close: () => void;
}

const PopupContext = createContext<PopupValue | null>(null);

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function PopupProvider({ children }: { children: ReactNode }) {
  const [phase, setPhase] = useState<Phase>('closed');
  const [options, setOptions] = useState<ResolvedOptions | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useCallback((next: PopupOptions) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOptions({ ...defaults, ...next });
    setPhase('open');
  }, []);

  const close = useCallback(() => setPhase((current) => (current === 'open' ? 'closing' : current)), []);

  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(
      () => {
        options?.onClose?.();
        setOptions(null);
        setPhase('closed');
        returnFocus.current?.focus();
      },
      options?.fade ? CLOSE_ANIMATION_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [phase, options]);

  useEffect(() => {
    if (phase !== 'open' || !options?.autoCloseSeconds) return;
    const timer = setTimeout(close, options.autoCloseSeconds * 1000);
    return () => clearTimeout(timer);
  }, [phase, options, close]);

  // Page scroll is locked while a popup is open (SPEC §2.6).
  useEffect(() => {
    if (phase === 'closed') return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [phase]);

  const value = useMemo(() => ({ isOpen: phase === 'open', open, close }), [phase, open, close]);
  return (
    <PopupContext.Provider value={value}>
      {children}
      {options && phase !== 'closed' ? (
        <PopupLayer options={options} closing={phase === 'closing'} onClose={close} />
      ) : null}
    </PopupContext.Provider>
  );
}

function PopupLayer({
  options,
  closing,
  onClose,
}: {
  options: ResolvedOptions;
  closing: boolean;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && options.closable) {
      event.stopPropagation();
      onClose();
      return;
    }
    // Focus stays inside the dialog (SPEC §2.6): Tab wraps from the last control to the first.
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className={styles.popupLayer}
      data-closing={closing || undefined}
      data-fade={options.fade || undefined}
    >
      {options.backdrop ? (
        <div
          className={styles.backdrop}
          aria-hidden="true"
          onClick={options.closeOnBackdrop && options.closable ? onClose : undefined}
        />
      ) : null}
      <div
        ref={dialogRef}
        className={styles.dialog}
        data-size={options.size}
        role="dialog"
        aria-modal="true"
        aria-labelledby={options.title ? titleId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {options.title || options.closable ? (
          <header className={styles.dialogHeader}>
            {options.title ? (
              <h2 id={titleId} className={styles.dialogTitle}>
                {options.title}
              </h2>
            ) : null}
            {options.closable ? (
              <button type="button" className={styles.iconButton} aria-label="Close" onClick={onClose}>
                ×
              </button>
            ) : null}
          </header>
        ) : null}
        <div className={styles.dialogBody}>{options.content}</div>
      </div>
    </div>
  );
}

export function usePopup(): PopupValue {
  const value = useContext(PopupContext);
  if (!value) throw new Error('usePopup must be used inside <PopupProvider>');
  return value;
}
