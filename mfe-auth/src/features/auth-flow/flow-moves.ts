import type { AcceptedSessionUser } from '@trove/contracts';
import type {
  CodeReason,
  CodeTiming,
  Effect,
  FlowState,
  MachineState,
  Request,
  Step,
  Transition,
} from './auth-flow-machine';
import type { OtpMeta, OtpPurpose } from './otp-timer';

// The moves every transition of the auth flow is made of (auth-flow-machine.ts): stay, flash, send a request,
// go to a step, enter a code, finish. Pure, like the machine.

export const stay = (state: MachineState): Transition => ({ state, effects: [] });

export const flash = (tone: 'info' | 'success' | 'error', message: string): Effect => ({
  type: 'flash',
  tone,
  message,
});

export function send(state: MachineState, request: Request, effects: Effect[] = []): Transition {
  return { state: { ...state, awaiting: request }, effects: [...effects, { type: 'send', request }] };
}

/** A step change clears the field messages. */
export function goTo(state: MachineState, step: Step, patch: Partial<FlowState> = {}): MachineState {
  return { ...state, errors: {}, flow: { ...state.flow, ...patch, step } };
}

export function codeEntry(
  state: MachineState,
  purpose: OtpPurpose,
  email: string,
  timing: CodeTiming,
  newRegistration = false,
): { state: MachineState; otp: OtpMeta } {
  const otp: OtpMeta = { target: email, channel: 'email', purpose, ...timing };
  return { state: goTo(state, 'verify', { email, otp, newRegistration }), otp };
}

/**
 * docs/product/accounts.md#after-sign-in, docs/product/accounts.md#auth-flow: the success toast, then — about 200 ms later, the hook's timer — the user is set and
 * the browser goes to the return path. The user is set only then, because the guest-only guard redirects
 * the moment it is.
 */
export function finish(state: MachineState, user: AcceptedSessionUser, message: string): Transition {
  return {
    state: { ...state, leaving: true },
    effects: [flash('success', message), { type: 'finish', user }],
  };
}

/** docs/product/accounts.md#profile-check: a signed-in user goes to the profile step when the profile is incomplete. */
export function profileCheck(user: AcceptedSessionUser, successMessage: string): Request {
  return { type: 'checkProfile', user, successMessage };
}

/** The request this answer is for, or null when the flow is not waiting for one of that kind. */
export function answered<T extends Request['type']>(
  state: MachineState,
  type: T,
): Extract<Request, { type: T }> | null {
  const request = state.awaiting;
  return request?.type === type ? (request as Extract<Request, { type: T }>) : null;
}

export function codeRequest(email: string, reason: CodeReason, loginMessage: string | null): Request {
  const purpose = reason === 'unverified' ? 'verify' : 'login2fa';
  return { type: 'requestCode', purpose, email, reason, loginMessage };
}
