import { useSession, useToasts } from '@trove/kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendRequest } from './auth-api';
import {
  type Effect,
  type FieldErrors,
  type FlowEvent,
  initialState,
  type MachineState,
  transition,
} from './auth-flow-machine';
import type { OtpMeta } from './otp-timer';
import { readRememberedEmail, saveRememberChoice } from './remembered-email';

/** docs/product/accounts.md#constants: redirect delay after the success message. */
export const REDIRECT_DELAY_MS = 200;

/** What the dialogs the flow opens need from it; the page renders them through the kit's popup. */
export interface FlowDialogs {
  unknownEmail: (email: string, actions: { useDifferentEmail: () => void; signUp: () => void }) => void;
  verifyEmail: (otp: OtpMeta, actions: { useDifferentEmail: () => void; verifyNow: () => void }) => void;
  close: () => void;
}

/**
 * Where the flow goes once signed in, and how: in the app, the router's navigation to the return path
 * (expose/auth-page.tsx); on the drawn page's island, before the app has started, a page load
 * (expose/islands.tsx, docs/decisions/222) — the island has no router.
 */
export interface FlowExit {
  returnPath: string;
  go: (path: string) => void;
}

/**
 * The auth flow's wiring (docs/product/accounts.md#steps, docs/product/accounts.md#auth-flow, docs/product/accounts.md#errors): the machine in `auth-flow-machine.ts` decides, this hook
 * sends its requests (`auth-api.ts`), shows its toasts and dialogs, remembers the email and, after the
 * success message, sets the user and navigates. Components render `state` and call the actions.
 */
export function useAuthFlow(dialogs: FlowDialogs, exit: FlowExit) {
  const [machine, setMachine] = useState<MachineState>(() => initialState(readRememberedEmail()));
  // The machine as of the last event. A ref, so a second click within one render already finds the
  // request in flight and is refused (docs/product/accounts.md#in-flight, ADR 006).
  const current = useRef(machine);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { show } = useToasts();
  const { setUser } = useSession();

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  /** Applies one event, then each effect; a request's answer is the next event, until none is left. */
  async function dispatch(event: FlowEvent): Promise<void> {
    let next: FlowEvent | null = event;
    while (next) {
      const { state, effects } = transition(current.current, next);
      current.current = state;
      setMachine(state);
      next = null;
      for (const effect of effects) {
        if (effect.type === 'send') next = await sendRequest(effect.request);
        else perform(effect);
      }
    }
  }

  function perform(effect: Exclude<Effect, { type: 'send' }>): void {
    switch (effect.type) {
      case 'flash':
        show({ type: effect.tone, message: effect.message });
        return;
      case 'rememberChoice':
        saveRememberChoice(effect.remember, effect.email);
        return;
      case 'askUnknownEmail':
        dialogs.unknownEmail(effect.email, {
          useDifferentEmail: () => void dispatch({ type: 'startedOver' }),
          signUp: () => void dispatch({ type: 'signUpChosen' }),
        });
        return;
      case 'askVerifyEmail':
        dialogs.verifyEmail(effect.otp, {
          useDifferentEmail: () => void dispatch({ type: 'startedOver' }),
          verifyNow: dialogs.close,
        });
        return;
      case 'closeDialog':
        dialogs.close();
        return;
      case 'finish': {
        const { user } = effect;
        redirectTimer.current = setTimeout(() => {
          setUser(user);
          exit.go(exit.returnPath);
        }, REDIRECT_DELAY_MS);
        return;
      }
    }
  }

  const on = (event: FlowEvent) => void dispatch(event);
  // Field edits only touch the machine's messages: they neither send nor show anything.
  const clearError = useCallback((field: keyof FieldErrors) => {
    current.current = transition(current.current, { type: 'fieldEdited', field }).state;
    setMachine(current.current);
  }, []);
  const clearCodeError = useCallback(() => clearError('code'), [clearError]);

  return {
    state: machine.flow,
    errors: machine.errors,
    busy: machine.awaiting !== null || machine.leaving,
    actions: {
      identify: (raw: string) => on({ type: 'emailSubmitted', raw }),
      login: (password: string, remember: boolean) => on({ type: 'logInSubmitted', password, remember }),
      forgotPassword: () => on({ type: 'forgotPasswordChosen' }),
      register: (password: string) => on({ type: 'registerSubmitted', password }),
      verify: (code: string) => on({ type: 'codeSubmitted', code }),
      resend: () => on({ type: 'resendChosen' }),
      resetPassword: (newPassword: string, confirmPassword: string) =>
        on({ type: 'resetSubmitted', newPassword, confirmPassword }),
      saveProfile: (values: { first_name: string; last_name: string; dob: string }) =>
        on({ type: 'profileSubmitted', values }),
      startOver: () => on({ type: 'startedOver' }),
      clearCodeError,
      clearError,
    },
  };
}

export type AuthFlow = ReturnType<typeof useAuthFlow>;
