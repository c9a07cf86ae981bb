import {
  LoginRequestSchema,
  type ProfileStep,
  RegisterRequestSchema,
  ResetPasswordFormSchema,
  type AcceptedSessionUser,
} from '@trove/contracts';
import { checkEmail } from './email';
import { AUTH_MESSAGES } from './messages';
import type { OtpMeta } from './otp-timer';
import { answer } from './flow-answers';
import { flash, goTo, send, stay } from './flow-moves';
import { checkProfileStep, type ProfileStepErrors } from './profile-step-form';

/**
 * The unified auth step flow (docs/product/accounts.md#steps, docs/product/accounts.md#auth-flow, docs/product/accounts.md#errors) as a pure machine: `transition` takes the state and one
 * event — a person's action or a server's answer — and gives the next state and what to do about it (a
 * request to send, a toast, a dialog, the redirect). No React, no fetch, no clock: `use-auth-flow.ts` does
 * those, and `auth-api.ts` turns each request into one answer event.
 */

export type Step = 'identify' | 'login' | 'register' | 'verify' | 'reset' | 'profile';

/** What the page renders. */
export interface FlowState {
  step: Step;
  /** The normalised email the flow is about; '' at identify. */
  email: string;
  otp: OtpMeta | null;
  /** docs/product/accounts.md#profile-saved: a verified new registration always goes to the profile step. */
  newRegistration: boolean;
  resetToken: string | null;
  /** Signed in on the server but not yet set in the session: the profile step comes first. */
  pendingUser: AcceptedSessionUser | null;
  /** Counts "start over"s, so the identify form is a fresh one each time (its email cleared). */
  round: number;
}

/** Field messages a step shows beside its inputs. */
export type FieldErrors = Partial<Record<'email' | 'password' | 'confirm' | 'code', string>> &
  ProfileStepErrors;

export interface CodeTiming {
  expiresAt: number;
  resendAt: number;
}

/** Why the flow asks for a code outside the code step: each has its own message when none can be sent. */
export type CodeReason = 'login-without-user' | 'second-factor' | 'unverified';

/** The calls the flow makes (docs/product/api.md#auth-calls); each is answered by exactly one of the answer events below. */
export type Request =
  | { type: 'checkEmail'; email: string }
  | { type: 'logIn'; email: string; password: string; remember: boolean }
  | {
      type: 'requestCode';
      purpose: 'login2fa' | 'verify';
      email: string;
      reason: CodeReason;
      /** What the login that led here said, if anything. */
      loginMessage: string | null;
    }
  | { type: 'register'; email: string; password: string }
  | { type: 'requestReset'; email: string }
  | { type: 'verifyCode'; otp: OtpMeta; code: string }
  | { type: 'resendCode'; otp: OtpMeta }
  | { type: 'completeReset'; resetToken: string | null; newPassword: string }
  | { type: 'checkProfile'; user: AcceptedSessionUser; successMessage: string }
  | { type: 'saveProfile'; values: ProfileStep };

/** What a transition asks the hook to do. */
export type Effect =
  | { type: 'send'; request: Request }
  | { type: 'flash'; tone: 'info' | 'success' | 'error'; message: string }
  | { type: 'rememberChoice'; remember: boolean; email: string }
  | { type: 'askUnknownEmail'; email: string }
  | { type: 'askVerifyEmail'; otp: OtpMeta }
  | { type: 'closeDialog' }
  /** docs/product/accounts.md#after-sign-in / ADR 006: set the user and go to the return path, REDIRECT_DELAY_MS after the success toast. */
  | { type: 'finish'; user: AcceptedSessionUser };

/** A login answer, read (auth-api.ts): a user, the 2-step branch with the code's timing, or neither. */
export type LoginAnswer =
  | { kind: 'user'; user: AcceptedSessionUser }
  | { kind: 'second-factor'; timing: CodeTiming }
  | { kind: 'no-user' };

/** docs/product/accounts.md#verified: what a refused login asks for — a login code, the email verified first, or nothing. */
export type LoginRefusal = 'second-factor' | 'unverified' | 'other';

/** `message` on a failure is what the server said (docs/product/accounts.md#errors), or null; the flow falls back to its own. */
export type FlowEvent =
  // A person's actions.
  | { type: 'emailSubmitted'; raw: string }
  | { type: 'signUpChosen' }
  | { type: 'startedOver' }
  | { type: 'logInSubmitted'; password: string; remember: boolean }
  | { type: 'forgotPasswordChosen' }
  | { type: 'registerSubmitted'; password: string }
  | { type: 'codeSubmitted'; code: string }
  | { type: 'resendChosen' }
  | { type: 'resetSubmitted'; newPassword: string; confirmPassword: string }
  | { type: 'profileSubmitted'; values: { first_name: string; last_name: string; dob: string } }
  | { type: 'fieldEdited'; field: keyof FieldErrors }
  // The server's answers.
  | { type: 'emailChecked'; exists: boolean }
  | { type: 'emailCheckFailed'; message: string | null }
  | { type: 'loginAnswered'; answer: LoginAnswer }
  | { type: 'loginRefused'; refusal: LoginRefusal; message: string | null }
  | { type: 'codeSent'; timing: CodeTiming }
  | { type: 'codeNotSent'; message: string | null }
  | { type: 'registered'; timing: CodeTiming }
  | { type: 'registerFailed'; alreadyRegistered: boolean; message: string | null }
  | { type: 'resetCodeSent'; timing: CodeTiming }
  | { type: 'resetCodeNotSent'; message: string | null }
  | { type: 'codeVerified'; user: AcceptedSessionUser | null }
  | { type: 'resetCodeVerified'; resetToken: string }
  | { type: 'codeRefused'; reason: 'expired' | 'incorrect' | 'other'; message: string | null }
  | { type: 'codeResent'; timing: CodeTiming }
  | { type: 'resendFailed'; resendAt: number | null; message: string | null }
  | { type: 'passwordReset'; user: AcceptedSessionUser }
  | { type: 'passwordResetFailed'; message: string | null }
  | { type: 'profileChecked'; complete: boolean }
  | { type: 'profileSaved'; user: AcceptedSessionUser | null }
  | { type: 'profileSaveFailed'; message: string | null };

export interface MachineState {
  flow: FlowState;
  errors: FieldErrors;
  /**
   * The request in flight. A person's submissions are ignored while there is one — docs/product/accounts.md#in-flight "a
   * verification in flight blocks a second submission", and so does every other request.
   */
  awaiting: Request | null;
  /** Set with the success toast; every submission is ignored from then on (ADR 006). */
  leaving: boolean;
}

export interface Transition {
  state: MachineState;
  effects: Effect[];
}

/** docs/product/accounts.md#remembered-email: a remembered email starts the flow at login. */
export function initialState(rememberedEmail: string | null): MachineState {
  return {
    flow: {
      step: rememberedEmail ? 'login' : 'identify',
      email: rememberedEmail ?? '',
      otp: null,
      newRegistration: false,
      resetToken: null,
      pendingUser: null,
      round: 0,
    },
    errors: {},
    awaiting: null,
    leaving: false,
  };
}

export function transition(state: MachineState, event: FlowEvent): Transition {
  switch (event.type) {
    case 'startedOver':
      // docs/product/accounts.md#steps: "Change" and "Use a different email" go back to identify with the email cleared.
      return {
        state: {
          ...state,
          errors: {},
          flow: { ...initialState(null).flow, round: state.flow.round + 1 },
        },
        effects: [{ type: 'closeDialog' }],
      };
    case 'signUpChosen':
      return { state: goTo(state, 'register'), effects: [{ type: 'closeDialog' }] };
    case 'fieldEdited': {
      if (!state.errors[event.field]) return stay(state);
      return stay({ ...state, errors: { ...state.errors, [event.field]: undefined } });
    }
  }

  if (isSubmission(event)) {
    if (state.awaiting || state.leaving) return stay(state);
    return submitted(state, event);
  }
  return answer(state, event);
}

type Submission = Extract<
  FlowEvent,
  {
    type:
      | 'emailSubmitted'
      | 'logInSubmitted'
      | 'forgotPasswordChosen'
      | 'registerSubmitted'
      | 'codeSubmitted'
      | 'resendChosen'
      | 'resetSubmitted'
      | 'profileSubmitted';
  }
>;

const SUBMISSIONS: ReadonlySet<FlowEvent['type']> = new Set<Submission['type']>([
  'emailSubmitted',
  'logInSubmitted',
  'forgotPasswordChosen',
  'registerSubmitted',
  'codeSubmitted',
  'resendChosen',
  'resetSubmitted',
  'profileSubmitted',
]);

/** A server's answer: every event that is neither a submission nor one of the three handled at once. */
export type Answer = Exclude<
  FlowEvent,
  Submission | { type: 'startedOver' | 'signUpChosen' | 'fieldEdited' }
>;

function isSubmission(event: FlowEvent): event is Submission {
  return SUBMISSIONS.has(event.type);
}

function submitted(state: MachineState, event: Submission): Transition {
  const { flow } = state;
  switch (event.type) {
    case 'emailSubmitted': {
      const checked = checkEmail(event.raw);
      if (!checked.ok) {
        // docs/product/accounts.md#errors: an invalid email is also a flash; a missing one stays a field message.
        const effects = event.raw.trim() !== '' ? [flash('error', checked.message)] : [];
        return { state: { ...state, errors: { email: checked.message } }, effects };
      }
      return send({ ...state, errors: {} }, { type: 'checkEmail', email: checked.email });
    }
    case 'logInSubmitted': {
      const parsed = LoginRequestSchema.safeParse({ email: flow.email, password: event.password });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordRequired;
        return stay({ ...state, errors: { password: message } });
      }
      return send({ ...state, errors: {} }, { type: 'logIn', ...parsed.data, remember: event.remember });
    }
    case 'forgotPasswordChosen':
      return send(state, { type: 'requestReset', email: flow.email });
    case 'registerSubmitted': {
      const parsed = RegisterRequestSchema.safeParse({ email: flow.email, password: event.password });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordMin;
        return stay({ ...state, errors: { password: message } });
      }
      return send({ ...state, errors: {} }, { type: 'register', ...parsed.data });
    }
    case 'codeSubmitted':
      return flow.otp ? send(state, { type: 'verifyCode', otp: flow.otp, code: event.code }) : stay(state);
    case 'resendChosen':
      return flow.otp ? send(state, { type: 'resendCode', otp: flow.otp }) : stay(state);
    case 'resetSubmitted': {
      const parsed = ResetPasswordFormSchema.safeParse({
        new_password: event.newPassword,
        confirm_password: event.confirmPassword,
      });
      if (!parsed.success) {
        const errors: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === 'confirm_password' ? 'confirm' : 'password';
          errors[field] ??= issue.message;
        }
        return stay({ ...state, errors });
      }
      return send(
        { ...state, errors: {} },
        { type: 'completeReset', resetToken: flow.resetToken, newPassword: parsed.data.new_password },
      );
    }
    case 'profileSubmitted': {
      const checked = checkProfileStep(event.values);
      if (!checked.ok) {
        return { state: { ...state, errors: checked.errors }, effects: [flash('error', checked.summary)] };
      }
      return send({ ...state, errors: {} }, { type: 'saveProfile', values: checked.value });
    }
  }
}
