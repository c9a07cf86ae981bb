import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
} from 'react';
import * as styles from './kit.module.css';
import { useFocusTrap, useScrollLock } from './overlay';
import { initialPopupState, type PopupOptions, type PopupPhase, popupReducer } from './popup-state';

export type { PopupOptions, PopupSize } from './popup-state';

/** How long the closing state lasts when the popup fades (matches the CSS transition). */
export const POPUP_CLOSE_MS = 150;

export interface PopupValue {
  phase: PopupPhase;
  isOpen: boolean;
  /** Opens `content` with the defaults overlaid by `options` (docs/product/shell.md#popups); returns its ticket. */
  open: (content: ReactNode, options?: Partial<PopupOptions>) => number;
  /** Closes the popup; with a ticket, only if that popup is still the one open. */
  close: (ticket?: number) => void;
}

const PopupContext = createContext<PopupValue | null>(null);

/** The app's one popup layer (docs/product/shell.md#popups). Remotes reach it through `usePopup`, never their own. */
export function PopupProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(popupReducer, initialPopupState);
  const ticketRef = useRef(0);
  ticketRef.current = state.ticket;

  const open = useCallback((content: ReactNode, options?: Partial<PopupOptions>) => {
    dispatch({ type: 'open', content, options });
    // The reducer numbers openings one after another; this is the number it is about to give.
    ticketRef.current += 1;
    return ticketRef.current;
  }, []);
  const close = useCallback((ticket?: number) => dispatch({ type: 'close', ticket }), []);

  const { phase, options } = state;

  // Closing → closed after the fade, then the caller hears about it.
  useEffect(() => {
    if (phase !== 'closing') return;
    const onClose = options.onClose;
    const timer = setTimeout(
      () => {
        dispatch({ type: 'closed' });
        onClose?.();
      },
      options.backgroundFade ? POPUP_CLOSE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [phase, options]);

  // docs/product/shell.md#popups: optional auto-close after a number of seconds.
  useEffect(() => {
    if (phase !== 'open' || !options.autocloseSeconds || options.autocloseSeconds <= 0) return;
    const ticket = state.ticket;
    const timer = setTimeout(() => dispatch({ type: 'close', ticket }), options.autocloseSeconds * 1000);
    return () => clearTimeout(timer);
  }, [phase, options, state.ticket]);

  // docs/product/shell.md#popups: Escape closes when closable.
  useEffect(() => {
    if (phase !== 'open' || !options.closable) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      dispatch({ type: 'close' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [phase, options.closable]);

  useScrollLock(phase !== 'closed');

  const value = useMemo<PopupValue>(
    () => ({ phase, isOpen: phase === 'open', open, close }),
    [phase, open, close],
  );
  return (
    <PopupContext.Provider value={value}>
      {children}
      {phase !== 'closed' ? (
        <PopupLayer
          key={state.ticket}
          options={options}
          closing={phase === 'closing'}
          onClose={() => dispatch({ type: 'close' })}
        >
          {state.content}
        </PopupLayer>
      ) : null}
    </PopupContext.Provider>
  );
}

function PopupLayer({
  options,
  closing,
  onClose,
  children,
}: {
  options: Readonly<PopupOptions>;
  closing: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(dialogRef, true);

  return (
    <div
      className={styles.popupLayer}
      data-closing={closing || undefined}
      data-fade={options.backgroundFade || undefined}
      data-testid="popup-layer"
    >
      {options.backdrop ? (
        // A pointer-only affordance: keyboard users close with Escape or the close button.
        <div
          className={styles.backdrop}
          aria-hidden="true"
          data-testid="popup-backdrop"
          onClick={options.allowBackdropClose ? onClose : undefined}
        />
      ) : null}
      <div
        ref={dialogRef}
        className={styles.dialog}
        data-size={options.size}
        role="dialog"
        aria-modal="true"
        aria-labelledby={options.title ? titleId : undefined}
        aria-label={options.title ? undefined : (options.label ?? undefined)}
        tabIndex={-1}
      >
        {options.title || options.closable ? (
          // A div, not <header>: a header outside a sectioning element is a second page banner to
          // screen readers (axe landmark-no-duplicate-banner), and this one belongs to the dialog.
          <div className={styles.dialogHeader}>
            {options.title ? (
              <h2 id={titleId} className={styles.dialogTitle}>
                {options.title}
              </h2>
            ) : (
              <span />
            )}
            {options.closable ? (
              <button type="button" className={styles.iconButton} aria-label="Close" onClick={onClose}>
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path
                    d="M6 6l12 12M18 6 6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            ) : null}
          </div>
        ) : null}
        <div className={styles.dialogBody}>{children}</div>
      </div>
    </div>
  );
}

export function usePopup(): PopupValue {
  const value = useContext(PopupContext);
  if (!value) throw new Error('usePopup must be used inside <PopupProvider>');
  return value;
}
