import {
  LoginRequestSchema,
  type ProfileStep,
  RegisterRequestSchema,
  ResetPasswordFormSchema,
  type AcceptedSessionUser,
} from '@trove/contracts';
import { checkEmail } from './email';
import { AUTH_MESSAGES } from './messages';
import type { OtpMeta, OtpPurpose } from './otp-timer';
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

const stay = (state: MachineState): Transition => ({ state, effects: [] });

const flash = (tone: 'info' | 'success' | 'error', message: string): Effect => ({
  type: 'flash',
  tone,
  message,
});

function send(state: MachineState, request: Request, effects: Effect[] = []): Transition {
  return { state: { ...state, awaiting: request }, effects: [...effects, { type: 'send', request }] };
}

/** A step change clears the field messages. */
function goTo(state: MachineState, step: Step, patch: Partial<FlowState> = {}): MachineState {
  return { ...state, errors: {}, flow: { ...state.flow, ...patch, step } };
}

function codeEntry(
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
function finish(state: MachineState, user: AcceptedSessionUser, message: string): Transition {
  return {
    state: { ...state, leaving: true },
    effects: [flash('success', message), { type: 'finish', user }],
  };
}

/** docs/product/accounts.md#profile-check: a signed-in user goes to the profile step when the profile is incomplete. */
function profileCheck(user: AcceptedSessionUser, successMessage: string): Request {
  return { type: 'checkProfile', user, successMessage };
}

/** The request this answer is for, or null when the flow is not waiting for one of that kind. */
function answered<T extends Request['type']>(
  state: MachineState,
  type: T,
): Extract<Request, { type: T }> | null {
  const request = state.awaiting;
  return request?.type === type ? (request as Extract<Request, { type: T }>) : null;
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

type Answer = Exclude<FlowEvent, Submission | { type: 'startedOver' | 'signUpChosen' | 'fieldEdited' }>;

/**
 * A server's answer. Each case first finds the request it answers; an answer the flow is not waiting
 * for (none in flight, or one of another kind) changes nothing.
 */
function answer(state: MachineState, event: Answer): Transition {
  const done = { ...state, awaiting: null };
  switch (event.type) {
    case 'emailChecked':
    case 'emailCheckFailed': {
      const request = answered(state, 'checkEmail');
      if (!request) return stay(state);
      if (event.type === 'emailCheckFailed') {
        return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.checkEmailFailed)] };
      }
      if (event.exists) return stay(goTo(done, 'login', { email: request.email }));
      return {
        state: { ...done, flow: { ...done.flow, email: request.email } },
        effects: [{ type: 'askUnknownEmail', email: request.email }],
      };
    }

    case 'loginAnswered': {
      const request = answered(state, 'logIn');
      if (!request) return stay(state);
      const { email } = request;
      // ADR 006: the choice is written once the server has accepted the password.
      const remember: Effect = { type: 'rememberChoice', remember: request.remember, email };
      const { answer: login } = event;
      if (login.kind === 'second-factor') {
        // docs/product/accounts.md#second-factor: a second-factor flag → the code the server has just mailed (ADR 006: no new request).
        return { state: codeEntry(done, 'login2fa', email, login.timing).state, effects: [remember] };
      }
      if (login.kind === 'no-user') {
        // docs/product/accounts.md#login: a login answer with no user → ask for a login code, then verify.
        return send(done, codeRequest(email, 'login-without-user', null), [remember]);
      }
      return send(done, profileCheck(login.user, AUTH_MESSAGES.welcomeBack), [remember]);
    }

    case 'loginRefused': {
      const request = answered(state, 'logIn');
      if (!request) return stay(state);
      const { email } = request;
      // docs/product/accounts.md#second-factor: a 401 or a message naming 2fa/mfa/two-factor/otp → ask for a login code (ADR 006: our
      // service refuses it after a wrong password, and then the login's own message is shown).
      if (event.refusal === 'second-factor') {
        return send(done, codeRequest(email, 'second-factor', event.message));
      }
      // docs/product/accounts.md#unverified: 403 / 412 / "not verified" → ask for a verify code, the dialog, then the code step.
      if (event.refusal === 'unverified') {
        return send(done, codeRequest(email, 'unverified', event.message), [
          { type: 'rememberChoice', remember: request.remember, email },
        ]);
      }
      return {
        state: done,
        effects: [flash('error', event.message ?? AUTH_MESSAGES.incorrectCredentials)],
      };
    }

    case 'codeSent': {
      const request = answered(state, 'requestCode');
      if (!request) return stay(state);
      const entry = codeEntry(done, request.purpose, request.email, event.timing);
      const effects: Effect[] =
        request.reason === 'unverified' ? [{ type: 'askVerifyEmail', otp: entry.otp }] : [];
      return { state: entry.state, effects };
    }

    case 'codeNotSent': {
      const request = answered(state, 'requestCode');
      if (!request) return stay(state);
      const login = request.loginMessage ?? AUTH_MESSAGES.incorrectCredentials;
      // After a refused login the login's message is the one that helps (ADR 006); otherwise the code
      // request's own, if it sent one.
      const message = request.reason === 'second-factor' ? login : (event.message ?? login);
      return { state: done, effects: [flash('error', message)] };
    }

    case 'registered': {
      const request = answered(state, 'register');
      if (!request) return stay(state);
      // docs/product/accounts.md#register: register → verify, flagged as a new registration.
      return stay(codeEntry(done, 'verify', request.email, event.timing, true).state);
    }

    case 'registerFailed': {
      const request = answered(state, 'register');
      if (!request) return stay(state);
      if (event.alreadyRegistered) {
        // docs/product/accounts.md#register: a 409 → the info message and back to identify (ADR 006: the email kept).
        return {
          state: goTo(done, 'identify', { email: request.email }),
          effects: [flash('info', AUTH_MESSAGES.alreadyRegistered)],
        };
      }
      return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.createFailed)] };
    }

    case 'resetCodeSent': {
      const request = answered(state, 'requestReset');
      if (!request) return stay(state);
      return {
        state: codeEntry(done, 'reset', request.email, event.timing).state,
        effects: [flash('info', AUTH_MESSAGES.resetCodeSent)],
      };
    }

    case 'resetCodeNotSent': {
      if (!answered(state, 'requestReset')) return stay(state);
      return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.resetRequestFailed)] };
    }

    case 'resetCodeVerified': {
      if (!answered(state, 'verifyCode')) return stay(state);
      return stay(goTo(done, 'reset', { resetToken: event.resetToken }));
    }

    case 'codeVerified': {
      if (!answered(state, 'verifyCode')) return stay(state);
      if (!event.user) {
        // docs/product/accounts.md#verified: verified with no user returned → log in.
        return {
          state: goTo(done, 'login', { otp: null, newRegistration: false }),
          effects: [flash('success', AUTH_MESSAGES.verifiedPleaseLogIn)],
        };
      }
      if (state.flow.newRegistration) {
        return stay(goTo(done, 'profile', { pendingUser: event.user, otp: null }));
      }
      return send(done, profileCheck(event.user, AUTH_MESSAGES.youreIn));
    }

    case 'codeRefused': {
      if (!answered(state, 'verifyCode')) return stay(state);
      // docs/product/accounts.md#errors: 410 and 400 have their own flash and field message; anything else the server's message.
      if (event.reason === 'expired') {
        return {
          state: { ...done, errors: { code: AUTH_MESSAGES.codeExpiredField } },
          effects: [flash('error', AUTH_MESSAGES.codeExpired)],
        };
      }
      if (event.reason === 'incorrect') {
        return {
          state: { ...done, errors: { code: AUTH_MESSAGES.codeIncorrectField } },
          effects: [flash('error', AUTH_MESSAGES.codeIncorrect)],
        };
      }
      return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.verificationFailed)] };
    }

    case 'codeResent': {
      const request = answered(state, 'resendCode');
      if (!request) return stay(state);
      return {
        state: { ...done, errors: {}, flow: { ...done.flow, otp: { ...request.otp, ...event.timing } } },
        effects: [flash('info', AUTH_MESSAGES.codeResent)],
      };
    }

    case 'resendFailed': {
      const request = answered(state, 'resendCode');
      if (!request) return stay(state);
      // docs/product/accounts.md#code-timing: retry_after in the refusal sets the resend wait.
      const otp = event.resendAt === null ? done.flow.otp : { ...request.otp, resendAt: event.resendAt };
      return {
        state: { ...done, flow: { ...done.flow, otp } },
        effects: [flash('error', event.message ?? AUTH_MESSAGES.resendFailed)],
      };
    }

    case 'passwordReset': {
      if (!answered(state, 'completeReset')) return stay(state);
      return send(done, profileCheck(event.user, AUTH_MESSAGES.passwordUpdated));
    }

    case 'passwordResetFailed': {
      if (!answered(state, 'completeReset')) return stay(state);
      return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.resetFailed)] };
    }

    case 'profileChecked': {
      const request = answered(state, 'checkProfile');
      if (!request) return stay(state);
      if (event.complete) return finish(done, request.user, request.successMessage);
      return stay(goTo(done, 'profile', { pendingUser: request.user, otp: null, resetToken: null }));
    }

    case 'profileSaved': {
      if (!answered(state, 'saveProfile')) return stay(state);
      // The saved answer's user carries the new name; without one, the user the flow signed in.
      const user = event.user ?? state.flow.pendingUser;
      if (!user) return { state: done, effects: [flash('error', AUTH_MESSAGES.profileSaveFailed)] };
      return finish(done, user, AUTH_MESSAGES.profileSaved);
    }

    case 'profileSaveFailed': {
      if (!answered(state, 'saveProfile')) return stay(state);
      return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.profileSaveFailed)] };
    }
  }
}

function codeRequest(email: string, reason: CodeReason, loginMessage: string | null): Request {
  const purpose = reason === 'unverified' ? 'verify' : 'login2fa';
  return { type: 'requestCode', purpose, email, reason, loginMessage };
}
