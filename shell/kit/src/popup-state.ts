import type { ReactNode } from 'react';

export type PopupSize = 'sm' | 'md' | 'lg' | 'xl';

/** docs/product/shell.md#popups (popup state) option names. */
export interface PopupOptions {
  /** sm, md (the default), lg, xl (docs/product/shell.md#popups). */
  size: PopupSize;
  backdrop: boolean;
  /** Fades in and out. */
  backgroundFade: boolean;
  /** Shows a close button and lets Escape close it. */
  closable: boolean;
  /** A click on the backdrop closes it (docs/product/accounts.md#unknown-email-dialog: the unknown-email dialog turns this off). */
  allowBackdropClose: boolean;
  /** Closes by itself after this many seconds; null never. */
  autocloseSeconds: number | null;
  /** The heading, also the dialog's accessible name. */
  title: string | null;
  /** The accessible name when there is no title. */
  label: string | null;
  onClose: (() => void) | null;
}

export const POPUP_DEFAULTS: Readonly<PopupOptions> = Object.freeze({
  size: 'md',
  backdrop: true,
  backgroundFade: true,
  closable: true,
  allowBackdropClose: true,
  autocloseSeconds: null,
  title: null,
  label: null,
  onClose: null,
});

/** docs/product/shell.md#popups: closed → open (mounts, animates in) → closing (animates out) → closed. */
export type PopupPhase = 'closed' | 'open' | 'closing';

export interface PopupState {
  phase: PopupPhase;
  content: ReactNode;
  /** Counts openings; a close for an older ticket is ignored, and new content remounts. */
  ticket: number;
  options: Readonly<PopupOptions>;
}

export const initialPopupState: PopupState = {
  phase: 'closed',
  content: null,
  ticket: 0,
  options: POPUP_DEFAULTS,
};

export type PopupAction =
  | { type: 'open'; content: ReactNode; options?: Partial<PopupOptions> }
  | { type: 'close'; ticket?: number }
  /** The closing animation has finished. */
  | { type: 'closed' };

export function popupReducer(state: PopupState, action: PopupAction): PopupState {
  switch (action.type) {
    case 'open':
      // docs/product/shell.md#popups: opening sets the options to the defaults overlaid by the given ones.
      return {
        phase: 'open',
        content: action.content,
        ticket: state.ticket + 1,
        options: { ...POPUP_DEFAULTS, ...action.options },
      };
    case 'close':
      if (state.phase !== 'open') return state;
      if (action.ticket !== undefined && action.ticket !== state.ticket) return state;
      return { ...state, phase: 'closing' };
    case 'closed':
      // docs/product/shell.md#popups: closing resets the options.
      if (state.phase !== 'closing') return state;
      return { ...state, phase: 'closed', content: null, options: POPUP_DEFAULTS };
  }
}
