import type { Answer, Effect, MachineState, Transition } from './auth-flow-machine';
import {
  answered,
  codeEntry,
  codeRequest,
  finish,
  flash,
  goTo,
  profileCheck,
  send,
  stay,
} from './flow-moves';
import { AUTH_MESSAGES } from './messages';

// The server's answers to the auth flow's requests (auth-flow-machine.ts), one function per request. Each
// first finds the request it answers; an answer the flow is not waiting for (none in flight, or one of
// another kind) changes nothing.

type AnswerOf<T extends Answer['type']> = Extract<Answer, { type: T }>;

/** What `answer` hands each function: the state as it was, and the same with nothing in flight. */
interface Answering {
  state: MachineState;
  done: MachineState;
}

function emailChecked(
  { state, done }: Answering,
  event: AnswerOf<'emailChecked' | 'emailCheckFailed'>,
): Transition {
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

function loggedIn({ state, done }: Answering, event: AnswerOf<'loginAnswered' | 'loginRefused'>): Transition {
  const request = answered(state, 'logIn');
  if (!request) return stay(state);
  const { email } = request;
  // ADR 006: the choice is written once the server has accepted the password.
  const remember: Effect = { type: 'rememberChoice', remember: request.remember, email };
  if (event.type === 'loginRefused') {
    // docs/product/accounts.md#second-factor: a 401 or a message naming 2fa/mfa/two-factor/otp → ask for a
    // login code (ADR 006: our service refuses it after a wrong password, and then the login's own message is
    // shown).
    if (event.refusal === 'second-factor')
      return send(done, codeRequest(email, 'second-factor', event.message));
    // docs/product/accounts.md#unverified: 403 / 412 / "not verified" → ask for a verify code, the dialog, then
    // the code step.
    if (event.refusal === 'unverified') {
      return send(done, codeRequest(email, 'unverified', event.message), [remember]);
    }
    return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.incorrectCredentials)] };
  }
  const { answer: login } = event;
  if (login.kind === 'second-factor') {
    // docs/product/accounts.md#second-factor: a second-factor flag → the code the server has just mailed (ADR
    // 006: no new request).
    return { state: codeEntry(done, 'login2fa', email, login.timing).state, effects: [remember] };
  }
  if (login.kind === 'no-user') {
    // docs/product/accounts.md#login: a login answer with no user → ask for a login code, then verify.
    return send(done, codeRequest(email, 'login-without-user', null), [remember]);
  }
  return send(done, profileCheck(login.user, AUTH_MESSAGES.welcomeBack), [remember]);
}

function codeRequested({ state, done }: Answering, event: AnswerOf<'codeSent' | 'codeNotSent'>): Transition {
  const request = answered(state, 'requestCode');
  if (!request) return stay(state);
  if (event.type === 'codeSent') {
    const entry = codeEntry(done, request.purpose, request.email, event.timing);
    const effects: Effect[] =
      request.reason === 'unverified' ? [{ type: 'askVerifyEmail', otp: entry.otp }] : [];
    return { state: entry.state, effects };
  }
  const login = request.loginMessage ?? AUTH_MESSAGES.incorrectCredentials;
  // After a refused login the login's message is the one that helps (ADR 006); otherwise the code request's
  // own, if it sent one.
  const message = request.reason === 'second-factor' ? login : (event.message ?? login);
  return { state: done, effects: [flash('error', message)] };
}

function registered(
  { state, done }: Answering,
  event: AnswerOf<'registered' | 'registerFailed'>,
): Transition {
  const request = answered(state, 'register');
  if (!request) return stay(state);
  // docs/product/accounts.md#register: register → verify, flagged as a new registration.
  if (event.type === 'registered')
    return stay(codeEntry(done, 'verify', request.email, event.timing, true).state);
  if (event.alreadyRegistered) {
    // docs/product/accounts.md#register: a 409 → the info message and back to identify (ADR 006: the email kept).
    return {
      state: goTo(done, 'identify', { email: request.email }),
      effects: [flash('info', AUTH_MESSAGES.alreadyRegistered)],
    };
  }
  return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.createFailed)] };
}

function resetRequested(
  { state, done }: Answering,
  event: AnswerOf<'resetCodeSent' | 'resetCodeNotSent'>,
): Transition {
  const request = answered(state, 'requestReset');
  if (!request) return stay(state);
  if (event.type === 'resetCodeNotSent') {
    return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.resetRequestFailed)] };
  }
  return {
    state: codeEntry(done, 'reset', request.email, event.timing).state,
    effects: [flash('info', AUTH_MESSAGES.resetCodeSent)],
  };
}

function codeVerified(
  { state, done }: Answering,
  event: AnswerOf<'codeVerified' | 'resetCodeVerified' | 'codeRefused'>,
): Transition {
  if (!answered(state, 'verifyCode')) return stay(state);
  if (event.type === 'resetCodeVerified') return stay(goTo(done, 'reset', { resetToken: event.resetToken }));
  if (event.type === 'codeRefused') return codeRefused(done, event);
  if (!event.user) {
    // docs/product/accounts.md#verified: verified with no user returned → log in.
    return {
      state: goTo(done, 'login', { otp: null, newRegistration: false }),
      effects: [flash('success', AUTH_MESSAGES.verifiedPleaseLogIn)],
    };
  }
  if (state.flow.newRegistration) return stay(goTo(done, 'profile', { pendingUser: event.user, otp: null }));
  return send(done, profileCheck(event.user, AUTH_MESSAGES.youreIn));
}

/** docs/product/accounts.md#errors: 410 and 400 have their own flash and field message; anything else the server's. */
function codeRefused(done: MachineState, event: AnswerOf<'codeRefused'>): Transition {
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

function codeResent({ state, done }: Answering, event: AnswerOf<'codeResent' | 'resendFailed'>): Transition {
  const request = answered(state, 'resendCode');
  if (!request) return stay(state);
  if (event.type === 'codeResent') {
    return {
      state: { ...done, errors: {}, flow: { ...done.flow, otp: { ...request.otp, ...event.timing } } },
      effects: [flash('info', AUTH_MESSAGES.codeResent)],
    };
  }
  // docs/product/accounts.md#code-timing: retry_after in the refusal sets the resend wait.
  const otp = event.resendAt === null ? done.flow.otp : { ...request.otp, resendAt: event.resendAt };
  return {
    state: { ...done, flow: { ...done.flow, otp } },
    effects: [flash('error', event.message ?? AUTH_MESSAGES.resendFailed)],
  };
}

function passwordReset(
  { state, done }: Answering,
  event: AnswerOf<'passwordReset' | 'passwordResetFailed'>,
): Transition {
  if (!answered(state, 'completeReset')) return stay(state);
  if (event.type === 'passwordReset')
    return send(done, profileCheck(event.user, AUTH_MESSAGES.passwordUpdated));
  return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.resetFailed)] };
}

function profileChecked({ state, done }: Answering, event: AnswerOf<'profileChecked'>): Transition {
  const request = answered(state, 'checkProfile');
  if (!request) return stay(state);
  if (event.complete) return finish(done, request.user, request.successMessage);
  return stay(goTo(done, 'profile', { pendingUser: request.user, otp: null, resetToken: null }));
}

function profileSaved(
  { state, done }: Answering,
  event: AnswerOf<'profileSaved' | 'profileSaveFailed'>,
): Transition {
  if (!answered(state, 'saveProfile')) return stay(state);
  if (event.type === 'profileSaveFailed') {
    return { state: done, effects: [flash('error', event.message ?? AUTH_MESSAGES.profileSaveFailed)] };
  }
  // The saved answer's user carries the new name; without one, the user the flow signed in.
  const user = event.user ?? state.flow.pendingUser;
  if (!user) return { state: done, effects: [flash('error', AUTH_MESSAGES.profileSaveFailed)] };
  return finish(done, user, AUTH_MESSAGES.profileSaved);
}

/** A server's answer, handed to the function for the request it answers. */
export function answer(state: MachineState, event: Answer): Transition {
  const answering: Answering = { state, done: { ...state, awaiting: null } };
  switch (event.type) {
    case 'emailChecked':
    case 'emailCheckFailed':
      return emailChecked(answering, event);
    case 'loginAnswered':
    case 'loginRefused':
      return loggedIn(answering, event);
    case 'codeSent':
    case 'codeNotSent':
      return codeRequested(answering, event);
    case 'registered':
    case 'registerFailed':
      return registered(answering, event);
    case 'resetCodeSent':
    case 'resetCodeNotSent':
      return resetRequested(answering, event);
    case 'codeVerified':
    case 'resetCodeVerified':
    case 'codeRefused':
      return codeVerified(answering, event);
    case 'codeResent':
    case 'resendFailed':
      return codeResent(answering, event);
    case 'passwordReset':
    case 'passwordResetFailed':
      return passwordReset(answering, event);
    case 'profileChecked':
      return profileChecked(answering, event);
    case 'profileSaved':
    case 'profileSaveFailed':
      return profileSaved(answering, event);
  }
}
