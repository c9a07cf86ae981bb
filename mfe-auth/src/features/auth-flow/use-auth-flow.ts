import {
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordFormSchema,
  ResetVerifyResponseSchema,
} from '@trove/contracts';
import {
  ApiError,
  api,
  type SessionUser,
  userMessage,
  useReturnPath,
  useSession,
  useToasts,
} from '@trove/kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkEmail } from './email';
import {
  asksForSecondFactor,
  isSecondFactorRejection,
  isUnverifiedRejection,
  retryAfterFrom,
  userFrom,
} from './login-signals';
import { AUTH_MESSAGES } from './messages';
import { codeTimes, type OtpMeta, type OtpPurpose, timesAfterRetry } from './otp-timer';
import { checkProfileComplete } from './profile-completeness';
import { checkProfileStep, type ProfileStepErrors } from './profile-step-form';
import { readRememberedEmail, saveRememberChoice } from './remembered-email';

export type Step = 'identify' | 'login' | 'register' | 'verify' | 'reset' | 'profile';

/** SPEC §9: redirect delay after the success message. */
export const REDIRECT_DELAY_MS = 200;

export interface FlowState {
  step: Step;
  /** The normalised email the flow is about; '' at identify. */
  email: string;
  otp: OtpMeta | null;
  /** SPEC §4.3: a verified new registration always goes to the profile step. */
  newRegistration: boolean;
  resetToken: string | null;
  /** Signed in on the server but not yet set in the session: the profile step comes first. */
  pendingUser: SessionUser | null;
  /** Counts "start over"s, so the identify form is a fresh one each time (its email cleared). */
  round: number;
}

/** Field messages a step shows beside its inputs. */
export type FieldErrors = Partial<Record<'email' | 'password' | 'confirm' | 'code', string>> &
  ProfileStepErrors;

const AUTH = '/api/v1/auth';

function initialState(): FlowState {
  // SPEC §2.4: a remembered email starts the flow at login.
  const remembered = readRememberedEmail();
  return {
    step: remembered ? 'login' : 'identify',
    email: remembered ?? '',
    otp: null,
    newRegistration: false,
    resetToken: null,
    pendingUser: null,
    round: 0,
  };
}

/** What the dialogs the flow opens need from it; the page renders them through the kit's popup. */
export interface FlowDialogs {
  unknownEmail: (email: string, actions: { useDifferentEmail: () => void; signUp: () => void }) => void;
  verifyEmail: (otp: OtpMeta, actions: { useDifferentEmail: () => void; verifyNow: () => void }) => void;
  close: () => void;
}

/**
 * The unified auth step flow (SPEC §2.4, §4.3, §8): every call, branch and message. Components render
 * `state` and call the actions; all messages go through the kit's toasts, all calls through its `api`.
 */
export function useAuthFlow(dialogs: FlowDialogs) {
  const [state, setState] = useState<FlowState>(initialState);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { show } = useToasts();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  // A verification in flight blocks a second submission (SPEC §4.3) — a ref, so a double click within
  // one render is refused too.
  const inFlight = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const flash = useCallback(
    (type: 'info' | 'success' | 'error', message: string) => show({ type, message }),
    [show],
  );

  /** Runs one request-backed action; a second one while it runs is ignored. */
  async function run(action: () => Promise<void>): Promise<void> {
    if (inFlight.current || leaving) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function goTo(step: Step, patch: Partial<FlowState> = {}) {
    setErrors({});
    setState((previous) => ({ ...previous, ...patch, step }));
  }

  /** SPEC §2.4: "Change" and "Use a different email" go back to identify with the email cleared. */
  const startOver = useCallback(() => {
    dialogs.close();
    setErrors({});
    setState((previous) => ({
      step: 'identify',
      email: '',
      otp: null,
      newRegistration: false,
      resetToken: null,
      pendingUser: null,
      round: previous.round + 1,
    }));
  }, [dialogs]);

  /**
   * SPEC §2.4 / §4.3: the success message, then — about 200 ms later — the user is set and the browser
   * goes to the return path (the guarded original path, a same-origin `next`, else /chats), replacing
   * history. The user is set only then, because the guest-only guard redirects the moment it is.
   */
  function finish(user: SessionUser, message: string) {
    setLeaving(true);
    flash('success', message);
    redirectTimer.current = setTimeout(() => {
      setUser(user);
      navigate(returnPath, { replace: true });
    }, REDIRECT_DELAY_MS);
  }

  /** SPEC §4.3: a signed-in user goes to the profile step when the profile is incomplete. */
  async function finishOrProfile(user: SessionUser, message: string) {
    if (await checkProfileComplete(api, user)) {
      finish(user, message);
    } else {
      goTo('profile', { pendingUser: user, otp: null, resetToken: null });
    }
  }

  function startCodeEntry(
    purpose: OtpPurpose,
    email: string,
    timing: { expiresAt: number; resendAt: number },
    newRegistration = false,
  ) {
    const otp: OtpMeta = { target: email, channel: 'email', purpose, ...timing };
    goTo('verify', { email, otp, newRegistration });
    return otp;
  }

  /**
   * Asks for a code; a 429 still leads on to the code step, since a code was sent moments ago, with
   * retry_after as the resend wait (SPEC §4.3). Returns the timing, or the failure.
   */
  async function requestCode(
    purpose: 'verify' | 'login2fa',
    email: string,
  ): Promise<{ ok: true; timing: { expiresAt: number; resendAt: number } } | { ok: false; error: unknown }> {
    try {
      const answer = await api.post(`${AUTH}/otp/request`, { channel: 'email', target: email, purpose });
      return { ok: true, timing: codeTimes(answer, Date.now()) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        return { ok: true, timing: timesAfterRetry(retryAfterFrom(error), Date.now()) };
      }
      return { ok: false, error };
    }
  }

  // ── identify ───────────────────────────────────────────────────────────────────────────────────────
  const identify = (raw: string) =>
    run(async () => {
      const checked = checkEmail(raw);
      if (!checked.ok) {
        setErrors({ email: checked.message });
        // SPEC §8: an invalid email is also a flash; a missing one stays a field message.
        if (raw.trim() !== '') flash('error', checked.message);
        return;
      }
      setErrors({});
      let exists: boolean;
      try {
        const answer = await api.post<{ exists?: unknown }>(`${AUTH}/password/exists`, {
          email: checked.email,
        });
        exists = answer?.exists === true;
      } catch (error) {
        flash('error', userMessage(error, AUTH_MESSAGES.checkEmailFailed));
        return;
      }
      if (exists) {
        goTo('login', { email: checked.email });
        return;
      }
      setState((previous) => ({ ...previous, email: checked.email }));
      dialogs.unknownEmail(checked.email, {
        useDifferentEmail: startOver,
        signUp: () => {
          dialogs.close();
          goTo('register', { email: checked.email });
        },
      });
    });

  // ── login ──────────────────────────────────────────────────────────────────────────────────────────
  const login = (password: string, remember: boolean) =>
    run(async () => {
      const parsed = LoginRequestSchema.safeParse({ email: state.email, password });
      if (!parsed.success) {
        setErrors({ password: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordRequired });
        return;
      }
      setErrors({});
      const { email } = parsed.data;
      let answer: unknown;
      try {
        answer = await api.post(`${AUTH}/password/login`, parsed.data);
      } catch (error) {
        await loginRejected(error, email, remember);
        return;
      }
      saveRememberChoice(remember, email);
      // SPEC §4.3: a second-factor flag → the code the server has just mailed.
      if (asksForSecondFactor(answer)) {
        startCodeEntry('login2fa', email, codeTimes(answer, Date.now()));
        return;
      }
      const user = userFrom(answer);
      if (!user) {
        // SPEC §4.3: a login answer with no user → ask for a login code, then verify.
        const requested = await requestCode('login2fa', email);
        if (requested.ok) startCodeEntry('login2fa', email, requested.timing);
        else flash('error', userMessage(requested.error, AUTH_MESSAGES.incorrectCredentials));
        return;
      }
      await finishOrProfile(user, AUTH_MESSAGES.welcomeBack);
    });

  async function loginRejected(error: unknown, email: string, remember: boolean) {
    // SPEC §4.3: a 401 or a message naming 2fa/mfa/two-factor/otp → ask for a login code. When the server
    // will not send one (our auth service answers 401 for a wrong password, and refuses a login code
    // without a password that matched), the login's own message is what the person needs to read.
    if (isSecondFactorRejection(error)) {
      const requested = await requestCode('login2fa', email);
      if (requested.ok) {
        startCodeEntry('login2fa', email, requested.timing);
        return;
      }
      flash('error', userMessage(error, AUTH_MESSAGES.incorrectCredentials));
      return;
    }
    // SPEC §4.3: 403 / 412 / "not verified" → ask for a verify code, the dialog, then the code step.
    if (isUnverifiedRejection(error)) {
      saveRememberChoice(remember, email);
      const requested = await requestCode('verify', email);
      if (!requested.ok) {
        flash('error', userMessage(requested.error, userMessage(error, AUTH_MESSAGES.incorrectCredentials)));
        return;
      }
      const otp = startCodeEntry('verify', email, requested.timing);
      dialogs.verifyEmail(otp, { useDifferentEmail: startOver, verifyNow: dialogs.close });
      return;
    }
    flash('error', userMessage(error, AUTH_MESSAGES.incorrectCredentials));
  }

  // ── forgot password ────────────────────────────────────────────────────────────────────────────────
  const forgotPassword = () =>
    run(async () => {
      try {
        const answer = await api.post(`${AUTH}/password/reset/request`, {
          target: state.email,
          channel: 'email',
        });
        flash('info', AUTH_MESSAGES.resetCodeSent);
        startCodeEntry('reset', state.email, codeTimes(answer, Date.now()));
      } catch (error) {
        flash('error', userMessage(error, AUTH_MESSAGES.resetRequestFailed));
      }
    });

  // ── register ───────────────────────────────────────────────────────────────────────────────────────
  const register = (password: string) =>
    run(async () => {
      const parsed = RegisterRequestSchema.safeParse({ email: state.email, password });
      if (!parsed.success) {
        setErrors({ password: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordMin });
        return;
      }
      setErrors({});
      try {
        const answer = await api.post(`${AUTH}/password/register`, parsed.data);
        // SPEC §4.3: register → verify, flagged as a new registration.
        startCodeEntry('verify', parsed.data.email, codeTimes(answer, Date.now()), true);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          flash('info', AUTH_MESSAGES.alreadyRegistered);
          goTo('identify', { email: parsed.data.email });
          return;
        }
        flash('error', userMessage(error, AUTH_MESSAGES.createFailed));
      }
    });

  // ── verify ─────────────────────────────────────────────────────────────────────────────────────────
  const verify = (code: string) =>
    run(async () => {
      const otp = state.otp;
      if (!otp) return;
      try {
        if (otp.purpose === 'reset') {
          const answer = ResetVerifyResponseSchema.parse(
            await api.post(`${AUTH}/password/reset/verify`, { target: otp.target, code }),
          );
          goTo('reset', { resetToken: answer.reset_token });
          return;
        }
        const answer = await api.post(
          `${AUTH}/otp/verify`,
          { target: otp.target, code, purpose: otp.purpose },
          { cache: 'no-store' },
        );
        const user = userFrom(answer);
        if (!user) {
          // SPEC §4.3: verified with no user returned → log in.
          flash('success', AUTH_MESSAGES.verifiedPleaseLogIn);
          goTo('login', { otp: null, newRegistration: false });
          return;
        }
        if (state.newRegistration) {
          goTo('profile', { pendingUser: user, otp: null });
          return;
        }
        await finishOrProfile(user, AUTH_MESSAGES.youreIn);
      } catch (error) {
        verifyRejected(error);
      }
    });

  function verifyRejected(error: unknown) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 410) {
      setErrors({ code: AUTH_MESSAGES.codeExpiredField });
      flash('error', AUTH_MESSAGES.codeExpired);
    } else if (status === 400) {
      setErrors({ code: AUTH_MESSAGES.codeIncorrectField });
      flash('error', AUTH_MESSAGES.codeIncorrect);
    } else {
      flash('error', userMessage(error, AUTH_MESSAGES.verificationFailed));
    }
  }

  const resend = () =>
    run(async () => {
      const otp = state.otp;
      if (!otp) return;
      try {
        const answer =
          otp.purpose === 'reset'
            ? await api.post(`${AUTH}/password/reset/request`, { target: otp.target, channel: 'email' })
            : await api.post(`${AUTH}/otp/request`, {
                channel: 'email',
                target: otp.target,
                purpose: otp.purpose,
              });
        setState((previous) => ({ ...previous, otp: { ...otp, ...codeTimes(answer, Date.now()) } }));
        setErrors({});
        flash('info', AUTH_MESSAGES.codeResent);
      } catch (error) {
        const retryAfter = retryAfterFrom(error);
        if (retryAfter !== null) {
          setState((previous) => ({
            ...previous,
            otp: { ...otp, resendAt: Date.now() + retryAfter * 1000 },
          }));
        }
        flash('error', userMessage(error, AUTH_MESSAGES.resendFailed));
      }
    });

  const clearCodeError = useCallback(() => {
    setErrors((previous) => (previous.code ? { ...previous, code: undefined } : previous));
  }, []);

  // ── reset ──────────────────────────────────────────────────────────────────────────────────────────
  const resetPassword = (newPassword: string, confirmPassword: string) =>
    run(async () => {
      const parsed = ResetPasswordFormSchema.safeParse({
        new_password: newPassword,
        confirm_password: confirmPassword,
      });
      if (!parsed.success) {
        const next: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === 'confirm_password' ? 'confirm' : 'password';
          next[field] ??= issue.message;
        }
        setErrors(next);
        return;
      }
      setErrors({});
      try {
        const answer = await api.post(`${AUTH}/password/reset/complete`, {
          reset_token: state.resetToken,
          new_password: parsed.data.new_password,
        });
        const user = userFrom(answer);
        if (!user) throw new Error('reset/complete answered no user');
        await finishOrProfile(user, AUTH_MESSAGES.passwordUpdated);
      } catch (error) {
        flash('error', userMessage(error, AUTH_MESSAGES.resetFailed));
      }
    });

  // ── profile ────────────────────────────────────────────────────────────────────────────────────────
  const saveProfile = (values: { first_name: string; last_name: string; dob: string }) =>
    run(async () => {
      const checked = checkProfileStep(values);
      if (!checked.ok) {
        setErrors(checked.errors);
        flash('error', checked.summary);
        return;
      }
      setErrors({});
      try {
        const answer = await api.put('/api/v1/profile', checked.value);
        const user = userFrom(answer) ?? state.pendingUser;
        if (!user) throw new Error('no user to sign in');
        finish(user, AUTH_MESSAGES.profileSaved);
      } catch (error) {
        flash('error', userMessage(error, AUTH_MESSAGES.profileSaveFailed));
      }
    });

  const clearError = useCallback((field: keyof FieldErrors) => {
    setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  }, []);

  return {
    state,
    errors,
    busy: busy || leaving,
    actions: {
      identify,
      login,
      forgotPassword,
      register,
      verify,
      resend,
      resetPassword,
      saveProfile,
      startOver,
      clearCodeError,
      clearError,
    },
  };
}

export type AuthFlow = ReturnType<typeof useAuthFlow>;
